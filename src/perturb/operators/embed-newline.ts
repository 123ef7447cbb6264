import { editCells } from '../cell-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { CellOperator } from '../types.js';
import { splitWith } from './embed-tab.js';

/** Embedded newline (corrupting): a line break inside a remark or counterparty splits the row over two lines. */
export const embedNewline: CellOperator<{ rate: number }> = {
  id: 'embed-newline',
  kind: 'corrupting',
  stage: 'cells',
  keepsQuestions: false,
  summary: 'a line break inside a text cell (one row becomes two short lines)',
  severityParams: SEVERITY_PARAMS['embed-newline'],
  expectedCodes: ['FIELD_COUNT'],
  integrity: ['malformed_row'],
  usesRate: true,
  apply(table, _params, ctx) {
    return editCells('embed-newline', table, ctx, ['remark', 'counterparty'], (cell) => splitWith(cell, table.format.lineEnding));
  },
};
