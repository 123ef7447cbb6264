import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../signals/thresholds.js';
import { int, uniform } from '../../random/draw.js';
import { DAY, add, atHours, randomDay, roundCny, sample, sized } from './util.js';
import { FITTING_SUPPLIER } from './words.js';

/**
 * Liquidity (SME): a thin working-capital buffer shows as supplier payments that bounce. 3 (intensity 0) to
 * 6 (intensity 1) supplier payments are declined; for existing ones the payment goes through 4–10 days later,
 * others are new payments to a supplier that fits the business.
 */
export const injectLiquiditySme: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.liquidity_sme;
  const want = Math.max(t.minFailed + 1, sized(3, 6, intensity));
  const existing = ctx.events.filter((e) => e.type === 'Supplier Payment' && e.amountCents < 0 && e.at < ctx.period.end - 12 * DAY);
  const picked = sample(ctx.rng, existing, Math.ceil(want / 2));
  for (const ev of picked) {
    add(ctx, { ...ev, outcome: 'failed', signal: 'liquidity_sme', loan: undefined, refundOf: undefined });
    ev.at += int(ctx.rng, 4, 10) * DAY;
    ev.outcome = 'success';
    ev.signal = 'liquidity_sme';
  }
  const fit = FITTING_SUPPLIER[ctx.businessCategory ?? ''] ?? { kind: 'goods_wholesaler', remark: 'goods_purchase' };
  const supplier = ctx.counterparty(fit.kind);
  const income = Math.max(10_000_00, ctx.monthlyIncomeCents);
  for (let k = picked.length; k < want; k++) {
    add(ctx, {
      at: atHours(ctx.rng, randomDay(ctx, 10, 1), 9, 17),
      type: 'Supplier Payment',
      channel: 'TRANSFER',
      counterparty: supplier,
      amountCents: -roundCny(income * uniform(ctx.rng, 0.1, 0.5), 10),
      location: ctx.homeCountry,
      remark: ctx.remark(fit.remark),
      outcome: 'failed',
      signal: 'liquidity_sme',
    });
  }
};
