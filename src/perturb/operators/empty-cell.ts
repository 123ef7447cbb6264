import { CANONICAL_COLUMNS } from '../../schema/transaction-types.js';
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
    return editCells('empty-cell', table, ctx, CANONICAL_COLUMNS, () => '');
  },
};
