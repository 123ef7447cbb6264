import { pick } from '../../random/draw.js';
import type { PerturbEdit } from '../../schema/perturb-manifest.js';
import { cloneState, moneyEdit, openingBalance, rechain, rechainEdit } from '../log-edit.js';
import { paidInstallmentRows } from '../loan-rows.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { LogOperator } from '../types.js';

/**
 * Resized loan installment (corrupting): the repayment of an installment recorded as paid in full is multiplied by
 * `factor` (rounded to the cent) and balances are re-chained, so only the schedule rule breaks.
 */
export const loanResize: LogOperator<{ factor: number }> = {
  id: 'loan-resize',
  kind: 'corrupting',
  stage: 'log',
  keepsQuestions: false,
  summary: 'a paid loan installment of the wrong amount',
  severityParams: SEVERITY_PARAMS['loan-resize'],
  expectedCodes: ['SCHEDULE_MISMATCH'],
  integrity: ['schedule_break'],
  usesRate: false,
  apply(state, { factor }, ctx) {
    const s = cloneState(state);
    const rows = s.log.rows;
    const refs = paidInstallmentRows(rows, s.labels).filter((r) => r.index > 0);
    if (refs.length === 0) return null;
    const ref = pick(ctx.rng, refs);
    const opening = openingBalance(rows);
    const before = rows[ref.index].amountCents;
    const after = Math.round(before * factor);
    if (after === before) return null;
    rows[ref.index].amountCents = after;
    const edits: PerturbEdit[] = [
      moneyEdit('loan-resize', rows, ref.index, 'amount', before, `installment ${ref.n} of ${ref.loanId}`),
    ];
    for (const x of rechainEdit('loan-resize', rows, rechain(rows, opening))) edits.push(x);
    return { state: s, edits, params: { factor, installment: ref.n, loan: ref.loanId } };
  },
};
