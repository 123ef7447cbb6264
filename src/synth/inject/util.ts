import type { TransactionType } from '../../schema/transaction-types.js';
import { int, shuffle } from '../../random/draw.js';
import type { Rng } from '../../random/rng.js';
import { DAY_S } from '../calendar.js';
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

/**
 * `k` moments when the account is likely at its lowest. The events' running sum (relative: the opening balance is
 * not known yet; events meant to fail left out) is computed in time order; candidates are the points in the bottom
 * quarter of its range, picked lowest first and at least `gapDays` apart, and when there are too few, further
 * attempts follow 1–3 days after earlier ones (a payment retried and declined again). Each moment is in daytime
 * shortly after the event that made the low (the next morning for a low made at night). A decline sized above
 * `headroomCents` plus a month's buffer then fails for the reason it appears to.
 */
export function lowPoints(ctx: InjectContext, k: number, gapDays = 10): LowPoint[] {
  const evs = sortByTime(ctx.events.filter((e) => e.outcome !== 'failed' && e.at >= ctx.period.start && e.at < ctx.period.end - DAY_S));
  if (evs.length === 0 || k <= 0) return [];
  let run = 0;
  const points = evs.map((e) => ({ at: e.at, level: (run += e.amountCents) }));
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of points) (lo = Math.min(lo, p.level)), (hi = Math.max(hi, p.level));
  const cut = lo + 0.25 * (hi - lo);
  const candidates = points.filter((p) => p.level <= cut).sort((a, b) => a.level - b.level || a.at - b.at);
  const out: LowPoint[] = [];
  for (const p of candidates) {
    if (out.length >= k) break;
    if (!out.every((q) => Math.abs(q.at - p.at) >= gapDays * DAY_S)) continue;
    const hour = Math.floor((p.at % DAY_S) / HOUR_S);
    const day0 = Math.floor(p.at / DAY_S) * DAY_S + (hour >= 20 ? DAY_S : 0);
    const at = hour >= 8 && hour < 20 ? p.at + 60 * (5 + Math.floor(ctx.rng.next() * 90)) : day0 + (8 + Math.floor(ctx.rng.next() * 4)) * HOUR_S + Math.floor(ctx.rng.next() * 3600);
    if (at < ctx.period.end) out.push({ at, headroomCents: p.level - lo });
  }
  for (let j = 0; out.length > 0 && out.length < k && j < 4 * k; j++) {
    const base = out[j % out.length];
    const at = base.at + (1 + Math.floor(ctx.rng.next() * 3)) * DAY_S;
    if (at < ctx.period.end) out.push({ at, headroomCents: base.headroomCents });
  }
  return out.sort((a, b) => a.at - b.at);
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
