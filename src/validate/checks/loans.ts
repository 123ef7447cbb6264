import type { LoanSchedule } from '../../schema/labels.js';
import type { LogRow } from '../../schema/log-row.js';
import { expectedDueDates, expectedInstallments, type ExpectedInstallment } from '../loan-schedule.js';
import type { ValidationIssue } from '../../schema/issue-codes.js';
import type { Check, CheckContext } from '../context.js';
import { dayOf, logIssue, money, rowIssue, txnIndex } from '../context.js';

/** Schedules recomputed so far, by their terms: many logs share a loan's terms, and a due-date list costs a Date per month. */
let plans = new Map<string, ExpectedInstallment[]>();
let dueDates = new Map<string, string[]>();
const MAX_MEMO = 10_000;

/** The validator's own schedule of a loan's terms (`expectedInstallments`), memoised (the result is only read). */
function planOf(loan: LoanSchedule): ExpectedInstallment[] {
  const key = `${loan.principal_cents}/${loan.annual_rate}/${loan.term_months}/${loan.method}`;
  let plan = plans.get(key);
  if (plan === undefined) {
    plan = expectedInstallments(loan.principal_cents, loan.annual_rate, loan.term_months, loan.method);
    if (plans.size >= MAX_MEMO) plans = new Map();
    plans.set(key, plan);
  }
  return plan;
}

/** `expectedDueDates` of a loan's start and term, memoised (the result is only read). */
function dueDatesOf(loan: LoanSchedule): string[] {
  const key = `${loan.start_date}/${loan.term_months}`;
  let dues = dueDates.get(key);
  if (dues === undefined) {
    dues = expectedDueDates(loan.start_date, loan.term_months);
    if (dueDates.size >= MAX_MEMO) dueDates = new Map();
    dueDates.set(key, dues);
  }
  return dues;
}

/**
 * SCHEDULE_MISMATCH (SPEC §1 Loans): repayments consistent with the loan schedule.
 * - With labels, each `loans[]` schedule is recomputed by the validator's own formulas (`../loan-schedule.ts`, not the
 *   generator's) and compared term by term;
 *   over a full schedule the principal sums to the loan; the disbursement row carries the principal from the lender;
 *   each installment's recorded status matches its row (paid: the full payment near the due date; late: after it;
 *   partial: less than due; missed: no row or a FAILED attempt; not_due: no row); a SUCCESS repayment to a scheduled lender that no installment
 *   names is unscheduled.
 * - Without labels, SUCCESS Loan Repayment rows are grouped by counterparty; a group of three or more whose most
 *   common amount covers at least half of it is an equal-installment series; a payment of another amount (other than a
 *   last one within 5%) or a gap over 45 days in a monthly series is reported as a warning (a break, not a proof).
 */
export const checkLoans: Check = (log, ctx) => (ctx.labels ? withLabels(log, ctx) : inferred(log, ctx));

const withLabels: Check = (log, ctx) => {
  const rows = log.rows;
  const out: ValidationIssue[] = [];
  const index = txnIndex(log);
  const named = new Map<string, string>(); // repayment txn_id → loan/installment naming it
  const lenders = new Set<string>();
  for (const loan of ctx.labels!.loans) {
    lenders.add(loan.lender);
    checkLoan(loan);
  }
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (r.type === 'Loan Repayment' && r.status === 'SUCCESS' && lenders.has(r.counterparty) && !named.has(r.txn_id)) {
      out.push(rowIssue(log, ctx, i, { code: 'SCHEDULE_MISMATCH', note: '(repayment that no installment of the schedule names)', actual: money(r.amountCents) }));
    }
  }
  return out;

  function at(txnId: string | null | undefined): number | undefined {
    return txnId ? index.get(txnId) : undefined;
  }
  function loanIssue(loan: LoanSchedule, what: string, expected?: unknown, actual?: unknown, i?: number): void {
    const input = { code: 'SCHEDULE_MISMATCH' as const, note: `(loan ${loan.loan_id}: ${what})`, expected, actual, related: [loan.disbursement_txn_id] };
    out.push(i === undefined ? logIssue(log, ctx, input) : rowIssue(log, ctx, i, input));
  }
  function checkLoan(loan: LoanSchedule): void {
    const d = at(loan.disbursement_txn_id);
    if (d === undefined) loanIssue(loan, 'disbursement row not in the log', undefined, loan.disbursement_txn_id);
    else {
      const r = rows[d];
      if (r.type !== 'Loan Disbursement') loanIssue(loan, 'disbursement row type', 'Loan Disbursement', r.type, d);
      if (r.amountCents !== loan.principal_cents) loanIssue(loan, 'disbursed amount differs from the principal', money(loan.principal_cents), money(r.amountCents), d);
      if (r.counterparty !== loan.lender) loanIssue(loan, 'disbursement from another lender', loan.lender, r.counterparty, d);
      if (r.timestamp.slice(0, 10) !== loan.start_date) loanIssue(loan, 'start date differs from the disbursement date', loan.start_date, r.timestamp.slice(0, 10), d);
    }
    const plan = planOf(loan);
    const dues = dueDatesOf(loan);
    if (loan.installments.length !== loan.term_months) loanIssue(loan, 'installment count differs from the term', loan.term_months, loan.installments.length);
    const principalSum = loan.installments.reduce((s, x) => s + x.principal_cents, 0);
    if (loan.installments.length === loan.term_months && principalSum !== loan.principal_cents) {
      loanIssue(loan, 'principal repaid does not sum to the loan', money(loan.principal_cents), money(principalSum));
    }
    loan.installments.forEach((inst, k) => {
      const p = plan[k];
      if (inst.n !== k + 1) loanIssue(loan, `installment ${k + 1} numbered`, k + 1, inst.n);
      if (p && (inst.payment_cents !== p.payment_cents || inst.principal_cents !== p.principal_cents || inst.interest_cents !== p.interest_cents)) {
        loanIssue(loan, `installment ${inst.n} terms`, `${money(p.payment_cents)} = ${money(p.principal_cents)} + ${money(p.interest_cents)}`, `${money(inst.payment_cents)} = ${money(inst.principal_cents)} + ${money(inst.interest_cents)}`);
      }
      if (dues[k] && inst.due_date !== dues[k]) loanIssue(loan, `installment ${inst.n} due date (monthly cadence)`, dues[k], inst.due_date);
      checkInstallment(loan, inst);
    });
  }
  function checkInstallment(loan: LoanSchedule, inst: LoanSchedule['installments'][number]): void {
    const name = `installment ${inst.n} (${inst.status})`;
    if (inst.status === 'missed' || inst.status === 'not_due') {
      // a missed installment may name the declined (FAILED) repayment attempt; it records no money paid
      const j = at(inst.txn_id);
      const declined = j !== undefined && rows[j].status === 'FAILED' && rows[j].type === 'Loan Repayment' && rows[j].counterparty === loan.lender;
      if (inst.paid_cents !== 0 || (inst.txn_id !== null && !(inst.status === 'missed' && declined))) {
        loanIssue(loan, `${name} records a payment`, inst.status === 'missed' ? 'none, or a FAILED repayment row' : 'none', inst.txn_id ?? money(inst.paid_cents), j);
      }
      if (inst.status === 'not_due' && ctx.period && inst.due_date <= ctx.period.end) loanIssue(loan, `${name} falls due inside the period`, `after ${ctx.period.end}`, inst.due_date);
      if (inst.status === 'missed' && ctx.period && inst.due_date > ctx.period.end) loanIssue(loan, `${name} is not due inside the period`, `<= ${ctx.period.end}`, inst.due_date);
      return;
    }
    const i = at(inst.txn_id);
    if (i === undefined) {
      loanIssue(loan, `${name} repayment row not in the log`, undefined, inst.txn_id);
      return;
    }
    const r: LogRow = rows[i];
    if (named.has(r.txn_id)) loanIssue(loan, `${name} repayment row already names ${named.get(r.txn_id)}`, undefined, r.txn_id, i);
    named.set(r.txn_id, `${loan.loan_id}#${inst.n}`);
    if (r.type !== 'Loan Repayment' || r.status !== 'SUCCESS') loanIssue(loan, `${name} row is not a SUCCESS Loan Repayment`, 'SUCCESS Loan Repayment', `${r.status} ${r.type}`, i);
    if (r.counterparty !== loan.lender) loanIssue(loan, `${name} paid to another counterparty`, loan.lender, r.counterparty, i);
    if (-r.amountCents !== inst.paid_cents) loanIssue(loan, `${name} amount differs from the amount recorded paid`, money(-inst.paid_cents), money(r.amountCents), i);
    if (inst.status === 'partial') {
      if (!(inst.paid_cents > 0 && inst.paid_cents < inst.payment_cents)) loanIssue(loan, `${name} pays`, `less than ${money(inst.payment_cents)}`, money(inst.paid_cents), i);
    } else if (inst.paid_cents !== inst.payment_cents) {
      loanIssue(loan, `${name} pays`, money(inst.payment_cents), money(inst.paid_cents), i);
    }
    const late = dayOf(r.timestamp) - dayOf(inst.due_date);
    if (inst.status === 'late' && late <= 0) loanIssue(loan, `${name} paid on or before the due date ${inst.due_date}`, `after ${inst.due_date}`, r.timestamp, i);
    if (inst.status === 'paid' && Math.abs(late) > ctx.installmentGraceDays) {
      loanIssue(loan, `${name} paid away from the due date`, `${inst.due_date} ± ${ctx.installmentGraceDays} days`, r.timestamp, i);
    }
  }
};

/** The most common value of a list (ties: the first to reach the count). */
function mode(values: number[]): { value: number; count: number } {
  const counts = new Map<number, number>();
  let best = { value: values[0], count: 0 };
  for (const v of values) {
    const c = (counts.get(v) ?? 0) + 1;
    counts.set(v, c);
    if (c > best.count) best = { value: v, count: c };
  }
  return best;
}

const inferred = (log: import('../../schema/log-row.js').Log, ctx: CheckContext): ValidationIssue[] => {
  const groups = new Map<string, number[]>();
  log.rows.forEach((r, i) => {
    if (r.type !== 'Loan Repayment' || r.status !== 'SUCCESS') return;
    const g = groups.get(r.counterparty);
    if (g) g.push(i);
    else groups.set(r.counterparty, [i]);
  });
  const out: ValidationIssue[] = [];
  for (const [party, idx] of [...groups.entries()].sort((a, b) => a[1][0] - b[1][0])) {
    if (idx.length < 3) continue;
    const amounts = idx.map((i) => -log.rows[i].amountCents);
    const m = mode(amounts);
    if (m.count * 2 < idx.length) continue;
    idx.forEach((i, k) => {
      const a = amounts[k];
      if (a === m.value) return;
      if (k === idx.length - 1 && Math.abs(a - m.value) <= 0.05 * m.value) return;
      out.push(rowIssue(log, ctx, i, { code: 'SCHEDULE_MISMATCH', severity: 'warning', column: 'amount', note: `(installment of the series to ${party} differs)`, expected: money(-m.value), actual: money(-a) }));
    });
    const days = idx.map((i) => dayOf(log.rows[i].timestamp));
    const gaps = days.slice(1).map((d, k) => d - days[k]).sort((a, b) => a - b);
    const median = gaps[Math.floor(gaps.length / 2)];
    if (median < 25 || median > 35) continue;
    for (let k = 1; k < idx.length; k++) {
      if (days[k] - days[k - 1] > 45) {
        out.push(rowIssue(log, ctx, idx[k], { code: 'SCHEDULE_MISMATCH', severity: 'warning', column: 'timestamp', note: `(monthly series to ${party} skips an installment)`, expected: `about one month after ${log.rows[idx[k - 1]].timestamp.slice(0, 10)}`, actual: log.rows[idx[k]].timestamp }));
      }
    }
  }
  return out;
};
