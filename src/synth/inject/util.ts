import type { TransactionType } from '../../schema/transaction-types.js';
import { int, shuffle } from '../../random/draw.js';
import type { Rng } from '../../random/rng.js';
import { DAY_S, civil } from '../calendar.js';
import { INCOME_TYPES } from '../../signals/view.js';
import { median } from '../../log/statistics.js';
import { HOUR_S } from '../../log/time-units.js';
import { openLoanEvents, type LoanTerms } from '../loans.js';
import { sortedBySecond } from '../time-order.js';
import { synthEvent, type InjectContext, type SynthEvent, type SynthEventInit, type SynthLoan } from '../event.js';

export { DAY_S };
export { HOUR_S } from '../../log/time-units.js';

/** An injection size: `lo` at intensity 0 rising linearly to `hi` at intensity 1, rounded. */
export function sized(lo: number, hi: number, intensity: number): number {
  const x = Math.min(1, Math.max(0, intensity));
  return Math.round(lo + (hi - lo) * x);
}

/** Local seconds at 00:00 of a uniformly drawn day in [start + fromDays, end − toDaysBeforeEnd). */
export function randomDay(ctx: InjectContext, fromDays = 0, toDaysBeforeEnd = 1): number {
  const first = Math.floor(ctx.period.start / DAY_S) + fromDays;
  const last = Math.floor(ctx.period.end / DAY_S) - toDaysBeforeEnd;
  return (last <= first ? first : int(ctx.rng, first, last)) * DAY_S;
}

/** A time on day `day0` (local seconds at 00:00) with the hour drawn in [h0, h1]. */
export function atHours(rng: Rng, day0: number, h0: number, h1: number): number {
  return day0 + int(rng, h0, h1) * HOUR_S + int(rng, 0, 3599);
}

/** A time on day `day0` (local seconds at 00:00) in hour `hour`, minute and second uniform. */
export function atDayHour(ctx: InjectContext, day0: number, hour: number): number {
  return day0 + hour * HOUR_S + int(ctx.rng, 0, 3599);
}

/**
 * `cnyCents` (an amount written in CNY cents) in cents of the log's currency: the same money (`ctx.cnyPerUnit`);
 * unchanged in a CNY log.
 */
export function fromCny(ctx: Pick<InjectContext, 'cnyPerUnit'>, cnyCents: number): number {
  const rate = ctx.cnyPerUnit ?? 1;
  return rate === 1 ? cnyCents : cnyCents / rate;
}

/**
 * The typical size, in units of the log's currency, of an injected everyday row written as `cnyUnits` CNY: converted
 * (`ctx.cnyPerUnit`), or the log's own everyday outflow (`ctx.everydayCents`, a fitted log's) when that is larger;
 * `cnyUnits` itself in a CNY log of a written profile.
 */
export function everydaySized(ctx: Pick<InjectContext, 'cnyPerUnit' | 'everydayCents'>, cnyUnits: number): number {
  const rate = ctx.cnyPerUnit ?? 1;
  const units = rate === 1 ? cnyUnits : cnyUnits / rate;
  const own = (ctx.everydayCents ?? 0) / 100;
  return own > units ? own : units;
}

/** Cents rounded to a whole number of `unitCny` yuan (at least one unit). */
export function roundCny(cents: number, unitCny: number): number {
  const unit = unitCny * 100;
  return Math.max(unit, Math.round(cents / unit) * unit);
}

/**
 * Cents rounded to a whole number of `unitCny` yuan, plus cents drawn uniformly in 0–99 the way base rows carry them:
 * the size stays round to the eye of the injector's arithmetic, but the printed amount has no rounding fingerprint
 * that would tell an injected row from a base row (issue #13).
 */
export function roundLike(rng: Rng, cents: number, unitCny: number): number {
  return roundCny(cents, unitCny) + int(rng, 0, 99);
}

/** The rounding of an amount (cents, > 0): the largest of 100 yuan, 10 yuan and 1 yuan it is a whole number of, else 1 cent. */
export function roundingOf(absCents: number): number {
  for (const unit of [100_00, 10_00, 1_00]) if (absCents % unit === 0) return unit;
  return 1;
}

/**
 * `cents` (> 0) given the rounding of a randomly drawn base (not injected) event of `type` and the same direction in
 * the log: a whole number of 100, 10 or 1 yuan as that row is, else the whole yuan of `cents` with cents drawn
 * uniformly, as a base row's are. So injected rows round as the log's own rows of the type do (a log whose transfers
 * are mostly round sums gets round injected transfers, issue #13). Copying the drawn row's cents instead made injected
 * rows repeat the few cents values of their log's rows of the type (97% of `risky` rows shared their cents with
 * another row of the type, against 17% of base rows): a fingerprint. Without such a base event,
 * `roundLike(rng, cents, fallbackUnitCny)`.
 */
export function amountLike(ctx: InjectContext, type: TransactionType, cents: number, direction: 1 | -1, fallbackUnitCny = 1): number {
  let count = 0;
  for (const e of ctx.events) if (e.type === type && !e.signal && Math.sign(e.amountCents) === direction) count++;
  if (count === 0) return roundLike(ctx.rng, cents, fallbackUnitCny);
  let k = int(ctx.rng, 0, count - 1);
  let abs = 0;
  for (const e of ctx.events) if (e.type === type && !e.signal && Math.sign(e.amountCents) === direction && k-- === 0) abs = Math.abs(e.amountCents);
  const unit = roundingOf(abs);
  if (unit > 1) return Math.max(unit, Math.round(cents / unit) * unit);
  return Math.max(100, Math.floor(cents / 100) * 100) + int(ctx.rng, 0, 99);
}

/** `k` distinct items drawn without replacement (fewer when the list is shorter). */
export function sample<T>(rng: Rng, items: readonly T[], k: number): T[] {
  return shuffle(rng, items).slice(0, Math.max(0, k));
}

/** Creates an event (already tagged with its signal by the caller) with `synthEvent`, pushes it and returns it. */
export function add(ctx: InjectContext, init: SynthEventInit): SynthEvent {
  const ev = synthEvent(init);
  ctx.events.push(ev);
  return ev;
}

/** Terms of an injected loan. */
export interface InjectedLoanTerms extends LoanTerms {
  disbursementChannel: 'ONLINE' | 'TRANSFER';
  repaymentChannel: 'ONLINE' | 'AUTO_DEBIT';
  outcome: 'success' | 'declinable';
}

/** Opens a loan from an injector (`openLoanEvents`), its rows marked with the injecting signal. */
export function openInjectedLoan(ctx: InjectContext, terms: InjectedLoanTerms, signal: SynthEvent['signal']): SynthLoan {
  return openLoanEvents(ctx, (kind) => ctx.remark(kind), terms, { disbursementChannel: terms.disbursementChannel, repaymentChannel: terms.repaymentChannel, outcome: terms.outcome, signal });
}

/**
 * Money of outflow events of `types` with each amount capped at `multiple` × their median (winsorised), the way
 * the Concentration and Overseas detectors measure shares; also returns the cap.
 */
export function winsorizedOutflow(events: readonly SynthEvent[], types: readonly TransactionType[], multiple: number): { cents: number; cap: number } {
  const set = new Set<string>(types);
  let count = 0;
  for (const e of events) if (e.amountCents < 0 && set.has(e.type)) count++;
  if (count === 0) return { cents: 0, cap: 0 };
  // A Float64Array sorts numbers ascending as the comparator (a, b) => a - b does, without a call per comparison
  // (injectors measure repeatedly while they add rows).
  const abs = new Float64Array(count);
  let k = 0;
  for (const e of events) if (e.amountCents < 0 && set.has(e.type)) abs[k++] = -e.amountCents;
  abs.sort();
  const h = abs.length >> 1;
  const cap = multiple * (abs.length % 2 ? abs[h] : (abs[h - 1] + abs[h]) / 2);
  let cents = 0;
  for (const a of abs) cents += Math.min(a, cap);
  return { cents, cap };
}

/** The median |amount| of the outflows of `types` among events (cents; 0 when none): the log's everyday scale. */
export function medianOutflow(events: readonly SynthEvent[], types: readonly string[]): number {
  const set = new Set(types);
  let count = 0;
  for (const e of events) if (e.amountCents < 0 && set.has(e.type)) count++;
  if (count === 0) return 0;
  const abs = new Float64Array(count);
  let k = 0;
  for (const e of events) if (e.amountCents < 0 && set.has(e.type)) abs[k++] = -e.amountCents;
  abs.sort();
  const h = count >> 1;
  return count % 2 ? abs[h] : (abs[h - 1] + abs[h]) / 2;
}

/** The median over calendar months with income of the income-type inflows of `events` (0 if none), as `buildView`. */
export function incomeOfMonthsWithIncome(events: readonly SynthEvent[]): number {
  const months = new Map<number, number>();
  for (const ev of events) {
    if (ev.amountCents <= 0 || ev.outcome === 'failed' || !INCOME_TYPES.has(ev.type)) continue;
    const c = civil(ev.at);
    const key = c.year * 12 + c.month;
    months.set(key, (months.get(key) ?? 0) + ev.amountCents);
  }
  return Math.round(median([...months.values()], 0));
}

/** Purchases that a refund points back to: moving them in time or place would break the pair. */
export function refundedPurchases(events: readonly SynthEvent[]): Set<SynthEvent> {
  const out = new Set<SynthEvent>();
  for (const e of events) if (e.type === 'Refund' && e.refundOf) out.add(e.refundOf);
  return out;
}

/** A moment when the account is likely near its lowest, and how far above the year's low point it stands. */
export interface LowPoint {
  at: number;
  /** Running-sum level above the lowest point of the period, cents (≥ 0). */
  headroomCents: number;
}

/** Day-time hour weights for an injected row whose type has no base row in the log to follow. */
const DAYTIME_HOURS: readonly number[] = [0, 0, 0, 0, 0, 0, 0, 0.5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.8, 0.5, 0, 0];

/** The night hours [from, to) in which `hourLike(…, { awake: true })` draws no hour (the Nighttime signal's window). */
export const NIGHT_HOURS = [0, 5] as const;

/**
 * The hour of day for an injected row of `type`: the hour of a randomly chosen base (not injected) event of that type
 * in the log, so that injected rows keep the log's own clock for the type (a card bill debited at 03:00 in this log
 * is declined at 03:00 too); the hours the profile gives the type (`typeHours`) when the log has no such base event
 * (half the SME logs have no software subscription of their own, and their injected ones are charged at night as
 * the profile's are), day-time hours when the profile has none either. Minutes and seconds are not copied
 * (a copied minute and second would repeat the base row's, the fingerprint issue #13 names). With `awake`, hours in
 * `NIGHT_HOURS` are drawn again (rows of another signal must not write night spending into a night worker's log).
 */
export function hourLike(ctx: InjectContext, type: TransactionType, opts: { awake?: boolean } = {}): number {
  const night = (h: number): boolean => opts.awake === true && h >= NIGHT_HOURS[0] && h < NIGHT_HOURS[1];
  const base = ctx.events.filter((e) => e.type === type && !e.signal);
  for (let tries = 0; base.length && tries < 8; tries++) {
    const h = Math.floor((((base[int(ctx.rng, 0, base.length - 1)].at % DAY_S) + DAY_S) % DAY_S) / HOUR_S);
    if (!night(h)) return h;
  }
  // No base event of the type in this log: the hours the profile gives the type (night hours left out with `awake`),
  // else day-time hours.
  const profiled = ctx.typeHours?.(type);
  const weights = profiled && profiled.some((w, h) => w > 0 && !night(h)) ? profiled : DAYTIME_HOURS;
  let total = 0;
  for (let h = 0; h < 24; h++) if (!night(h)) total += weights[h];
  let u = ctx.rng.next() * total;
  for (let h = 0; h < 24; h++) if (!night(h) && (u -= weights[h]) < 0) return h;
  return 12;
}

/**
 * `k` moments when the account is low, for payments that are declined for lack of money. The events' running sum
 * (relative: the opening balance is not known yet; events meant to fail left out) is computed in time order; the
 * account is low while the sum is in the bottom quarter of its range. Each moment is a day drawn uniformly over the
 * low time (so a decline falls anywhere while the money is short, not just after the payment that made it short: rows
 * placed just after another row would be told from base rows by the gap to the previous row, issue #13), at the hour
 * `hourOf(i)` gives for the i-th moment and a uniform minute and second; a draw that lands where the account is not low is drawn again.
 * `headroomCents` is the sum there above the year's lowest point: a decline sized above it plus a month's buffer
 * fails for the reason it appears to. Moments come in the order drawn (not sorted), the i-th at `hourOf(i)`.
 */
export function lowPoints(ctx: InjectContext, k: number, hourOf: (index: number) => number): LowPoint[] {
  const evs = sortByTime(ctx.events.filter((e) => e.outcome !== 'failed' && e.at >= ctx.period.start && e.at < ctx.period.end - DAY_S));
  if (evs.length === 0 || k <= 0) return [];
  const times = new Float64Array(evs.length);
  const levels = new Float64Array(evs.length);
  let run = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < evs.length; i++) {
    times[i] = evs[i].at;
    levels[i] = run += evs[i].amountCents;
    lo = Math.min(lo, run);
    hi = Math.max(hi, run);
  }
  const cut = lo + 0.25 * (hi - lo);
  // The low stretches: from an event that leaves the sum at or below the cut to the next event.
  const end = ctx.period.end - DAY_S;
  const from: number[] = [];
  const cum: number[] = [];
  let total = 0;
  for (let i = 0; i < evs.length; i++) {
    if (levels[i] > cut) continue;
    const to = i + 1 < evs.length ? times[i + 1] : end;
    if (to <= times[i]) continue;
    from.push(times[i]);
    cum.push((total += to - times[i]));
  }
  if (total <= 0) return [];
  // The level at a time: that of the last event at or before it (none before the first event: the opening level 0).
  const levelAt = (at: number): number => {
    let a = 0;
    let b = evs.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (times[m] <= at) a = m + 1;
      else b = m;
    }
    return a === 0 ? 0 : levels[a - 1];
  };
  const out: LowPoint[] = [];
  for (let tries = 0; out.length < k && tries < 40 * k; tries++) {
    const u = ctx.rng.next() * total;
    let j = 0;
    while (cum[j] <= u) j++;
    const at0 = from[j] + (u - (j > 0 ? cum[j - 1] : 0));
    const at = Math.floor(at0 / DAY_S) * DAY_S + hourOf(out.length) * HOUR_S + int(ctx.rng, 0, 3599);
    if (at < ctx.period.start || at >= ctx.period.end) continue;
    const level = levelAt(at);
    if (level > cut) continue;
    out.push({ at, headroomCents: level - lo });
  }
  return out;
}

/**
 * Sorts events by time in place, ties in their given order: the order of `sort((a, b) => a.at - b.at)`, which it uses
 * for fractional times; whole-second times (the usual case) go through the linear `sortedBySecond`.
 */
export function sortByTime(events: SynthEvent[]): SynthEvent[] {
  for (const e of events) if (!Number.isInteger(e.at)) return events.sort((a, b) => a.at - b.at);
  const sorted = sortedBySecond(events);
  for (let i = 0; i < sorted.length; i++) events[i] = sorted[i];
  return events;
}

/** Events on each side over which `gapLike` takes the local pace (as the validity audit does, `PACE_ROWS`). */
const PACE_EVENTS = 5;

/**
 * A chooser among candidate times for an injected event of `type`: the candidate whose gap to the previous event,
 * relative to the local pace (mean gap over `PACE_EVENTS` events on each side), is nearest (on a log scale) to that
 * of a randomly drawn base (not injected) event of the type in the log. A row placed where the log is busy comes
 * right after another; one placed in a quiet stretch comes long after: either way its gap to the previous row could
 * tell it from the log's own rows of the type (issue #13). With no such base event, or one candidate, the first
 * candidate. The events are read when the chooser is made.
 */
export function gapLike(ctx: InjectContext, type: TransactionType): (candidates: readonly number[]) => number {
  const times = Float64Array.from(ctx.events, (e) => e.at).sort();
  const base = ctx.events.filter((e) => e.type === type && !e.signal);
  // Index of the first time ≥ at.
  const lower = (at: number): number => {
    let a = 0;
    let b = times.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (times[m] < at) a = m + 1;
      else b = m;
    }
    return a;
  };
  // The relative gap of a row at `at` with `prev` events before it (indexes below `prev`) and `next` from index `next`.
  const relative = (at: number, prev: number, next: number): number => {
    const gap = prev > 0 ? at - times[prev - 1] : DAY_S;
    const a = Math.max(0, prev - PACE_EVENTS);
    const b = Math.min(times.length - 1, next + PACE_EVENTS - 1);
    const lo = Math.min(at, times[a] ?? at);
    const hi = Math.max(at, times[b] ?? at);
    const rows = Math.max(1, prev - a + Math.max(0, b - next + 1));
    return Math.log1p(Math.max(0, gap) / Math.max(60, (hi - lo) / rows));
  };
  return (candidates) => {
    if (candidates.length <= 1 || base.length === 0) return candidates[0];
    const b = base[int(ctx.rng, 0, base.length - 1)];
    const i = lower(b.at);
    const target = relative(b.at, i, i + 1);
    let best = candidates[0];
    let bestD = Infinity;
    for (const at of candidates) {
      const i = lower(at);
      const d = Math.abs(relative(at, i, i) - target);
      if (d < bestD) {
        bestD = d;
        best = at;
      }
    }
    return best;
  };
}
