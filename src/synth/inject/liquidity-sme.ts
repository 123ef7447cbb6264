import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { pick, uniform } from '../../random/draw.js';
import { add, atDayHour, hourLike, lowPoints, randomDay, roundLike, sized, fromCny } from './util.js';
import { FITTING_SUPPLIER } from './words.js';

/**
 * Liquidity (SME): a thin working-capital buffer shows as supplier payments that bounce. 4 (intensity 0) to
 * 6 (intensity 1) payments to one of the business's own suppliers (or a new one that fits the business) are
 * declined, placed where the running balance is lowest and sized at 60–120% of a month's revenue, so they bounce
 * for the reason they appear to.
 */
export const injectLiquiditySme: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.liquidity_sme;
  const want = Math.max(t.minFailed + 1, sized(3, 6, intensity));
  const fit = FITTING_SUPPLIER[ctx.businessCategory ?? ''] ?? { kind: 'goods_wholesaler', remark: 'goods_purchase' };
  const own = [...new Set(ctx.events.filter((e) => e.type === 'Supplier Payment' && e.amountCents < 0).map((e) => e.counterparty))].sort();
  const supplier = own.length ? pick(ctx.rng, own) : ctx.counterparty(fit.kind);
  const income = Math.max(fromCny(ctx, 10_000_00), ctx.monthlyIncomeCents);
  // At the hours supplier payments have in the log, on days when the money is short.
  const lows = lowPoints(ctx, want, () => hourLike(ctx, 'Supplier Payment'));
  for (let k = 0; k < want; k++) {
    add(ctx, {
      at: lows[k]?.at ?? atDayHour(ctx, randomDay(ctx, 10, 1), hourLike(ctx, 'Supplier Payment')),
      type: 'Supplier Payment',
      channel: 'TRANSFER',
      counterparty: supplier,
      amountCents: -roundLike(ctx.rng, (lows[k]?.headroomCents ?? 0) + income * uniform(ctx.rng, 0.6, 1.2), 10),
      location: ctx.homeCountry,
      remark: ctx.remark(fit.remark),
      outcome: 'failed',
      signal: 'liquidity_sme',
    });
  }
};
