import { FORMULA_LEAD_RE } from '../../schema/log-row.js';
import { editCells } from '../cell-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { CellOperator } from '../types.js';

/**
 * Puts `sep` inside a text: at the first space, else in the middle. The piece after `sep` becomes a cell (or a line)
 * of its own, so it must not start with a spreadsheet formula lead (`FORMULA_LEAD_RE`) any more than a text cell may:
 * the split moves past such characters (`Top-up` splits as `Top-` + `up`, not `Top` + `-up`).
 */
export function splitWith(text: string, sep: string): string {
  const k = text.indexOf(' ');
  let head = k > 0 ? k : Math.max(1, Math.floor(text.length / 2));
  let tail = k > 0 ? k + 1 : head;
  while (tail < text.length - 1 && FORMULA_LEAD_RE.test(text.charAt(tail))) head = ++tail;
  return text.slice(0, head) + sep + text.slice(tail);
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
