import type { Installment, LoanMethod } from '../schema/labels.js';
import { daysInMonth } from './calendar.js';

/** Terms of a loan: principal in cents, nominal annual rate (0.12 = 12%), term in months. */
export interface LoanTerms {
  principalCents: number;
  annualRate: number;
  termMonths: number;
  method: LoanMethod;
}

/**
 * The level payment of an equal-installment (annuity) loan, in cents, unrounded:
 * PMT = L·r / (1 − (1+r)^−N), with r = annualRate/12 the monthly rate and N the term in months.
 * With r = 0 it is L/N. Source: SPEC §1 Loans; BankMathBench (papers/001) loan formulas.
 */
export function annuityPayment(principalCents: number, annualRate: number, termMonths: number): number {
  const r = annualRate / 12;
  if (r === 0) return principalCents / termMonths;
  return (principalCents * r) / (1 - Math.pow(1 + r, -termMonths));
}

/**
 * The amortisation schedule of a loan, installment by installment, in whole cents.
 * - equal_installment: payment = round(PMT); interest = round(outstanding·r); principal = payment − interest.
 * - equal_principal: principal = round(L/N); interest = round(outstanding·r).
 * - bullet: interest only each month, all principal with the last installment.
 * The last installment absorbs rounding so that principal sums to the loan amount exactly.
 * Due dates are not set here (see `scheduleDueDates`); `status` starts as `not_due`.
 */
export function amortize(terms: LoanTerms): Array<Omit<Installment, 'due_date'>> {
  const { principalCents: L, annualRate, termMonths: N, method } = terms;
  if (!Number.isInteger(L) || L <= 0) throw new RangeError('amortize requires a positive integer principal');
  if (!Number.isInteger(N) || N <= 0) throw new RangeError('amortize requires a positive integer term');
  const r = annualRate / 12;
  const level = Math.round(annuityPayment(L, annualRate, N));
  const out: Array<Omit<Installment, 'due_date'>> = [];
  let outstanding = L;
  for (let n = 1; n <= N; n++) {
    const interest = Math.round(outstanding * r);
    let principal: number;
    if (n === N) principal = outstanding;
    else if (method === 'equal_installment') principal = Math.min(outstanding, level - interest);
    else if (method === 'equal_principal') principal = Math.min(outstanding, Math.round(L / N));
    else principal = 0;
    outstanding -= principal;
    const payment = principal + interest;
    out.push({ n, payment_cents: payment, principal_cents: principal, interest_cents: interest, status: 'not_due', txn_id: null, paid_cents: 0 });
  }
  return out;
}

/**
 * Due dates `YYYY-MM-DD` one calendar month apart, starting one month after `start` (a `YYYY-MM-DD` date),
 * clamped to the month's last day (a loan taken on 31 January falls due on 28/29 February).
 */
export function scheduleDueDates(start: string, count: number): string[] {
  const [y, m, d] = dateParts(start);
  const out: string[] = [];
  for (let k = 1; k <= count; k++) {
    const month0 = m - 1 + k;
    const year = y + Math.floor(month0 / 12);
    const month = (month0 % 12) + 1;
    // The month length by arithmetic where it equals what a Date says (a Date maps years 0-99 to 1900-1999).
    const last = year >= 100 && year <= 9999 ? daysInMonth(year, month) : new Date(Date.UTC(year, month, 0)).getUTCDate();
    const day = Math.min(d, last);
    out.push(`${year}-${pad2(month)}-${pad2(day)}`);
  }
  return out;
}

/** `start.split('-').map(Number)`, read by character code when `start` has the `YYYY-MM-DD` shape (validators pass any text). */
function dateParts(start: string): number[] {
  if (start.length === 10 && start.charCodeAt(4) === 45 && start.charCodeAt(7) === 45) {
    const y = digits(start, 0, 4);
    const m = digits(start, 5, 7);
    const d = digits(start, 8, 10);
    if (y >= 0 && m >= 0 && d >= 0) return [y, m, d];
  }
  return start.split('-').map(Number);
}

/** The decimal number written by the digits `s[from, to)`, or -1 when one is not a digit. */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

const PAD2: readonly string[] = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/** `String(n).padStart(2, '0')`, from a table for 0–99. */
function pad2(n: number): string {
  return n >= 0 && n < 100 && Number.isInteger(n) ? PAD2[n] : String(n).padStart(2, '0');
}

/**
 * The installments of `plan` (from `amortize`) with installment i due on `dues[i]`: what `{ ...plan[i], due_date }`
 * gives, keys in the same order, written out because it runs for every installment of every loan.
 */
export function withDueDates(plan: ReadonlyArray<Omit<Installment, 'due_date'>>, dues: readonly string[]): Installment[] {
  const out = new Array<Installment>(plan.length);
  for (let i = 0; i < plan.length; i++) {
    const p = plan[i];
    out[i] = { n: p.n, payment_cents: p.payment_cents, principal_cents: p.principal_cents, interest_cents: p.interest_cents, status: p.status, txn_id: p.txn_id, paid_cents: p.paid_cents, due_date: dues[i] };
  }
  return out;
}
