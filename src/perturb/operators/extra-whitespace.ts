import { int } from '../../random/draw.js';
import { cloneTable, rowFieldIndexes } from '../cell-edit.js';
import { cloneFormat } from '../format-spec.js';
import { countFor, sampleSorted } from '../log-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { PerturbEdit } from '../../schema/perturb-manifest.js';
import type { CellOperator } from '../types.js';

/** Extra whitespace (preserving): pads a share of the data cells with 1..maxPad spaces before and/or after. */
export const extraWhitespace: CellOperator<{ rate: number; maxPad: number }> = {
  id: 'extra-whitespace',
  kind: 'preserving',
  stage: 'cells',
  keepsQuestions: true,
  summary: 'pads cells with leading and trailing spaces (the dialect trims them)',
  severityParams: SEVERITY_PARAMS['extra-whitespace'],
  expectedCodes: [],
  integrity: [],
  usesRate: true,
  apply(table, { maxPad }, ctx) {
    const t = cloneTable(table);
    t.format = cloneFormat(t.format);
    t.format.trimCells = true;
    const width = t.columns.length;
    const fields = rowFieldIndexes(t);
    const cells = t.rows.flatMap((_, i) => fields.map((j) => i * width + j));
    const picked = sampleSorted(ctx.rng, cells, countFor(ctx.rate, cells.length));
    const edits: PerturbEdit[] = [];
    for (const k of picked) {
      const i = Math.floor(k / width);
      const j = k % width;
      let lead = int(ctx.rng, 0, maxPad);
      const trail = int(ctx.rng, 0, maxPad);
      if (lead + trail === 0) lead = 1;
      const before = t.rows[i][j];
      const after = ' '.repeat(lead) + before + ' '.repeat(trail);
      t.rows[i][j] = after;
      edits.push({ op: 'extra-whitespace', action: 'update', row: i + 1, column: t.columns[j], before, after });
    }
    return { state: t, edits, params: { rate: ctx.rate, maxPad } };
  },
};
