import { int } from '../../random/draw.js';
import { editCells } from '../cell-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { CellOperator } from '../types.js';

/** Stray quotes (corrupting): an unbalanced `"` at the start, inside or at the end of a text cell. */
export const strayQuotes: CellOperator<{ rate: number }> = {
  id: 'stray-quotes',
  kind: 'corrupting',
  stage: 'cells',
  keepsQuestions: false,
  summary: 'an unbalanced double quote in a text cell',
  severityParams: SEVERITY_PARAMS['stray-quotes'],
  expectedCodes: ['BAD_TEXT'],
  integrity: ['malformed_row'],
  usesRate: true,
  apply(table, _params, ctx) {
    return editCells('stray-quotes', table, ctx, ['remark', 'counterparty'], (cell) => {
      const at = [0, Math.floor(cell.length / 2), cell.length][int(ctx.rng, 0, 2)];
      return cell.slice(0, at) + '"' + cell.slice(at);
    });
  },
};
