import { ROW_COLUMNS } from '../../schema/transaction-types.js';
import { editCells } from '../cell-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { CellOperator } from '../types.js';

/** Empty required cell (corrupting): a share of rows get one required field blanked. */
export const emptyCell: CellOperator<{ rate: number }> = {
  id: 'empty-cell',
  kind: 'corrupting',
  stage: 'cells',
  keepsQuestions: false,
  summary: 'a required field left empty',
  severityParams: SEVERITY_PARAMS['empty-cell'],
  expectedCodes: ['EMPTY_FIELD'],
  integrity: ['empty_field'],
  usesRate: true,
  apply(table, _params, ctx) {
    // row fields only: the draws stay those of format version 1, and a blank log_id is the reader's EMPTY_FIELD too
    return editCells('empty-cell', table, ctx, ROW_COLUMNS, () => '');
  },
};
