import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { int, pick, uniform } from '../../random/draw.js';
import { DAY_S, add, atDayHour, hourLike, lowPoints, randomDay, roundLike, sized, fromCny } from './util.js';
import { SPIKE_PURCHASES } from './words.js';

/**
 * Liquidity (personal): payments declined for lack of money — 4 (intensity 0) to 8 (intensity 1) FAILED card
 * repayments, purchases and transfers, placed where the running balance is lowest and larger than a month's buffer
 * (so they fail for the reason they appear to) — and 1 to 3 episodes of borrowing from a person
 * to pay the card bill (a Transfer In followed within two days by a Card Repayment of 85–100% of it). Every row
 * falls at an hour its type has in the log, with a uniform minute and second.
 */
export const injectLiquidity: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.liquidity;
  const declines = Math.max(t.minFailed + 1, sized(4, 8, intensity));
  const issuer = ctx.counterparty('card_issuer');
  const income = Math.max(fromCny(ctx, 2_000_00), ctx.monthlyIncomeCents);
  // Declines of the three forms in turn: a card bill, a purchase, a transfer; each at an hour its type has in the log.
  const FORMS = ['Card Repayment', 'Purchase', 'Transfer Out'] as const;
  const lows = lowPoints(ctx, declines, (k) => hourLike(ctx, FORMS[k % 3], { awake: true }));
  for (let k = 0; k < declines; k++) {
    const at = lows[k]?.at ?? atDayHour(ctx, randomDay(ctx, 5, 1), hourLike(ctx, FORMS[k % 3], { awake: true }));
    const above = lows[k]?.headroomCents ?? 0;
    const form = k % 3;
    if (form === 0) {
      add(ctx, {
        at,
        type: 'Card Repayment',
        channel: 'AUTO_DEBIT',
        counterparty: issuer,
        amountCents: -roundLike(ctx.rng, above + income * uniform(ctx.rng, 1.2, 2.5), 1),
        location: ctx.homeCountry,
        remark: ctx.remark('card_repayment'),
        outcome: 'failed',
        signal: 'liquidity',
      });
    } else if (form === 1) {
      const what = pick(ctx.rng, SPIKE_PURCHASES);
      add(ctx, {
        at,
        type: 'Purchase',
        channel: pick(ctx.rng, ['POS', 'ONLINE'] as const),
        counterparty: ctx.counterparty(what.kind),
        amountCents: -roundLike(ctx.rng, above + income * uniform(ctx.rng, 0.6, 1.4), 1),
        location: ctx.homeCountry,
        remark: pick(ctx.rng, what.remarks),
        outcome: 'failed',
        signal: 'liquidity',
      });
    } else {
      add(ctx, {
        at,
        type: 'Transfer Out',
        channel: 'TRANSFER',
        counterparty: ctx.counterparty('person'),
        amountCents: -roundLike(ctx.rng, above + income * uniform(ctx.rng, 0.8, 1.6), 10),
        location: ctx.homeCountry,
        remark: pick(ctx.rng, ['Money to parents', 'Transfer to family', 'Transfer to friend']),
        outcome: 'failed',
        signal: 'liquidity',
      });
    }
  }
  const pairs = sized(1, 3, intensity);
  for (let k = 0; k < pairs; k++) {
    const d0 = randomDay(ctx, 5, 5);
    const lent = roundLike(ctx.rng, income * uniform(ctx.rng, 0.2, 0.6), 100);
    const inAt = atDayHour(ctx, d0, hourLike(ctx, 'Transfer In'));
    // The bill is paid 0–2 days later at the hour card bills have in the log (within the detector's borrowing window).
    let payAt = atDayHour(ctx, d0 + int(ctx.rng, 0, 2) * DAY_S, hourLike(ctx, 'Card Repayment'));
    if (payAt <= inAt) payAt += DAY_S;
    add(ctx, {
      at: inAt,
      type: 'Transfer In',
      channel: 'TRANSFER',
      counterparty: ctx.counterparty('person'),
      amountCents: lent,
      location: ctx.homeCountry,
      remark: ctx.remark('transfer_in'),
      outcome: 'success',
      signal: 'liquidity',
    });
    add(ctx, {
      at: Math.min(payAt, ctx.period.end - 60),
      type: 'Card Repayment',
      channel: 'ONLINE',
      counterparty: issuer,
      amountCents: -Math.round(lent * uniform(ctx.rng, 0.85, 1)),
      location: ctx.homeCountry,
      remark: ctx.remark('card_repayment'),
      outcome: 'success',
      signal: 'liquidity',
    });
  }
};
