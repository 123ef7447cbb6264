import type { InjectContext, Injector, SynthEvent } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { int, pick, uniform } from '../../random/draw.js';
import { DAY_S, NIGHT_HOURS, add, amountLike, atDayHour, gapLike, hourLike, randomDay, refundedPurchases, roundCny, roundingOf, sample, sized, winsorizedOutflow, fromCny } from './util.js';

/** Destinations of overseas spending (ISO 3166 alpha-2). */
const COUNTRIES = ['JP', 'TH', 'KR', 'SG', 'MY', 'US', 'FR', 'GB', 'AU', 'IT', 'AE', 'MO'] as const;

/**
 * Overseas: repeated spending abroad — 2 (intensity 0) to 4 (intensity 1) trips in different slices of the year,
 * to different countries, each with a cash withdrawal there. A trip is a stretch of days: the home purchases that fall
 * in it (never one with a refund) are made abroad instead — re-merchanted and 30–80% dearer, as travel is — at the
 * times they had, so the rows of a trip come as often as the traveller's rows do at home (pulling purchases in from
 * the rest of the year would pack the trips, and their rows would be told apart by the gap to the previous row,
 * issue #13). Trips start at 5–10 days and grow a day at a time until 20% (intensity 0) to 40% (intensity 1) of
 * discretionary outflow money, measured the way the detector does (winsorised), is spent abroad, up to an eighth of
 * the period (longer trips would empty whole months of home spending); when that is not enough, up to 40% of the
 * other home purchases join the trips, then new purchases abroad, at the hours the log's purchases have.
 */
export const injectOverseas: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.overseas;
  const x = Math.min(1, Math.max(0, intensity));
  // Above the detector's 10% with room for later signals (seasonal splurges, spikes) that add home spending.
  const share = 0.2 + 0.2 * x;
  const trips = sized(2, 4, x);
  const span = Math.floor((ctx.period.end - ctx.period.start) / DAY_S);
  const starts: number[] = [];
  const limits: number[] = [];
  for (let k = 0; k < trips; k++) {
    const from = Math.floor((span * k) / trips);
    const to = Math.max(from + 1, Math.floor((span * (k + 1)) / trips) - 8);
    starts.push(randomDay(ctx, from, span - to));
    limits.push(ctx.period.start + Math.floor((span * (k + 1)) / trips) * DAY_S);
  }
  const lengths = starts.map(() => int(ctx.rng, 5, 10));
  const countries = sample(ctx.rng, COUNTRIES, trips);
  const measure = () => {
    const all = winsorizedOutflow(ctx.events, t.types, t.winsorMultiple);
    let abroad = 0;
    for (const e of ctx.events) if (e.amountCents < 0 && e.location !== ctx.homeCountry && (t.types as readonly string[]).includes(e.type)) abroad += Math.min(-e.amountCents, all.cap);
    return { abroad, total: all.cents, cap: all.cap };
  };
  for (let k = 0; k < trips; k++) {
    add(ctx, {
      at: atDayHour(ctx, starts[k] + DAY_S, hourLike(ctx, 'ATM Withdrawal', { awake: true })),
      type: 'ATM Withdrawal',
      channel: 'ATM',
      counterparty: ctx.counterparty(`overseas_atm@${countries[k]}`),
      amountCents: -roundCny(Math.max(fromCny(ctx, 500_00), ctx.monthlyIncomeCents * uniform(ctx.rng, 0.05, 0.15)), 100),
      location: countries[k],
      remark: ctx.remark('atm_withdrawal'),
      outcome: 'success',
      signal: 'overseas',
    });
  }
  const refunded = refundedPurchases(ctx.events);
  const movable = ctx.events.filter((e) => e.type === 'Purchase' && e.amountCents < 0 && e.location === ctx.homeCountry && !e.signal && !refunded.has(e));
  const hourOf = (at: number): number => Math.floor((at % DAY_S) / 3600);
  const tripOf = (at: number): number => {
    for (let k = 0; k < trips; k++) if (at >= starts[k] && at < Math.min(limits[k], starts[k] + lengths[k] * DAY_S)) return k;
    return -1;
  };
  // A time in trip k: a day of it, at the hour of one of the log's purchases.
  // Of four such times, the one whose gap to the row before is most like the log's purchases' (`gapLike`): rows
  // brought into a trip would otherwise crowd it, and come just after one another.
  const tripTime = (k: number): number => {
    const days = Math.max(1, Math.min(lengths[k], Math.floor((limits[k] - starts[k]) / DAY_S)));
    const draw = (): number => atDayHour(ctx, starts[k] + int(ctx.rng, 0, days - 1) * DAY_S, hourLike(ctx, 'Purchase', { awake: true }));
    return gapLike(ctx, 'Purchase')([draw(), draw(), draw(), draw()]);
  };
  const relocate = (e: SynthEvent, k: number): void => {
    // Dearer abroad, and rounded as the purchase was (a round purchase at home stays round abroad).
    const unit = roundingOf(-e.amountCents);
    const dearer = Math.max(100, Math.round(-e.amountCents * uniform(ctx.rng, 1.3, 1.8)));
    e.amountCents = -(unit > 1 ? Math.max(unit, Math.round(dearer / unit) * unit) : dearer);
    if (tripOf(e.at) !== k) e.at = tripTime(k);
    else if (hourOf(e.at) >= NIGHT_HOURS[0] && hourOf(e.at) < NIGHT_HOURS[1]) {
      // A night worker on holiday shops by day: a night purchase of the trip's days moves to a waking hour that day.
      e.at = atDayHour(ctx, Math.floor(e.at / DAY_S) * DAY_S, hourLike(ctx, 'Purchase', { awake: true }));
    }
    e.location = countries[k];
    e.counterparty = ctx.counterparty(`overseas_merchant@${countries[k]}`);
    e.remark = ctx.remarkFor(e.counterparty, 'overseas_purchase');
    e.channel = pick(ctx.rng, ['POS', 'POS', 'ONLINE'] as const);
    e.signal = 'overseas';
  };
  let moved = 0;
  const goAbroad = (): void => {
    for (const e of movable) {
      if (e.signal) continue;
      const k = tripOf(e.at);
      if (k < 0) continue;
      relocate(e, k);
      moved++;
    }
  };
  goAbroad();
  let m = measure();
  const maxDays = Math.floor(span / 8);
  for (let grow = 0; (m.abroad < share * m.total || moved < t.minRows + 2) && lengths.reduce((a, b) => a + b, 0) < maxDays && grow < span; grow++) {
    lengths[grow % trips]++;
    goAbroad();
    m = measure();
  }
  // Still short (a sparse log): home purchases from the rest of the year join the trips, at the hours purchases have.
  const rest = sample(ctx.rng, movable.filter((e) => !e.signal), Math.floor(0.4 * movable.length));
  for (const e of rest) {
    if (m.abroad >= share * m.total && moved >= t.minRows + 2) break;
    relocate(e, moved % trips);
    moved++;
    if (moved % 4 === 0) m = measure();
  }
  m = measure();
  // Not enough to move: new purchases abroad, each below the detector's winsorising cap and half a month's income.
  for (let guard = 0; (m.abroad < share * m.total || moved < t.minRows + 2) && guard < 60; guard++, moved++) {
    const k = moved % trips;
    const need = (share * m.total - m.abroad) / (1 - share);
    // Below the winsorising cap, and below half a month's income so that no purchase abroad reads as a spike
    // (on a base whose everyday outflows are large against income, 0.9 × the cap would).
    const amount = amountLike(ctx, 'Purchase', Math.max(fromCny(ctx, 100_00), Math.min(0.9 * m.cap, 0.5 * ctx.monthlyIncomeCents, need / 2 + fromCny(ctx, 100_00))), -1);
    const name = ctx.counterparty(`overseas_merchant@${countries[k]}`);
    add(ctx, {
      at: tripTime(k),
      type: 'Purchase',
      channel: pick(ctx.rng, ['POS', 'POS', 'ONLINE'] as const),
      counterparty: name,
      amountCents: -amount,
      location: countries[k],
      remark: ctx.remarkFor(name, 'overseas_purchase'),
      outcome: 'success',
      signal: 'overseas',
    });
    m = measure();
  }
};
