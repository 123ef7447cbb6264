import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { int, pick, uniform } from '../../random/draw.js';
import { DAY_S, add, atDayHour, fromCny, hourLike, medianOutflow, sized } from './util.js';
import { SEASON_KINDS, SEASON_PURCHASES } from './words.js';
import { civil, dayStart, daysInMonth } from '../calendar.js';

/**
 * Seasonality: an abnormal seasonal swing. One festival month (Spring Festival, National Day or Double 11 when
 * inside the period) gets a splurge of purchases: 3.8× (intensity 0) to 6× (intensity 1) the median month's
 * purchase count and 4.5× to 8× the upper-quartile month's money, funded by a one-off year-end bonus paid just before it.
 * The month is one the log covers whole; a log of fewer than `minMonths` months cannot carry the signal (not injected).
 */
export const injectSeasonality: Injector = (ctx: InjectContext, intensity: number): boolean => {
  const t = DEFAULT_THRESHOLDS.seasonality;
  const first = civil(ctx.period.start);
  const last = civil(ctx.period.end - 1);
  const months: Array<[number, number]> = [];
  for (let y = first.year, m = first.month; y < last.year || (y === last.year && m <= last.month); m === 12 ? ((m = 1), y++) : m++) months.push([y, m]);
  // A swing needs `minMonths` months to stand out from (a log that covers part of the period may be shorter), and
  // the splurge a whole month inside the log.
  const whole = months.filter(([y, m]) => dayStart(y, m, 1) >= ctx.period.start && dayStart(y, m, 1) + daysInMonth(y, m) * DAY_S <= ctx.period.end);
  if (months.length < t.minMonths || whole.length === 0) return false;
  const counts = new Map<string, number>();
  const amounts = new Map<string, number>();
  for (const e of ctx.events) {
    if (e.type !== 'Purchase' || e.amountCents >= 0) continue;
    const c = civil(e.at);
    const key = `${c.year}-${c.month}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    amounts.set(key, (amounts.get(key) ?? 0) - e.amountCents);
  }
  const med = (xs: number[]): number => {
    const s = xs.slice().sort((a, b) => a - b);
    return s.length ? s[s.length >> 1] : 0;
  };
  const mc = Math.max(1, med(months.map(([y, m]) => counts.get(`${y}-${m}`) ?? 0)));
  // Money is sized from the upper quartile month, not the median: declines and later signals move the median
  // month the detector sees, and the peak must clear it whatever they do.
  const q3 = (xs: number[]): number => {
    const s = xs.slice().sort((a, b) => a - b);
    return s.length ? s[Math.floor(0.75 * (s.length - 1))] : 0;
  };
  const ma = Math.max(fromCny(ctx, 100_00), q3(months.map(([y, m]) => amounts.get(`${y}-${m}`) ?? 0)));
  const festive = whole.filter(([, m]) => m === 1 || m === 2 || m === 10 || m === 11);
  const [year, month] = pick(ctx.rng, festive.length ? festive : whole);
  const key = `${year}-${month}`;
  const x = Math.min(1, Math.max(0, intensity));
  const wantCount = Math.max(t.minPeakRows + 2, Math.ceil(mc * (3.8 + 2.2 * x)));
  const wantMoney = ma * (4.5 + 3.5 * x);
  const n = Math.max(t.minPeakRows + 2 + sized(0, 4, x), wantCount - (counts.get(key) ?? 0));
  // At least an everyday outflow of the log's own a purchase (50 CNY when that is less): a splurge of purchases
  // smaller than what the account usually spends would pull its median everyday outflow down, under which a large
  // outflow of its own reads as a spike (a cash-era account whose purchases are few and whose withdrawals are large).
  const each = Math.max(fromCny(ctx, 50_00), medianOutflow(ctx.events, DEFAULT_THRESHOLDS.spikes.types));
  const money = Math.max(n * each, wantMoney - (amounts.get(key) ?? 0));
  const start = dayStart(year, month, 1);
  const days = daysInMonth(year, month);
  add(ctx, {
    at: atDayHour(ctx, Math.max(ctx.period.start, start - int(ctx.rng, 3, 10) * DAY_S), hourLike(ctx, 'Salary')),
    type: 'Salary',
    channel: 'TRANSFER',
    counterparty: ctx.counterparty('employer'),
    amountCents: Math.round(money * uniform(ctx.rng, 0.8, 1.1)),
    location: ctx.homeCountry,
    remark: ctx.remark('bonus'),
    outcome: 'success',
    signal: 'seasonality',
  });
  const weights = Array.from({ length: n }, () => uniform(ctx.rng, 0.4, 1.6));
  const total = weights.reduce((a, b) => a + b, 0);
  for (let k = 0; k < n; k++) {
    const kind = pick(ctx.rng, SEASON_KINDS);
    add(ctx, {
      at: atDayHour(ctx, start + int(ctx.rng, 0, days - 1) * DAY_S, hourLike(ctx, 'Purchase', { awake: true })),
      type: 'Purchase',
      channel: pick(ctx.rng, SEASON_PURCHASES[kind].channels),
      counterparty: ctx.counterparty(kind),
      amountCents: -Math.max(100, Math.round((money * weights[k]) / total)),
      location: ctx.homeCountry,
      // What this kind of merchant sells for the festival (a banquet at a restaurant, not at an airline).
      remark: pick(ctx.rng, SEASON_PURCHASES[kind].remarks),
      outcome: 'success',
      signal: 'seasonality',
    });
  }
  return true;
};
