import type { InjectContext, Injector, SynthEvent } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { chance, int, lognormal, uniform } from '../../random/draw.js';
import { DAY_S, add, atDayHour, everydaySized, hourLike, randomDay, sample } from './util.js';

/**
 * Refunds: many returns. A share of 0.2 (intensity 0) to 0.4 (intensity 1) of purchases — at least 6 — get
 * a refund 1–20 days later at the same counterparty, full (60%) or partial; the purchase is made to go
 * through (`success`) so the pair holds. When the log has too few purchases, online orders are added first.
 */
export const injectRefunds: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.refunds;
  const latest = ctx.period.end - 2 * DAY_S;
  const eligible = (): SynthEvent[] => {
    const refunded = new Set<SynthEvent>();
    for (const e of ctx.events) if (e.type === 'Refund' && e.refundOf) refunded.add(e.refundOf);
    return ctx.events.filter((e) => e.type === 'Purchase' && e.amountCents < 0 && e.at < latest && !refunded.has(e));
  };
  let pool = eligible();
  const purchases = ctx.events.filter((e) => e.type === 'Purchase').length;
  const rate = 0.2 + 0.2 * Math.min(1, Math.max(0, intensity));
  const want = Math.max(t.minRefunds + 2, Math.ceil(rate * Math.max(purchases, 1) * 1.15));
  const merchant = ctx.counterparty('online_shop');
  for (let k = pool.length; k < want + 2; k++) {
    add(ctx, {
      at: atDayHour(ctx, randomDay(ctx, 0, 25), hourLike(ctx, 'Purchase', { awake: true })),
      type: 'Purchase',
      channel: 'ONLINE',
      counterparty: k % 2 ? merchant : ctx.counterparty('online_shop'),
      amountCents: -Math.round(lognormal(ctx.rng, Math.log(everydaySized(ctx, 180)), 0.7) * 100),
      location: ctx.homeCountry,
      remark: ctx.remark('online_shopping'),
      outcome: 'success',
      signal: 'refunds',
    });
  }
  pool = eligible();
  for (const p of sample(ctx.rng, pool, want)) {
    p.outcome = 'success';
    p.signal ??= 'refunds';
    // 1–20 days and up to six hours later, to the second: a refund at its purchase's minute and second, days on,
    // would repeat the purchase's clock (the fingerprint issue #13 names).
    const refundAt = Math.min(p.at + int(ctx.rng, 1, 20) * DAY_S + int(ctx.rng, 0, 6 * 3600 - 1), ctx.period.end - 60);
    if (refundAt <= p.at) continue;
    const full = chance(ctx.rng, 0.6);
    add(ctx, {
      at: refundAt,
      type: 'Refund',
      channel: p.channel === 'POS' ? 'POS' : 'ONLINE',
      counterparty: p.counterparty,
      amountCents: full ? -p.amountCents : Math.max(1, Math.round(-p.amountCents * uniform(ctx.rng, 0.2, 0.9))),
      location: p.location,
      remark: ctx.remark('refund'),
      outcome: 'success',
      refundOf: p,
      signal: 'refunds',
    });
  }
};
