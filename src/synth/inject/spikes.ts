import type { InjectContext, Injector, SynthEvent } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { int, pick, uniform } from '../../random/draw.js';
import { DAY_S, add, atDayHour, atHours, hourLike, medianOutflow, randomDay, roundLike, sized, fromCny } from './util.js';
import { SPIKE_PURCHASES } from './words.js';

/**
 * Spikes: 2 (intensity 0) to 4 (intensity 1) sudden outflows of 1.6–3.4 months of income (or of 8 × the median
 * everyday outflow, when that is more) each, to fresh
 * counterparties: a big purchase, a cash withdrawal or a transfer to a person. Each is funded by cashing in
 * savings (an Investment Redeem of 80–100% of it one to seven days before), so the spike drains the buffer without
 * making every later payment bounce. A log with fewer than `minBaseRows` everyday outflows first gets a few small
 * everyday purchases, so that "large" has something to be measured against.
 */
/**
 * A spike is at least this many times the log's median everyday outflow before the income multiple (1.6–3.4): at
 * least 12.8 × the median, against the detector's 8 ×, because the median the detector sees on the final log can be
 * a third to a half higher than the one seen here (on a fitted base the balance walk picks the everyday rows after
 * injection; 6 × left a margin of only 1.2 and missed about 2% of injected spikes there).
 */
const SPIKE_MEDIAN_MULTIPLE = 8;

export const injectSpikes: Injector = (ctx: InjectContext, intensity: number): void => {
  const count = sized(2, 4, intensity);
  const t = DEFAULT_THRESHOLDS.spikes;
  // Sized by the log's own scale: a month of income, or 8 × its median everyday outflow when that is larger (a base
  // whose everyday outflows are large against income, such as a fitted cash-era account), so that a spike clears
  // both of the detector's bars.
  const income = Math.max(fromCny(ctx, 3_000_00), ctx.monthlyIncomeCents, SPIKE_MEDIAN_MULTIPLE * medianOutflow(ctx.events, t.types));
  const savings = ctx.counterparty('investment');
  // A spike is measured against everyday spending: a log with too little of it gets some first.
  const everyday = ctx.events.filter((e) => e.amountCents < 0 && (t.types as readonly string[]).includes(e.type)).length;
  for (let k = everyday; k < t.minBaseRows + 4; k++) {
    const kind = pick(ctx.rng, ['grocery', 'dining', 'transport'] as const);
    add(ctx, {
      at: atHours(ctx.rng, randomDay(ctx), 8, 21),
      type: 'Purchase',
      channel: pick(ctx.rng, ['QR', 'POS'] as const),
      counterparty: ctx.counterparty(kind),
      amountCents: -Math.round(fromCny(ctx, uniform(ctx.rng, 15, 120) * 100)),
      location: ctx.homeCountry,
      remark: ctx.remark(kind),
      outcome: 'success',
      signal: 'spikes',
    });
  }
  const used = new Set<string>();
  const fresh = (kind: string): string => {
    let name = ctx.counterparty(kind);
    for (let tries = 0; used.has(name) && tries < 8; tries++) name = ctx.counterparty(kind);
    used.add(name);
    return name;
  };
  for (let k = 0; k < count; k++) {
    const amount = roundLike(ctx.rng, income * uniform(ctx.rng, 1.6 + 0.4 * intensity, 2.6 + 0.8 * intensity), 10);
    const day = randomDay(ctx, 10, 2);
    const form = int(ctx.rng, 0, 5);
    let ev: SynthEvent;
    if (form <= 3) {
      const what = pick(ctx.rng, SPIKE_PURCHASES);
      ev = {
        at: atDayHour(ctx, day, hourLike(ctx, 'Purchase', { awake: true })),
        type: 'Purchase',
        channel: pick(ctx.rng, ['POS', 'ONLINE'] as const),
        counterparty: fresh(what.kind),
        amountCents: -amount,
        location: ctx.homeCountry,
        remark: pick(ctx.rng, what.remarks),
        outcome: 'success',
        signal: 'spikes',
      };
    } else if (form === 4) {
      ev = {
        at: atDayHour(ctx, day, hourLike(ctx, 'ATM Withdrawal', { awake: true })),
        type: 'ATM Withdrawal',
        channel: 'ATM',
        counterparty: fresh('atm'),
        // A day's cash: at most 20,000 (a Chinese bank's daily limit) or two months of the log's income if more.
        amountCents: -roundLike(ctx.rng, Math.min(amount, Math.max(fromCny(ctx, 20_000_00), 2 * income)), 100),
        location: ctx.homeCountry,
        remark: ctx.remark('atm_withdrawal'),
        outcome: 'success',
        signal: 'spikes',
      };
    } else {
      ev = {
        at: atDayHour(ctx, day, hourLike(ctx, 'Transfer Out', { awake: true })),
        type: 'Transfer Out',
        channel: 'TRANSFER',
        counterparty: fresh('person'),
        amountCents: -amount,
        location: ctx.homeCountry,
        remark: ctx.remark('transfer_out'),
        outcome: 'success',
        signal: 'spikes',
      };
    }
    add(ctx, ev);
    add(ctx, {
      // Savings cashed in some days before, at any daytime hour: a redemption always a day or two ahead would make
      // the spike the row right after it, a gap the base rows do not show (issue #13).
      at: Math.max(ctx.period.start, Math.floor(ev.at / DAY_S) * DAY_S - int(ctx.rng, 1, 7) * DAY_S + int(ctx.rng, 8, 20) * 3600 + int(ctx.rng, 0, 3599)),
      type: 'Investment Redeem',
      channel: 'ONLINE',
      counterparty: savings,
      amountCents: Math.round(-ev.amountCents * uniform(ctx.rng, 0.8, 1)),
      location: ctx.homeCountry,
      remark: ctx.remark('investment_redeem'),
      outcome: 'success',
      signal: 'spikes',
    });
  }
};
