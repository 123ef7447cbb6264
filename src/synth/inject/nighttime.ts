import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { chance, lognormal, pick } from '../../random/draw.js';
import { DAY_S, add, atHours, everydaySized, randomDay, refundedPurchases, sample, sized } from './util.js';
import { NIGHT_KINDS, NIGHT_REMARKS, NIGHT_VENUE_KINDS, NIGHT_VENUE_REMARKS } from './words.js';

/**
 * Nighttime: discretionary spending between 00:00 and 04:59 that no night shift explains. New night purchases
 * make 12% (intensity 0) to 30% (intensity 1) of discretionary outflows, each about 90–210 CNY (or a fitted log's own
 * everyday outflow when larger, `everydaySized`): mostly online (live streaming, games,
 * online shops; a platform may recur), the rest by QR at bars, internet cafés and similar venues. A few existing
 * purchases are also moved into the night (they count only when their merchant is not an everyday need).
 */
export const injectNighttime: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.nighttime;
  const outflows = ctx.events.filter((e) => (e.type === 'Purchase' || e.type === 'Transfer Out') && e.amountCents < 0);
  const share = 0.12 + 0.18 * Math.min(1, Math.max(0, intensity));
  const fresh = Math.max(t.minRows + 3, Math.ceil((share * outflows.length) / (1 - share)));
  const platforms = [ctx.counterparty(pick(ctx.rng, NIGHT_KINDS)), ctx.counterparty(pick(ctx.rng, NIGHT_KINDS))];
  for (let k = 0; k < fresh; k++) {
    const online = chance(ctx.rng, 0.75);
    add(ctx, {
      at: atHours(ctx.rng, randomDay(ctx), 0, 4),
      type: 'Purchase',
      channel: online ? 'ONLINE' : 'QR',
      counterparty: online ? (chance(ctx.rng, 0.6) ? pick(ctx.rng, platforms) : ctx.counterparty(pick(ctx.rng, NIGHT_KINDS))) : ctx.counterparty(pick(ctx.rng, NIGHT_VENUE_KINDS)),
      amountCents: -Math.round(lognormal(ctx.rng, Math.log(everydaySized(ctx, 90 + 120 * intensity)), 0.8) * 100),
      location: ctx.homeCountry,
      remark: pick(ctx.rng, online ? NIGHT_REMARKS : NIGHT_VENUE_REMARKS),
      outcome: 'declinable',
      signal: 'nighttime',
    });
  }
  const refunded = refundedPurchases(ctx.events);
  for (const e of sample(ctx.rng, outflows.filter((e) => e.type === 'Purchase' && !refunded.has(e)), sized(1, 4, intensity))) {
    e.at = atHours(ctx.rng, Math.floor(e.at / DAY_S) * DAY_S, 0, 4);
    e.signal = 'nighttime';
  }
};
