import type { InjectContext, Injector, SynthEvent } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../signals/thresholds.js';
import { int, pick, uniform } from '../../random/draw.js';
import { DAY, add, atHours, randomDay, roundCny, sample, sized } from './util.js';

/** Destinations of overseas spending (ISO 3166 alpha-2). */
const COUNTRIES = ['JP', 'TH', 'KR', 'SG', 'MY', 'US', 'FR', 'GB', 'AU', 'IT', 'AE', 'MO'] as const;

/**
 * Overseas: repeated spending abroad — 2 (intensity 0) to 4 (intensity 1) trips in different slices of the year,
 * to different countries. Existing home purchases are moved into the trips (relocated, re-merchanted and 30–80%
 * dearer, as travel is) until about 15% to 35% of discretionary outflow money is spent abroad, and each trip
 * gets a cash withdrawal there.
 */
export const injectOverseas: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.overseas;
  const x = Math.min(1, Math.max(0, intensity));
  const isOut = (e: SynthEvent): boolean => e.amountCents < 0 && (e.type === 'Purchase' || e.type === 'ATM Withdrawal' || e.type === 'Transfer Out');
  let total = 0;
  for (const e of ctx.events) if (isOut(e)) total -= e.amountCents;
  const share = 0.15 + 0.2 * x;
  const trips = sized(2, 4, x);
  const span = Math.floor((ctx.period.end - ctx.period.start) / DAY);
  const starts: number[] = [];
  for (let k = 0; k < trips; k++) {
    const from = Math.floor((span * k) / trips);
    const to = Math.max(from + 1, Math.floor((span * (k + 1)) / trips) - 8);
    starts.push(randomDay(ctx, from, span - to));
  }
  const countries = sample(ctx.rng, COUNTRIES, trips);
  let abroad = 0;
  for (let k = 0; k < trips; k++) {
    const cash = roundCny(Math.max(500_00, (share * total) / (trips * 4)), 100);
    add(ctx, {
      at: atHours(ctx.rng, starts[k] + DAY, 9, 21),
      type: 'ATM Withdrawal',
      channel: 'ATM',
      counterparty: ctx.counterparty('overseas_merchant'),
      amountCents: -cash,
      location: countries[k],
      remark: ctx.remark('atm_withdrawal'),
      outcome: 'success',
      signal: 'overseas',
    });
    abroad += cash;
    total += cash;
  }
  const movable = ctx.events.filter((e) => e.type === 'Purchase' && e.amountCents < 0 && e.location === ctx.homeCountry && !e.signal);
  let moved = 0;
  for (const e of sample(ctx.rng, movable, movable.length)) {
    if (abroad >= share * total && moved >= t.minRows + 2) break;
    const k = moved % trips;
    const before = -e.amountCents;
    e.amountCents = -Math.max(100, Math.round(before * uniform(ctx.rng, 1.3, 1.8)));
    total += -e.amountCents - before;
    abroad -= e.amountCents;
    e.at = atHours(ctx.rng, starts[k] + int(ctx.rng, 0, 6) * DAY, 8, 22);
    e.location = countries[k];
    e.counterparty = ctx.counterparty('overseas_merchant');
    e.remark = ctx.remark('overseas_purchase');
    e.channel = pick(ctx.rng, ['POS', 'POS', 'ONLINE'] as const);
    e.signal = 'overseas';
    moved++;
  }
  // A log with too few purchases to move gets new ones abroad.
  for (; abroad < share * total || moved < t.minRows + 2; moved++) {
    const k = moved % trips;
    const amount = roundCny(Math.max(200_00, (share * total) / (t.minRows + 2)), 1);
    add(ctx, {
      at: atHours(ctx.rng, starts[k] + int(ctx.rng, 0, 6) * DAY, 8, 22),
      type: 'Purchase',
      channel: pick(ctx.rng, ['POS', 'POS', 'ONLINE'] as const),
      counterparty: ctx.counterparty('overseas_merchant'),
      amountCents: -amount,
      location: countries[k],
      remark: ctx.remark('overseas_purchase'),
      outcome: 'declinable',
      signal: 'overseas',
    });
    abroad += amount;
    total += amount;
  }
};
