import { editCells } from '../cell-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { CellOperator } from '../types.js';

/** Puts `sep` inside a text: at the first space, else in the middle. */
export function splitWith(text: string, sep: string): string {
  const k = text.indexOf(' ');
  const at = k > 0 ? k : Math.max(1, Math.floor(text.length / 2));
  return text.slice(0, at) + sep + text.slice(k > 0 ? at + 1 : at);
}

/** Embedded tab (corrupting): a tab inside a remark or counterparty splits the cell into two fields. */
export const embedTab: CellOperator<{ rate: number }> = {
  id: 'embed-tab',
  kind: 'corrupting',
  stage: 'cells',
  keepsQuestions: false,
  summary: 'a tab inside a text cell (one field becomes two)',
  severityParams: SEVERITY_PARAMS['embed-tab'],
  expectedCodes: ['FIELD_COUNT'],
  integrity: ['malformed_row'],
  usesRate: true,
  apply(table, _params, ctx) {
    return editCells('embed-tab', table, ctx, ['remark', 'counterparty'], (cell) => splitWith(cell, '\t'));
  },
};
