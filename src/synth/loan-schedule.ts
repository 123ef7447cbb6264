import type { Installment, LoanMethod } from '../schema/labels.js';

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
  const [y, m, d] = start.split('-').map(Number);
  const out: string[] = [];
  for (let k = 1; k <= count; k++) {
    const month0 = m - 1 + k;
    const year = y + Math.floor(month0 / 12);
    const month = (month0 % 12) + 1;
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const day = Math.min(d, last);
    out.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  }
  return out;
}
