import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../signals/thresholds.js';
import { int, lognormal, pick } from '../../random/draw.js';
import { add, atHours, randomDay, sample, sized } from './util.js';
import { NIGHT_KINDS, NIGHT_REMARKS } from './words.js';

/**
 * Nighttime: online spending between 00:00 and 04:59. New night purchases at many different platforms (each
 * paid at night at most twice, so it never looks like a night-shift routine) make 12% (intensity 0) to 30%
 * (intensity 1) of discretionary outflows; a few existing purchases are also moved into the night.
 */
export const injectNighttime: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.nighttime;
  const outflows = ctx.events.filter((e) => (e.type === 'Purchase' || e.type === 'Transfer Out') && e.amountCents < 0);
  const share = 0.12 + 0.18 * Math.min(1, Math.max(0, intensity));
  const fresh = Math.max(t.minRows + 2, Math.ceil((share * outflows.length) / (1 - share)));
  let merchant = '';
  for (let k = 0; k < fresh; k++) {
    if (k % 2 === 0 || int(ctx.rng, 0, 2) === 0) merchant = ctx.counterparty(pick(ctx.rng, NIGHT_KINDS));
    add(ctx, {
      at: atHours(ctx.rng, randomDay(ctx), 0, 4),
      type: 'Purchase',
      channel: pick(ctx.rng, ['ONLINE', 'ONLINE', 'QR'] as const),
      counterparty: merchant,
      amountCents: -Math.round(lognormal(ctx.rng, Math.log(90 + 120 * intensity), 0.8) * 100),
      location: ctx.homeCountry,
      remark: pick(ctx.rng, NIGHT_REMARKS),
      outcome: 'declinable',
      signal: 'nighttime',
    });
  }
  // Moved purchases keep their merchant; the detector only counts them when that merchant is not a night routine.
  for (const e of sample(ctx.rng, outflows.filter((e) => e.type === 'Purchase'), sized(1, 4, intensity))) {
    const day0 = Math.floor(e.at / 86_400) * 86_400;
    e.at = atHours(ctx.rng, day0, 0, 4);
    e.signal = 'nighttime';
  }
};
