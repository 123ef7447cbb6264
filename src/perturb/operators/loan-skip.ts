import { formatRow } from '../../log/format-tsv.js';
import type { PerturbEdit } from '../../schema/perturb-manifest.js';
import { cloneState, openingBalance, rechain, rechainEdit, sampleSorted } from '../log-edit.js';
import { paidInstallmentRows } from '../loan-rows.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { LogOperator } from '../types.js';

/**
 * Skipped loan installment (corrupting): removes repayment rows of installments the labels record as paid, and
 * re-chains balances, so only the schedule rule breaks. Needs labels with a loan.
 */
export const loanSkip: LogOperator<{ installments: number }> = {
  id: 'loan-skip',
  kind: 'corrupting',
  stage: 'log',
  keepsQuestions: false,
  summary: 'a paid loan installment missing from the log',
  severityParams: SEVERITY_PARAMS['loan-skip'],
  expectedCodes: ['SCHEDULE_MISMATCH'],
  integrity: ['schedule_break'],
  usesRate: false,
  apply(state, { installments }, ctx) {
    const s = cloneState(state);
    const rows = s.log.rows;
    const refs = paidInstallmentRows(rows, s.labels).filter((r) => r.index > 0);
    if (refs.length === 0) return null;
    const picked = sampleSorted(ctx.rng, refs.map((_, i) => i), Math.min(installments, refs.length)).map((i) => refs[i]);
    const opening = openingBalance(rows);
    const edits: PerturbEdit[] = picked.map((r) => ({
      op: 'loan-skip',
      action: 'delete',
      row: r.index + 1,
      txn_id: rows[r.index].txn_id,
      before: formatRow(rows[r.index]),
      after: null,
      note: `installment ${r.n} of ${r.loanId}, due ${r.dueDate}`,
    }));
    const gone = new Set(picked.map((r) => r.index));
    s.log.rows = rows.filter((_, i) => !gone.has(i));
    for (const x of rechainEdit('loan-skip', s.log.rows, rechain(s.log.rows, opening))) edits.push(x);
    return { state: s, edits, params: { installments: picked.length } };
  },
};
