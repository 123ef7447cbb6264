import { pick } from '../../random/draw.js';
import type { PerturbEdit } from '../../schema/perturb-manifest.js';
import { addDays, cloneState, insertionIndex, openingBalance, rechain, rechainEdit } from '../log-edit.js';
import { paidInstallmentRows } from '../loan-rows.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { LogOperator } from '../types.js';

/**
 * Shifted loan installment (corrupting): moves the repayment of an installment recorded as paid on time by `days`
 * (later when the log allows, else earlier), keeps time order and re-chains balances.
 */
export const loanShift: LogOperator<{ days: number }> = {
  id: 'loan-shift',
  kind: 'corrupting',
  stage: 'log',
  keepsQuestions: false,
  summary: 'a paid loan installment moved away from its due date',
  severityParams: SEVERITY_PARAMS['loan-shift'],
  expectedCodes: ['SCHEDULE_MISMATCH'],
  integrity: ['schedule_break'],
  usesRate: false,
  apply(state, { days }, ctx) {
    const s = cloneState(state);
    const rows = s.log.rows;
    if (rows.length < 2) return null;
    const firstTs = rows[0].timestamp;
    const lastTs = rows[rows.length - 1].timestamp;
    const refs = paidInstallmentRows(rows, s.labels).filter((r) => r.index > 0);
    if (refs.length === 0) return null;
    const ref = pick(ctx.rng, refs);
    const row = rows[ref.index];
    const before = row.timestamp;
    const later = addDays(before, days);
    const earlier = addDays(before, -days);
    const ts = later <= lastTs ? later : earlier > firstTs ? earlier : null;
    if (ts === null) return null;
    const opening = openingBalance(rows);
    rows.splice(ref.index, 1);
    row.timestamp = ts;
    rows.splice(insertionIndex(rows, ts), 0, row);
    const edits: PerturbEdit[] = [
      { op: 'loan-shift', action: 'move', row: rows.indexOf(row) + 1, column: 'timestamp', txn_id: row.txn_id, before, after: ts, note: `installment ${ref.n} of ${ref.loanId}, due ${ref.dueDate}` },
      ...rechainEdit('loan-shift', rows, rechain(rows, opening)),
    ];
    return { state: s, edits, params: { days: ts === later ? days : -days, installment: ref.n, loan: ref.loanId } };
  },
};
