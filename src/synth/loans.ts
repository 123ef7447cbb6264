import type { LoanSpec } from '../schema/profile.js';
import type { Rng } from '../random/rng.js';
import { chance, int, pick, uniform } from '../random/draw.js';
import { civil, dayStart, formatDate, parseDate } from './calendar.js';
import { drawAmount } from './amounts.js';
import { amortize, scheduleDueDates, withDueDates } from './loan-schedule.js';
import { synthEvent, type Period, type SynthEvent, type SynthLoan } from './event.js';
import type { Vocabulary } from './vocabulary.js';
import type { LoanUse } from './data/loan-uses.js';

/** What loan construction needs from the log being built. */
export interface LoanContext {
  rng: Rng;
  period: Period;
  vocab: Vocabulary;
  homeCountry: string;
  events: SynthEvent[];
  loans: SynthLoan[];
}

/**
 * Opens the profile's loans that this log draws: a Loan Disbursement inside the period, an amortisation schedule
 * (`amortize`, `scheduleDueDates`) and one Loan Repayment per installment due inside the period, auto-debited on
 * the due date. Principal is rounded to 100 CNY and the rate to 0.01 percentage points. With `use`, a share of some
 * loans is paid on to a seller soon after it arrives (`LOAN_USES`).
 */
export function addLoans(ctx: LoanContext, specs: readonly LoanSpec[], use?: LoanUse): void {
  for (const spec of specs) {
    if (!chance(ctx.rng, spec.probability)) continue;
    const principalCents = Math.max(100, Math.round(drawAmount(ctx.rng, spec.principal) / 100)) * 100 * 100;
    const annualRate = Math.round(uniform(ctx.rng, spec.annual_rate[0], spec.annual_rate[1]) * 10_000) / 10_000;
    const termMonths = pick(ctx.rng, spec.term_months);
    const first = civil(ctx.period.start);
    const monthOffset = int(ctx.rng, spec.start_month[0], spec.start_month[1]);
    const startDay = dayStart(first.year, first.month + monthOffset, int(ctx.rng, 1, 28));
    if (startDay >= ctx.period.end) continue;
    const loan = openLoan(ctx, {
      lender: ctx.vocab.counterparty(spec.lender),
      principalCents,
      annualRate,
      termMonths,
      method: spec.method,
      at: startDay + int(ctx.rng, 9, 16) * 3600 + int(ctx.rng, 0, 3599),
      declinable: true,
    });
    if (use && chance(ctx.rng, use.probability)) spendLoan(ctx, loan.disbursement, use);
  }
}

/**
 * Pays a share of a loan on to a seller (`LoanUse`): a deposit and the balance, two Transfer Out rows of 45–55% each
 * after the disbursement (a financed purchase, not a one-off spike of spending).
 */
function spendLoan(ctx: LoanContext, disbursement: SynthEvent, use: LoanUse): void {
  const seller = ctx.vocab.counterparty(use.counterparty);
  const total = disbursement.amountCents * uniform(ctx.rng, use.share[0], use.share[1]);
  const first = Math.round(total * uniform(ctx.rng, 0.45, 0.55));
  let at = disbursement.at;
  for (const cents of [first, Math.round(total) - first]) {
    // Some hours or days later, in the seller's opening hours.
    const later = at + Math.round(uniform(ctx.rng, use.delayHours[0], use.delayHours[1]) * 3600);
    at = Math.max(at + 60, Math.floor(later / 86_400) * 86_400 + int(ctx.rng, use.hours[0], use.hours[1]) * 3600 + int(ctx.rng, 0, 3599));
    ctx.events.push(
      synthEvent({
        at,
        type: 'Transfer Out',
        channel: 'TRANSFER',
        counterparty: seller,
        amountCents: -Math.max(100, cents),
        location: ctx.homeCountry,
        remark: ctx.vocab.remarkFor(seller, use.remark),
        outcome: 'declinable',
        fundedBy: disbursement,
      }),
    );
  }
}

/** The terms and timing of one loan of the profile to open. */
export interface OpenLoanInput extends LoanTerms {
  /** Whether repayments may be declined for lack of funds (then the installment is recorded as missed). */
  declinable: boolean;
}

/**
 * Opens one loan of the profile: disbursed by transfer, repaid by auto-debit (see `openLoanEvents`).
 * Loan ids are `L1`, `L2`, … in opening order. Returns the loan under construction.
 */
export function openLoan(ctx: LoanContext, input: OpenLoanInput): SynthLoan {
  return openLoanEvents(ctx, (kind) => ctx.vocab.remark(kind), input, {
    disbursementChannel: 'TRANSFER',
    repaymentChannel: 'AUTO_DEBIT',
    outcome: input.declinable ? 'declinable' : 'success',
  });
}

/** The terms of a loan and when it is disbursed. */
export interface LoanTerms {
  lender: string;
  principalCents: number;
  annualRate: number;
  termMonths: number;
  method: 'equal_installment' | 'equal_principal' | 'bullet';
  /** Disbursement time, local seconds. */
  at: number;
}

/** How a loan's rows look: their channels, whether repayments may be declined, and the signal that opened it. */
export interface LoanRows {
  disbursementChannel: 'ONLINE' | 'TRANSFER';
  repaymentChannel: 'ONLINE' | 'AUTO_DEBIT';
  outcome: 'success' | 'declinable';
  signal?: SynthEvent['signal'];
}

/**
 * Opens one loan, for the profile (`openLoan`) or an injector (`openInjectedLoan`): a Loan Disbursement, the
 * amortisation schedule (`amortize`, `scheduleDueDates`) and one Loan Repayment per installment due inside the
 * period, posted 06:00–10:59 on the due date; the schedule lands in the labels through `ctx.loans` (finalize fills
 * txn ids and statuses). Loan ids continue `L1`, `L2`, ….
 */
export function openLoanEvents(
  ctx: Pick<LoanContext, 'rng' | 'period' | 'homeCountry' | 'events' | 'loans'>,
  remark: (kind: string) => string,
  terms: LoanTerms,
  rows: LoanRows,
): SynthLoan {
  const loanId = `L${ctx.loans.length + 1}`;
  const startDate = formatDate(terms.at);
  const plan = amortize({ principalCents: terms.principalCents, annualRate: terms.annualRate, termMonths: terms.termMonths, method: terms.method });
  const dues = scheduleDueDates(startDate, terms.termMonths);
  const signal = rows.signal;
  const disbursement = synthEvent({
    at: terms.at,
    type: 'Loan Disbursement',
    channel: rows.disbursementChannel,
    counterparty: terms.lender,
    amountCents: terms.principalCents,
    location: ctx.homeCountry,
    remark: remark('loan_disbursement'),
    outcome: 'success',
    loan: { loanId, installment: 0 },
    signal,
  });
  ctx.events.push(disbursement);
  const loan: SynthLoan = {
    schedule: {
      loan_id: loanId,
      disbursement_txn_id: '',
      lender: terms.lender,
      principal_cents: terms.principalCents,
      annual_rate: terms.annualRate,
      term_months: terms.termMonths,
      method: terms.method,
      start_date: startDate,
      installments: withDueDates(plan, dues),
    },
    disbursement,
    repayments: new Map(),
    ...(signal !== undefined ? { signal } : {}),
  };
  // One loan, one label on its repayments (numbered where the label numbers them).
  const label = remark('loan_repayment');
  for (const inst of loan.schedule.installments) {
    const due = parseDate(inst.due_date);
    if (due >= ctx.period.end) break;
    if (inst.payment_cents === 0) continue;
    const ev = synthEvent({
      at: due + int(ctx.rng, 6, 10) * 3600 + int(ctx.rng, 0, 3599),
      type: 'Loan Repayment',
      channel: rows.repaymentChannel,
      counterparty: terms.lender,
      amountCents: -inst.payment_cents,
      location: ctx.homeCountry,
      remark: label.replace(/Installment \d+/, `Installment ${inst.n}`),
      outcome: rows.outcome,
      loan: { loanId, installment: inst.n },
      signal,
    });
    ctx.events.push(ev);
    loan.repayments.set(inst.n, ev);
  }
  ctx.loans.push(loan);
  return loan;
}
