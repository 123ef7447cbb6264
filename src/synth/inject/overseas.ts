import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { int, pick, uniform } from '../../random/draw.js';
import { DAY_S, add, atHours, randomDay, refundedPurchases, roundCny, roundLike, sample, sized, winsorizedOutflow } from './util.js';

/** Destinations of overseas spending (ISO 3166 alpha-2). */
const COUNTRIES = ['JP', 'TH', 'KR', 'SG', 'MY', 'US', 'FR', 'GB', 'AU', 'IT', 'AE', 'MO'] as const;

/**
 * Overseas: repeated spending abroad — 2 (intensity 0) to 4 (intensity 1) trips in different slices of the year,
 * to different countries, each with a cash withdrawal there. Up to 40% of the home purchases (never one with a
 * refund) move into the trips — relocated, re-merchanted and 30–80% dearer, as travel is — and new purchases abroad
 * make up the rest, until 20% (intensity 0) to 40% (intensity 1) of discretionary outflow money, measured the way the
 * detector does (winsorised), is spent abroad.
 */
export const injectOverseas: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.overseas;
  const x = Math.min(1, Math.max(0, intensity));
  // Above the detector's 10% with room for later signals (seasonal splurges, spikes) that add home spending.
  const share = 0.2 + 0.2 * x;
  const trips = sized(2, 4, x);
  const span = Math.floor((ctx.period.end - ctx.period.start) / DAY_S);
  const starts: number[] = [];
  for (let k = 0; k < trips; k++) {
    const from = Math.floor((span * k) / trips);
    const to = Math.max(from + 1, Math.floor((span * (k + 1)) / trips) - 8);
    starts.push(randomDay(ctx, from, span - to));
  }
  const countries = sample(ctx.rng, COUNTRIES, trips);
  const measure = () => {
    const all = winsorizedOutflow(ctx.events, t.types, t.winsorMultiple);
    let abroad = 0;
    for (const e of ctx.events) if (e.amountCents < 0 && e.location !== ctx.homeCountry && (t.types as readonly string[]).includes(e.type)) abroad += Math.min(-e.amountCents, all.cap);
    return { abroad, total: all.cents, cap: all.cap };
  };
  for (let k = 0; k < trips; k++) {
    add(ctx, {
      at: atHours(ctx.rng, starts[k] + DAY_S, 9, 21),
      type: 'ATM Withdrawal',
      channel: 'ATM',
      counterparty: ctx.counterparty(`overseas_atm@${countries[k]}`),
      amountCents: -roundCny(Math.max(500_00, ctx.monthlyIncomeCents * uniform(ctx.rng, 0.05, 0.15)), 100),
      location: countries[k],
      remark: ctx.remark('atm_withdrawal'),
      outcome: 'success',
      signal: 'overseas',
    });
  }
  const refunded = refundedPurchases(ctx.events);
  const movable = ctx.events.filter((e) => e.type === 'Purchase' && e.amountCents < 0 && e.location === ctx.homeCountry && !e.signal && !refunded.has(e));
  const limit = Math.floor(0.4 * movable.length);
  let moved = 0;
  let m = measure();
  for (const e of sample(ctx.rng, movable, limit)) {
    if (m.abroad >= share * m.total && moved >= t.minRows + 2) break;
    const k = moved % trips;
    e.amountCents = -Math.max(100, Math.round(-e.amountCents * uniform(ctx.rng, 1.3, 1.8)));
    e.at = atHours(ctx.rng, starts[k] + int(ctx.rng, 0, 6) * DAY_S, 8, 22);
    e.location = countries[k];
    e.counterparty = ctx.counterparty(`overseas_merchant@${countries[k]}`);
    e.remark = ctx.remarkFor(e.counterparty, 'overseas_purchase');
    e.channel = pick(ctx.rng, ['POS', 'POS', 'ONLINE'] as const);
    e.signal = 'overseas';
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
    const amount = roundLike(ctx.rng, Math.max(100_00, Math.min(0.9 * m.cap, 0.5 * ctx.monthlyIncomeCents, need / 2 + 100_00)), 1);
    const name = ctx.counterparty(`overseas_merchant@${countries[k]}`);
    add(ctx, {
      at: atHours(ctx.rng, starts[k] + int(ctx.rng, 0, 6) * DAY_S, 8, 22),
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

