import { int } from '../../random/draw.js';
import { LOG_ID_COLUMN } from '../../schema/transaction-types.js';
import { cloneFormat } from '../format-spec.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { FormatOperator } from '../types.js';

/** Column reorder (preserving): `swaps` random transpositions of the column order; the header moves with its column. */
export const columnReorder: FormatOperator<{ swaps: number }> = {
  id: 'column-reorder',
  kind: 'preserving',
  stage: 'format',
  keepsQuestions: true,
  summary: 'moves columns to other positions (header travels with its column)',
  severityParams: SEVERITY_PARAMS['column-reorder'],
  expectedCodes: [],
  integrity: [],
  usesRate: false,
  apply(format, { swaps }, { rng }) {
    const f = cloneFormat(format);
    // the row fields move; the log_id column stays first (it names the file's log, see rowFieldIndexes)
    const lead = f.columnOrder.filter((c) => c === LOG_ID_COLUMN);
    const order = f.columnOrder.filter((c) => c !== LOG_ID_COLUMN);
    const before = order.join(',');
    const n = order.length;
    for (let k = 0; k < swaps || order.join(',') === before; k++) {
      const i = int(rng, 0, n - 1);
      let j = int(rng, 0, n - 2);
      if (j >= i) j++;
      [order[i], order[j]] = [order[j], order[i]];
    }
    f.columnOrder = [...lead, ...order];
    return { state: f, edits: [], params: { swaps, order: [...f.columnOrder] } };
  },
};
