import type { Flow, FlowVariant, SpendingCategory } from '../schema/profile.js';
import type { Channel } from '../schema/transaction-types.js';
import { TYPE_DIRECTION } from '../schema/transaction-types.js';
import type { Rng } from '../random/rng.js';
import { chance, int, normal } from '../random/draw.js';
import { DAY_S, civil, dayStart, daysInMonth } from './calendar.js';
import { drawAmount, drawAmountAtLevel, unitsToCents } from './amounts.js';
import { OVERSEAS_COUNTRIES } from './data/names.js';
import { synthEvent, type Period, type SynthEvent } from './event.js';
import type { Vocabulary } from './vocabulary.js';
import { cumulative, guideTable, sampleCum, sampleGuided } from './sample-cum.js';

/** Default hour-of-day weights of discretionary spending: quiet at night, peaks at lunch and in the evening. */
export const DEFAULT_HOURS: readonly number[] = [
  0.3, 0.15, 0.08, 0.05, 0.05, 0.1, 0.4, 1.2, 2.2, 2.4, 2.6, 3.2, 4.2, 3.4, 2.8, 2.8, 3.0, 3.6, 4.4, 4.6, 4.0, 3.0, 1.8, 0.8,
];
/** Default weekday weights Monday..Sunday: a little more on weekends. */
export const DEFAULT_WEEKDAYS: readonly number[] = [1, 1, 1, 1, 1.1, 1.35, 1.25];

/** What base-event construction needs from the log being built. */
export interface BaseContext {
  rng: Rng;
  period: Period;
  vocab: Vocabulary;
  homeCountry: string;
  /** Seasonal multiplier per day of the period (from `dayMultipliers`: shared, never written). */
  seasons: Float64Array;
  /**
   * The period discretionary spending's day tables cover, and the weight of each of its days (seasons × calendar
   * weights; shared, never written). Usually `period` and `seasons`; a log that covers a window of a longer profile
   * period (`activity`) draws its days from the window's part of the profile period's table.
   */
  tablePeriod: Period;
  dayWeights: Float64Array;
  events: SynthEvent[];
  /** The log's amount level and its loading per spending category index (profiles with `log_effects`). */
  levels?: LogLevels;
  /**
   * The log's regular counterparties per spending category name, shared by every draw of the log (its spending, the
   * balance walk's reserve, top-ups): a category's `pool` bounds the log's regulars, not each draw's. Absent: each
   * call starts its own pools.
   */
  regulars?: Map<string, string[]>;
}

/**
 * A log's amount levels per spending category index: level (standard normal score) and loading, and, under
 * `log_effects.repeats`, each category's repeat share with the amounts the log has drawn of it so far (shared by
 * every draw of the log, the balance walk's reserve and top-ups too).
 */
export interface LogLevels {
  z: ArrayLike<number>;
  loading: ArrayLike<number>;
  repeat?: ArrayLike<number>;
  drawn?: number[][];
  /** Under `log_effects.tails`: each category's tail loading and the log's anchor among its large amounts. */
  tail?: ArrayLike<number>;
  anchor?: ArrayLike<number>;
}

/**
 * A category's amount for a log with levels: with the category's repeat share, an amount the log already drew of it
 * (uniformly among its draws so far, so that an amount repeated often is repeated again: a standing order, a habitual
 * cash sum); else a fresh draw at the log's level (`drawAmountAtLevel`, its large draws near the log's anchor under
 * `tails`), which joins the log's draws.
 */
function amountAtLevels(rng: Rng, levels: LogLevels, ci: number, dist: SpendingCategory['amount']): number {
  const share = levels.repeat !== undefined ? levels.repeat[ci] : 0;
  const tail = levels.tail !== undefined ? levels.tail[ci] : 0;
  const anchor = levels.anchor !== undefined ? levels.anchor[ci] : 0;
  if (share <= 0 || levels.drawn === undefined) return drawAmountAtLevel(rng, dist, levels.z[ci], levels.loading[ci], tail, anchor);
  const drawn = levels.drawn[ci];
  if (drawn.length > 0 && rng.next() < share) return drawn[int(rng, 0, drawn.length - 1)];
  const amount = drawAmountAtLevel(rng, dist, levels.z[ci], levels.loading[ci], tail, anchor);
  drawn.push(amount);
  return amount;
}

/** One occurrence time (local seconds) per cadence step of a flow, inside the period. */
export function flowTimes(rng: Rng, flow: Flow, period: Period): number[] {
  const out: number[] = [];
  const h0 = Math.min(flow.hours[0], flow.hours[1]);
  const h1 = Math.max(flow.hours[0], flow.hours[1]);
  const at = (dayAt: number): void => {
    if (dayAt < period.start || dayAt >= period.end) return;
    out.push(dayAt + int(rng, h0, h1) * 3600 + int(rng, 0, 59) * 60 + int(rng, 0, 59));
  };
  const jitter = (): number => (flow.jitter_days > 0 ? int(rng, -flow.jitter_days, flow.jitter_days) : 0);
  const inMonth = (year: number, month: number, day: number): number => {
    const d = Math.min(Math.max(1, day + jitter()), daysInMonth(year, month));
    return dayStart(year, month, d);
  };
  const months = monthsOf(period);
  switch (flow.cadence) {
    case 'monthly':
      for (const [y, m] of months) at(inMonth(y, m, flow.day));
      break;
    case 'semimonthly':
      for (const [y, m] of months) {
        at(inMonth(y, m, flow.day));
        at(inMonth(y, m, flow.day + 15));
      }
      break;
    case 'quarterly':
    case 'annual': {
      const wanted = flow.months ?? (flow.cadence === 'quarterly' ? [1, 4, 7, 10] : [1]);
      for (const [y, m] of months) if (wanted.includes(m)) at(inMonth(y, m, flow.day));
      break;
    }
    case 'weekly':
    case 'biweekly': {
      const step = flow.cadence === 'weekly' ? 7 : 14;
      for (let d = period.start + int(rng, 0, step - 1) * DAY_S; d < period.end; d += step * DAY_S) at(d + jitter() * DAY_S);
      break;
    }
    case 'irregular': {
      const [lo, hi] = flow.per_month ?? [1, 4];
      for (const [y, m] of months) {
        const n = int(rng, Math.round(lo), Math.round(hi));
        const last = daysInMonth(y, m);
        for (let k = 0; k < n; k++) at(dayStart(y, m, int(rng, 1, last)));
      }
      break;
    }
  }
  return out;
}

/** Calendar months [year, month] that overlap the period. */
export function monthsOf(period: Period): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const a = civil(period.start);
  const b = civil(period.end - 1);
  for (let y = a.year, m = a.month; y < b.year || (y === b.year && m <= b.month); m === 12 ? (y++, (m = 1)) : m++) out.push([y, m]);
  return out;
}

/** Expected occurrences per month of a flow, for income estimates. */
export function flowsPerMonth(flow: Flow): number {
  switch (flow.cadence) {
    case 'monthly':
      return 1;
    case 'semimonthly':
      return 2;
    case 'biweekly':
      return 30.44 / 14;
    case 'weekly':
      return 30.44 / 7;
    case 'quarterly':
      return (flow.months?.length ?? 4) / 12;
    case 'annual':
      return (flow.months?.length ?? 1) / 12;
    case 'irregular': {
      const [lo, hi] = flow.per_month ?? [1, 4];
      return (lo + hi) / 2;
    }
  }
}

/**
 * Adds the events of every recurring flow the log has (income first, then obligations) and returns the expected
 * monthly income in cents (level × occurrences per month, summed over income flows). Levels of flows marked
 * `scale_with_income` are multiplied by `incomeScale`.
 */
export function addFlows(ctx: BaseContext, flows: readonly Flow[], isIncome: boolean, incomeScale = 1): number {
  let monthly = 0;
  for (const written of flows) {
    if (written.probability < 1 && !chance(ctx.rng, written.probability)) continue;
    const variant = written.variants ? pickVariant(ctx.rng, written.variants) : undefined;
    const flow = variant ? withVariant(written, variant) : written;
    const level = drawAmount(ctx.rng, flow.amount) * (flow.scale_with_income ? incomeScale : 1) * (variant?.amount_scale ?? 1);
    if (isIncome) monthly += level * flowsPerMonth(flow);
    const sign = signOf(flow.type, isIncome);
    const pool: string[] = [];
    const fixedName = flow.fixed_counterparty ? ctx.vocab.counterparty(flow.counterparty) : '';
    // One landlord, one lease: a fixed counterparty's rows all carry the same label (with the month where it has one).
    if (flow.fixed_counterparty) ctx.vocab.pinRemark(fixedName, flow.remark);
    let times = flowTimes(ctx.rng, flow, ctx.period);
    if (variant?.skip_months) times = skipMonths(ctx.rng, times, variant.skip_months);
    for (const at of times) {
      let units = level;
      if (flow.variation > 0) units *= Math.exp(normal(ctx.rng, 0, flow.variation));
      if (flow.seasonal) units *= ctx.seasons[Math.floor((at - ctx.period.start) / DAY_S)] ?? 1;
      let name = fixedName;
      if (!flow.fixed_counterparty) {
        if (pool.length < 4 && (pool.length === 0 || chance(ctx.rng, 0.5))) pool.push(ctx.vocab.counterparty(flow.counterparty));
        name = pool[int(ctx.rng, 0, pool.length - 1)];
      }
      ctx.events.push(
        synthEvent({
          at,
          type: flow.type,
          channel: flow.channel,
          counterparty: name,
          amountCents: sign * unitsToCents(units),
          location: ctx.homeCountry,
          remark: ctx.vocab.remarkFor(name, flow.remark, civil(at).month),
          outcome: sign < 0 && flow.declinable ? 'declinable' : 'success',
        }),
      );
    }
  }
  return Math.round(monthly * 100);
}

/** One of a flow's variants, drawn by weight. */
function pickVariant(rng: Rng, variants: readonly FlowVariant[]): FlowVariant {
  let total = 0;
  for (const v of variants) total += v.weight;
  let u = rng.next() * total;
  for (const v of variants) if ((u -= v.weight) < 0) return v;
  return variants[variants.length - 1];
}

/** The flow as a variant runs it: the variant's fields replace the flow's. */
function withVariant(flow: Flow, v: FlowVariant): Flow {
  return {
    ...flow,
    cadence: v.cadence ?? flow.cadence,
    months: v.months ?? (v.cadence && v.cadence !== flow.cadence ? undefined : flow.months),
    hours: v.hours ?? flow.hours,
    variation: v.variation ?? flow.variation,
    remark: v.remark ?? flow.remark,
  };
}

/** The times left when `range` (drawn count) of the calendar months they fall in are dropped whole. */
function skipMonths(rng: Rng, times: number[], range: readonly [number, number]): number[] {
  const months = [...new Set(times.map((at) => { const c = civil(at); return c.year * 12 + c.month; }))];
  const n = Math.min(months.length - 1, int(rng, Math.round(range[0]), Math.round(range[1])));
  if (n <= 0) return times;
  const dropped = new Set<number>();
  while (dropped.size < n) dropped.add(months[int(rng, 0, months.length - 1)]);
  return times.filter((at) => { const c = civil(at); return !dropped.has(c.year * 12 + c.month); });
}

function signOf(type: Flow['type'], isIncome: boolean): 1 | -1 {
  const d = TYPE_DIRECTION[type];
  if (d === 0) return isIncome ? 1 : -1;
  return d;
}

/** The log's regular counterparties of a spending category (a new, empty list the first time). */
function regularsOf(ctx: BaseContext, name: string): string[] {
  if (!ctx.regulars) return [];
  let pool = ctx.regulars.get(name);
  if (!pool) ctx.regulars.set(name, (pool = []));
  return pool;
}

/** Per-category sampling tables: cumulative day, hour and channel weights (shared by every log of a profile/period). */
interface CategoryTable {
  cat: SpendingCategory;
  dayCum: Float64Array;
  /** Where `sampleCum` over `dayCum` starts looking, per equal slice of its total (`guideTable`). */
  dayGuide: Int32Array;
  /** Slices of `dayCum`'s total per unit of weight. */
  dayGuideScale: number;
  hourCum: Float64Array;
  channels: Channel[];
  channelCum: Float64Array;
}

interface SpendingTables {
  categoryCum: Float64Array;
  tables: CategoryTable[];
  /** Calendar month (1–12) of each day of the period. */
  monthOfDay: Int8Array;
}

// Per category list, then per seasons array (one per profile and period, shared and never written: see `dayMultipliers`).
const tableCache = new WeakMap<readonly SpendingCategory[], WeakMap<Float64Array, SpendingTables & { start: number; end: number }>>();

/**
 * Adds `count` discretionary events drawn from the profile's spending categories: category by weight, day by
 * weekday weight × seasonal multiplier, hour by hour weight, amount from the category's distribution, channel from its
 * mix, counterparty from a per-log pool of regulars. Purchases may get a paired refund (`refund_rate`).
 * Returns the events created (purchases and refunds), so the caller can rescale and thin them.
 */
export function addSpending(ctx: BaseContext, categories: readonly SpendingCategory[], count: number): SynthEvent[] {
  const created: SynthEvent[] = [];
  if (count <= 0) return created;
  const { categoryCum, tables, monthOfDay } = spendingTables(ctx, categories);
  const pools: string[][] = categories.map((c) => regularsOf(ctx, c.name));
  // The log's days within the table: all of them, or the window of a log shorter than the profile's period.
  const first = Math.round((ctx.period.start - ctx.tablePeriod.start) / DAY_S);
  const last = Math.min(ctx.dayWeights.length, first + Math.round((ctx.period.end - ctx.period.start) / DAY_S)) - 1;
  for (let k = 0; k < count; k++) {
    const ci = sampleCum(categoryCum, ctx.rng.next() * categoryCum[categoryCum.length - 1]);
    const t = tables[ci];
    const cat = t.cat;
    const pool = pools[ci];
    const below = first > 0 ? t.dayCum[first - 1] : 0;
    const day = sampleGuided(t.dayCum, t.dayGuide, t.dayGuideScale, below + ctx.rng.next() * (t.dayCum[last] - below));
    const hour = sampleCum(t.hourCum, ctx.rng.next() * t.hourCum[23]);
    const at = ctx.tablePeriod.start + day * DAY_S + hour * 3600 + int(ctx.rng, 0, 3599);
    if (at >= ctx.period.end || at < ctx.period.start) continue;
    const overseas = cat.overseas_rate > 0 && chance(ctx.rng, cat.overseas_rate);
    if (pool.length < cat.pool && (pool.length === 0 || chance(ctx.rng, 0.35))) pool.push(ctx.vocab.counterparty(cat.counterparty));
    const country = overseas ? OVERSEAS_COUNTRIES[int(ctx.rng, 0, OVERSEAS_COUNTRIES.length - 1)] : ctx.homeCountry;
    const counterparty = overseas ? ctx.vocab.counterparty(`overseas_merchant@${country}`) : pool[int(ctx.rng, 0, pool.length - 1)];
    const sign = cat.direction ? (cat.direction === 'in' ? 1 : -1) : TYPE_DIRECTION[cat.type] === 1 ? 1 : -1;
    const ev = synthEvent({
      at,
      type: cat.type,
      channel: t.channels[sampleCum(t.channelCum, ctx.rng.next() * t.channelCum[t.channelCum.length - 1])],
      counterparty,
      amountCents: sign * unitsToCents(ctx.levels ? amountAtLevels(ctx.rng, ctx.levels, ci, cat.amount) : drawAmount(ctx.rng, cat.amount)),
      location: country,
      remark: ctx.vocab.remarkFor(counterparty, overseas ? 'overseas_purchase' : cat.remark, monthOfDay[day]),
      outcome: sign < 0 ? 'declinable' : 'success',
    });
    created.push(ev);
    if (cat.type === 'Purchase' && cat.refund_rate > 0 && chance(ctx.rng, cat.refund_rate)) {
      const full = chance(ctx.rng, 0.6);
      const refundAt = at + int(ctx.rng, 1, 30) * DAY_S + int(ctx.rng, -3600, 3600);
      if (refundAt < ctx.period.end) {
        created.push(
          synthEvent({
            at: refundAt,
            type: 'Refund',
            channel: ev.channel === 'POS' ? 'POS' : 'ONLINE',
            counterparty,
            amountCents: full ? -ev.amountCents : Math.max(1, Math.round(-ev.amountCents * (0.2 + 0.6 * ctx.rng.next()))),
            location: ev.location,
            remark: ctx.vocab.remark('refund'),
            outcome: 'success',
            refundOf: ev,
          }),
        );
      }
    }
  }
  for (const ev of created) ctx.events.push(ev);
  return created;
}


function spendingTables(ctx: BaseContext, categories: readonly SpendingCategory[]): SpendingTables {
  let bySeasons = tableCache.get(categories);
  if (!bySeasons) {
    bySeasons = new WeakMap();
    tableCache.set(categories, bySeasons);
  }
  const tp = ctx.tablePeriod;
  let hit = bySeasons.get(ctx.dayWeights);
  if (!hit || hit.start !== tp.start || hit.end !== tp.end) {
    const categoryCum = cumulative(categories.map((c) => c.weight));
    const monthOfDay = new Int8Array(ctx.dayWeights.length);
    for (let d = 0; d < monthOfDay.length; d++) monthOfDay[d] = civil(tp.start + d * DAY_S).month;
    hit = { categoryCum, tables: categories.map((cat) => categoryTable(ctx, cat)), monthOfDay, start: tp.start, end: tp.end };
    bySeasons.set(ctx.dayWeights, hit);
  }
  return hit;
}


function categoryTable(ctx: BaseContext, cat: SpendingCategory): CategoryTable {
  const weekdays = cat.weekdays ?? DEFAULT_WEEKDAYS;
  const days = ctx.dayWeights.length;
  const dayCum = new Float64Array(days);
  const firstWeekday = civil(ctx.tablePeriod.start).weekday;
  let acc = 0;
  for (let d = 0; d < days; d++) {
    acc += weekdays[(firstWeekday + d) % 7] * ctx.dayWeights[d];
    dayCum[d] = acc;
  }
  let channels = Object.keys(cat.channels).sort() as Channel[];
  let channelWeights = channels.map((c) => cat.channels[c] ?? 0);
  if (!(channelWeights.reduce((a, b) => a + b, 0) > 0)) {
    channels = ['POS'];
    channelWeights = [1];
  }
  const hours = cat.hours && cat.hours.some((h) => h > 0) ? cat.hours : DEFAULT_HOURS;
  const total = days > 0 ? dayCum[days - 1] : 0;
  const dayGuideScale = total > 0 ? days / total : 0;
  return { cat, dayCum, dayGuide: guideTable(dayCum, dayGuideScale), dayGuideScale, hourCum: cumulative(hours), channels, channelCum: cumulative(channelWeights) };
}
