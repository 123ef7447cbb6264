import type { InjectContext, Injector, SynthEvent, SynthLoan } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { int, uniform } from '../../random/draw.js';
import { DAY_S, atHours, gapLike, openInjectedLoan, randomDay, roundCny, sample, sized, fromCny } from './util.js';

/** In-period repayment events of a loan, by installment number ascending. */
function repaymentEvents(ctx: InjectContext, loan: SynthLoan): SynthEvent[] {
  return [...loan.repayments.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, e]) => e)
    .filter((e) => e.at >= ctx.period.start && e.at < ctx.period.end);
}

/**
 * Repayments (SME): irregular business-loan installments. On an existing loan with ≥ 6 installments in the
 * period (or a new 12–24 month business loan opened in the first quarter), 2 (intensity 0) to 4 (intensity 1)
 * installments after the first become late (paid 8–14 days after the due date) or partial (30–65% paid); finalize
 * records each as late or partial on the schedule. (Missed installments come from the base itself, when an
 * auto-debit finds too little money: a decline injected blindly could land on a well-funded day and give itself
 * away.)
 */
export const injectRepayments: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.repayments;
  let loan = ctx.loans.find((l) => repaymentEvents(ctx, l).length >= 6);
  if (!loan) {
    const income = Math.max(fromCny(ctx, 20_000_00), ctx.monthlyIncomeCents);
    loan = openInjectedLoan(
      ctx,
      {
        lender: ctx.counterparty('lender'),
        principalCents: roundCny(income * uniform(ctx.rng, 1.5, 4), 1000),
        annualRate: Math.round(uniform(ctx.rng, 0.045, 0.09) * 10_000) / 10_000,
        termMonths: int(ctx.rng, 12, 24),
        method: 'equal_installment',
        at: atHours(ctx.rng, randomDay(ctx, 0, 300), 9, 16),
        disbursementChannel: 'TRANSFER',
        repaymentChannel: 'AUTO_DEBIT',
        outcome: 'success',
      },
      'repayments',
    );
  }
  const list = repaymentEvents(ctx, loan).slice(1);
  const k = Math.max(t.minIrregular + 1, sized(2, 4, intensity));
  let form = int(ctx.rng, 0, 1);
  for (const ev of sample(ctx.rng, list, k)) {
    ev.signal = 'repayments';
    ev.outcome = 'success';
    form ^= 1;
    // 8–14 days late: of the days in range, the one where the payment's gap to the row before is like that of the
    // log's own installments (`gapLike`).
    const days: number[] = [];
    for (let d = 8; d <= 14; d++) if (ev.at + d * DAY_S < ctx.period.end) days.push(ev.at + d * DAY_S);
    const late = days.length ? gapLike(ctx, 'Loan Repayment')(sample(ctx.rng, days, days.length)) : ctx.period.end;
    if (form === 0 && late < ctx.period.end) ev.at = late;
    else ev.amountCents = -Math.max(100, Math.round(-ev.amountCents * uniform(ctx.rng, 0.3, 0.65)));
  }
};
