import type { InjectContext, Injector } from '../event.js';
import { int, pick, uniform } from '../../random/draw.js';
import { parseDate } from '../calendar.js';
import { DAY_S, atDayHour, hourLike, openInjectedLoan, randomDay, roundCny, sized } from './util.js';
import { MICRO_LENDER_KINDS } from './words.js';

/**
 * Microloans: 3 (intensity 0) to 6 (intensity 1) small online loans from different lending platforms, each a
 * 3–6 month equal-installment schedule at 18–36% a year (recorded in the labels). Every new loan lands 1–5 days
 * before an installment of the previous one falls due: repayments chase each other.
 */
export const injectMicroloans: Injector = (ctx: InjectContext, intensity: number): void => {
  const count = sized(3, 6, intensity);
  // Small: at most 8,000 CNY and 0.8 × monthly income, so the detector's "small" cap (1.5 months) holds. Not converted
  // with `fromCny`: the cap sits under the detector's `maxPrincipalCents`, which reads a log's amounts as they are
  // (a log carries no currency), and must stay under it in any currency.
  const cap = Math.max(500_00, Math.min(8_000_00, 0.8 * ctx.monthlyIncomeCents));
  const lenders = new Set<string>();
  // Disbursed at the hours the log's (else the profile's) loans are: a lending platform pays out when asked, and rows
  // at hours of their own would tell the microloans from the log's other loans (issue #13).
  let at = atDayHour(ctx, randomDay(ctx, 0, 200), hourLike(ctx, 'Loan Disbursement'));
  let prevDue: number[] = [];
  for (let k = 0; k < count; k++) {
    let lender = ctx.counterparty(pick(ctx.rng, MICRO_LENDER_KINDS));
    for (let tries = 0; lenders.has(lender) && tries < 5; tries++) lender = ctx.counterparty(pick(ctx.rng, MICRO_LENDER_KINDS));
    lenders.add(lender);
    if (k > 0) {
      // Chase: borrow a few days before the previous loan's next installment.
      const next = prevDue.find((d) => d > at + 5 * DAY_S);
      const base = next ?? at + int(ctx.rng, 15, 40) * DAY_S;
      at = atDayHour(ctx, base - int(ctx.rng, 1, 5) * DAY_S, hourLike(ctx, 'Loan Disbursement'));
    }
    if (at >= ctx.period.end - 20 * DAY_S) break;
    const loan = openInjectedLoan(
      ctx,
      {
        lender,
        principalCents: roundCny(uniform(ctx.rng, 0.3, 1) * cap, 100),
        annualRate: Math.round(uniform(ctx.rng, 0.18, 0.36) * 10_000) / 10_000,
        termMonths: int(ctx.rng, 3, 6),
        method: 'equal_installment',
        at,
        disbursementChannel: 'ONLINE',
        repaymentChannel: 'AUTO_DEBIT',
        outcome: 'declinable',
      },
      'microloans',
    );
    prevDue = loan.schedule.installments.map((i) => parseDate(i.due_date));
  }
};
