import { daysFromCivil } from '../log/civil-days.js';
import type { LoanMethod } from '../schema/labels.js';

/**
 * The validator's own loan schedule, written from the formulas of SPEC §1 Loans and not from `synth/`: a bug in the
 * generator's amortisation must show up as SCHEDULE_MISMATCH rather than be copied into the check (BankMathBench,
 * papers/001: two independent paths). A property test holds the two to the same cents on random terms.
 *
 * With L the principal in cents, N the term in months, i = annual rate / 12 and B(k) the balance owed before
 * installment k (B(1) = L), every installment pays interest round(B(k)·i), and the principal part is
 * - equal installment: round(PMT) − interest, PMT = L·i / (1 − (1+i)^−N) (L/N when i = 0);
 * - equal principal: round(L/N), so B(k) = max(0, L − (k−1)·round(L/N)) in closed form;
 * - bullet: nothing until the last installment;
 * and the last installment repays whatever is left, so the principal parts sum to L exactly.
 */
export interface ExpectedInstallment {
  payment_cents: number;
  principal_cents: number;
  interest_cents: number;
}

export function expectedInstallments(principalCents: number, annualRate: number, termMonths: number, method: LoanMethod): ExpectedInstallment[] {
  const L = principalCents;
  const N = termMonths;
  const i = annualRate / 12;
  const out: ExpectedInstallment[] = [];
  if (!(Number.isInteger(L) && L > 0 && Number.isInteger(N) && N > 0)) return out;
  const pmt = Math.round(i === 0 ? L / N : (L * i) / (1 - Math.pow(1 + i, -N)));
  const share = Math.round(L / N);
  let balance = L;
  for (let k = 1; k <= N; k++) {
    if (method === 'equal_principal') balance = Math.max(0, L - (k - 1) * share);
    else if (method === 'bullet') balance = L;
    const interest = Math.round(balance * i);
    let principal: number;
    if (k === N) principal = balance;
    else if (method === 'equal_installment') principal = Math.min(balance, pmt - interest);
    else if (method === 'equal_principal') principal = Math.min(balance, share);
    else principal = 0;
    out.push({ payment_cents: principal + interest, principal_cents: principal, interest_cents: interest });
    if (method === 'equal_installment') balance -= principal;
  }
  return out;
}

/**
 * Due dates of `count` monthly installments of a loan taken on `start` (`YYYY-MM-DD`): the same day of each following
 * month, or the month's last day when it is shorter (a loan of 31 January falls due on 28/29 February). Month lengths
 * come from day numbers (proleptic Gregorian), not from a Date.
 */
export function expectedDueDates(start: string, count: number): string[] {
  const y = Number(start.slice(0, 4));
  const m = Number(start.slice(5, 7));
  const d = Number(start.slice(8, 10));
  const out: string[] = [];
  for (let k = 1; k <= count; k++) {
    const months = y * 12 + (m - 1) + k;
    const year = Math.floor(months / 12);
    const month = (months % 12) + 1;
    const length = daysFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - daysFromCivil(year, month, 1);
    out.push(`${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, length)).padStart(2, '0')}`);
  }
  return out;
}
