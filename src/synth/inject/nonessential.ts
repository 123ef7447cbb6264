import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { civil } from '../calendar.js';
import { pick, uniform } from '../../random/draw.js';
import { DAY_S, add, amountLike, atHours, randomDay, sized, fromCny } from './util.js';
import { LUXURY } from './words.js';

/**
 * Nonessential (SME): luxury and entertainment spending out of the business account — 4 (intensity 0) to 9
 * (intensity 1) purchases at jewellers, golf clubs, karaoke clubs, boutiques, resorts, spas, mostly on
 * weekends and evenings, each 3–25% of a month's revenue.
 */
export const injectNonessential: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.nonessential;
  const rows = Math.max(t.minRows + 1, sized(4, 9, intensity));
  const income = Math.max(fromCny(ctx, 10_000_00), ctx.monthlyIncomeCents);
  for (let k = 0; k < rows; k++) {
    const cls = pick(ctx.rng, LUXURY);
    let day = randomDay(ctx, 0, 3);
    const wd = civil(day).weekday;
    if (wd < 5) day += (5 - wd) * DAY_S;
    add(ctx, {
      at: Math.min(atHours(ctx.rng, day, 14, 22), ctx.period.end - 60),
      type: 'Purchase',
      channel: pick(ctx.rng, ['POS', 'POS', 'ONLINE', 'QR'] as const),
      counterparty: ctx.counterparty(cls.kind),
      amountCents: -amountLike(ctx, 'Purchase', income * uniform(ctx.rng, 0.03, 0.25), -1, 10),
      location: ctx.homeCountry,
      remark: pick(ctx.rng, cls.remarks),
      outcome: 'declinable',
      signal: 'nonessential',
    });
  }
};
