import { int } from '../../random/draw.js';
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
    const before = f.columnOrder.join(',');
    const n = f.columnOrder.length;
    for (let k = 0; k < swaps || f.columnOrder.join(',') === before; k++) {
      const i = int(rng, 0, n - 1);
      let j = int(rng, 0, n - 2);
      if (j >= i) j++;
      [f.columnOrder[i], f.columnOrder[j]] = [f.columnOrder[j], f.columnOrder[i]];
    }
    return { state: f, edits: [], params: { swaps, order: [...f.columnOrder] } };
  },
};
