import type { Rng } from '../random/rng.js';
import { int } from '../random/draw.js';
import type { SynthEvent } from './event.js';

/**
 * The number of rows the base events aim at: uniform in [lo + f0·(hi − lo), lo + f1·(hi − lo)] for the profile's
 * fill range [f0, f1]; the rest of the range is headroom for injected signals.
 */
export function targetRows(rng: Rng, lo: number, hi: number, fill: readonly [number, number]): number {
  const a = Math.ceil(lo + fill[0] * (hi - lo));
  const b = Math.floor(lo + fill[1] * (hi - lo));
  return b <= a ? Math.max(lo, Math.min(hi, a)) : int(rng, a, b);
}

/**
 * Removes events until at most `max` remain, deterministically (the log's stream picks which), in tiers so that
 * the signals and the labelled structure survive whenever possible:
 * 1. discretionary base events (the `discretionary` set) that carry no signal;
 * 2. any other event without a signal and outside a loan;
 * 3. any event outside a loan;
 * 4. loan repayments (the installment is then recorded as missed);
 * 5. whole loans, disbursement and repayments, newest first.
 * A purchase that a refund still points to is removed only together with the choice of that refund later on (its
 * refund is then dropped by `finalize`, which never keeps an unpaired refund).
 */
export function thinEvents(events: SynthEvent[], max: number, rng: Rng, discretionary: ReadonlySet<SynthEvent>): SynthEvent[] {
  if (events.length <= max) return events;
  const referenced = new Set<SynthEvent>();
  for (const ev of events) if (ev.refundOf) referenced.add(ev.refundOf);
  const tiers: Array<(ev: SynthEvent) => boolean> = [
    (ev) => discretionary.has(ev) && !ev.signal && !referenced.has(ev),
    (ev) => !ev.signal && !ev.loan && !referenced.has(ev),
    (ev) => !ev.loan,
    (ev) => !!ev.loan && ev.loan.installment > 0,
  ];
  let current = events;
  for (const tier of tiers) {
    const excess = current.length - max;
    if (excess <= 0) return current;
    current = dropSome(current, tier, excess, rng);
  }
  let excess = current.length - max;
  if (excess > 0) {
    // Whole loans, newest first (by loan id order of appearance, last opened first).
    const ids = [...new Set(current.filter((e) => e.loan).map((e) => (e.loan as { loanId: string }).loanId))].reverse();
    for (const id of ids) {
      if (excess <= 0) break;
      const before = current.length;
      current = current.filter((e) => e.loan?.loanId !== id);
      excess -= before - current.length;
    }
  }
  return current;
}

function dropSome(events: SynthEvent[], eligible: (ev: SynthEvent) => boolean, count: number, rng: Rng): SynthEvent[] {
  const idx: number[] = [];
  for (let i = 0; i < events.length; i++) if (eligible(events[i])) idx.push(i);
  const k = Math.min(count, idx.length);
  if (k === 0) return events;
  // Partial Fisher–Yates: the first k of a uniform shuffle of the eligible indices.
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rng.next() * (idx.length - i));
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  const drop = new Set(idx.slice(0, k));
  return events.filter((_, i) => !drop.has(i));
}
