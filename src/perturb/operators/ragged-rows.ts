import { int } from '../../random/draw.js';
import { cloneTable, rowFieldIndexes } from '../cell-edit.js';
import { countFor, sampleSorted } from '../log-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { PerturbEdit } from '../../schema/perturb-manifest.js';
import type { CellOperator } from '../types.js';

/** Ragged rows (corrupting): a share of rows lose one field or gain an extra one, so the field count is wrong. */
export const raggedRows: CellOperator<{ rate: number }> = {
  id: 'ragged-rows',
  kind: 'corrupting',
  stage: 'cells',
  keepsQuestions: false,
  summary: 'rows with a field missing or an extra field',
  severityParams: SEVERITY_PARAMS['ragged-rows'],
  expectedCodes: ['FIELD_COUNT'],
  integrity: ['malformed_row'],
  usesRate: true,
  apply(table, _params, ctx) {
    const t = cloneTable(table);
    const edits: PerturbEdit[] = [];
    for (const i of sampleSorted(ctx.rng, t.rows.map((_, k) => k), countFor(ctx.rate, t.rows.length))) {
      const before = t.rows[i].length;
      if (int(ctx.rng, 0, 1) === 0) {
        const fields = rowFieldIndexes(t);
        const j = fields[int(ctx.rng, 0, fields.length - 1)];
        const [gone] = t.rows[i].splice(j, 1);
        edits.push({ op: 'ragged-rows', action: 'update', row: i + 1, column: t.columns[j], before: gone, after: null, note: `field removed: ${before} → ${t.rows[i].length} fields` });
      } else {
        const extra = t.rows[i][t.rows[i].length - 1];
        t.rows[i].push(extra);
        edits.push({ op: 'ragged-rows', action: 'update', row: i + 1, before: null, after: extra, note: `field appended: ${before} → ${t.rows[i].length} fields` });
      }
    }
    return edits.length === 0 ? null : { state: t, edits, params: { rate: ctx.rate } };
  },
};
