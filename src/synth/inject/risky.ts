import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { chance, int, pick, uniform } from '../../random/draw.js';
import { add, amountLike, atHours, gapLike, randomDay, sized, fromCny } from './util.js';
import { RISKY_IN_REMARKS, RISKY_KINDS, RISKY_OUT_REMARKS } from './words.js';

/**
 * Risky (SME): business money moving through high-risk platforms (gaming/betting-like, crypto exchanges),
 * named by trade only. 1–2 platforms get 4 (intensity 0) to 10 (intensity 1) online top-ups, rounded as the log's
 * own transfers are, often late in the evening, with an occasional smaller payout back.
 */
export const injectRisky: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.risky;
  const platforms = [ctx.counterparty(pick(ctx.rng, RISKY_KINDS))];
  if (chance(ctx.rng, 0.5)) platforms.push(ctx.counterparty(pick(ctx.rng, RISKY_KINDS)));
  const rows = Math.max(t.minRows + 1, sized(4, 10, intensity));
  const income = Math.max(fromCny(ctx, 10_000_00), ctx.monthlyIncomeCents);
  for (let k = 0; k < rows; k++) {
    const platform = platforms[k % platforms.length];
    const payout = k > 1 && chance(ctx.rng, 0.25);
    // Rounded as the log's own transfers of that direction are (base transfers are often round sums).
    const size = income * uniform(ctx.rng, 0.05, 0.3);
    const amount = payout ? amountLike(ctx, 'Transfer In', size * uniform(ctx.rng, 0.2, 0.6), 1, 10) : amountLike(ctx, 'Transfer Out', size, -1, 1000);
    add(ctx, {
      // Of three such times, the one whose gap to the row before is most like the log's own transfers' (`gapLike`).
      at: gapLike(ctx, payout ? 'Transfer In' : 'Transfer Out')([0, 1, 2].map(() => atHours(ctx.rng, randomDay(ctx), int(ctx.rng, 0, 1) ? 20 : 12, 23))),
      type: payout ? 'Transfer In' : 'Transfer Out',
      channel: 'ONLINE',
      counterparty: platform,
      amountCents: payout ? amount : -amount,
      location: ctx.homeCountry,
      remark: pick(ctx.rng, payout ? RISKY_IN_REMARKS : RISKY_OUT_REMARKS),
      outcome: payout ? 'success' : 'declinable',
      signal: 'risky',
    });
  }
};
