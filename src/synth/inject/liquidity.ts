import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../signals/thresholds.js';
import { int, lognormal, pick, uniform } from '../../random/draw.js';
import { add, atHours, randomDay, roundCny, sized } from './util.js';

/**
 * Liquidity (personal): payments declined for lack of money — 4 (intensity 0) to 8 (intensity 1) FAILED
 * card repayments, purchases and transfers near month ends — and 1 to 3 episodes of borrowing from a person
 * to pay the card bill (a Transfer In followed within two days by a Card Repayment of 85–100% of it).
 */
export const injectLiquidity: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.liquidity;
  const declines = Math.max(t.minFailed + 1, sized(4, 8, intensity));
  const purchases = ctx.events.filter((e) => e.type === 'Purchase' && e.amountCents < 0);
  const issuer = ctx.counterparty('card_issuer');
  const income = Math.max(2_000_00, ctx.monthlyIncomeCents);
  for (let k = 0; k < declines; k++) {
    const day = randomDay(ctx, 5, 1);
    const form = k % 3;
    if (form === 0) {
      add(ctx, {
        at: atHours(ctx.rng, day, 6, 10),
        type: 'Card Repayment',
        channel: 'AUTO_DEBIT',
        counterparty: issuer,
        amountCents: -roundCny(income * uniform(ctx.rng, 0.3, 0.9), 1),
        location: ctx.homeCountry,
        remark: ctx.remark('card_repayment'),
        outcome: 'failed',
        signal: 'liquidity',
      });
    } else if (form === 1 && purchases.length) {
      const p = pick(ctx.rng, purchases);
      add(ctx, { ...p, at: atHours(ctx.rng, day, 9, 22), amountCents: -Math.round(lognormal(ctx.rng, Math.log(250), 0.6) * 100), outcome: 'failed', signal: 'liquidity', refundOf: undefined, loan: undefined });
    } else {
      add(ctx, {
        at: atHours(ctx.rng, day, 9, 22),
        type: 'Transfer Out',
        channel: 'TRANSFER',
        counterparty: ctx.counterparty('person'),
        amountCents: -roundCny(income * uniform(ctx.rng, 0.1, 0.4), 10),
        location: ctx.homeCountry,
        remark: ctx.remark('transfer_out'),
        outcome: 'failed',
        signal: 'liquidity',
      });
    }
  }
  const pairs = sized(1, 3, intensity);
  for (let k = 0; k < pairs; k++) {
    const d0 = randomDay(ctx, 5, 5);
    const lent = roundCny(income * uniform(ctx.rng, 0.2, 0.6), 100);
    const inAt = atHours(ctx.rng, d0, 9, 20);
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
      at: Math.min(inAt + int(ctx.rng, 1, 36) * 3600, ctx.period.end - 60),
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
