import type { SynthEvent } from './event.js';

/** The golden-ratio fraction: spreads amounts that were out of range over the top or the bottom of the range. */
const SPREAD = 0.6180339887498949;

/**
 * Brings every base purchase (no signal) whose merchant has an amount range (`rangeOf`, in CNY; `cnyPerUnit`
 * converts it into the account's currency) inside that range, in place: an amount above it lands in the top 35% of
 * the range, one below it in the bottom 15% (on a log scale, so a cheap purchase stays cheap), at a place its own
 * digits pick (no draw from the stream, so logs without such purchases are unchanged). A refund of a moved purchase moves with it in proportion.
 */
export function keepToMerchantRanges(events: readonly SynthEvent[], rangeOf: (counterparty: string) => readonly [number, number] | undefined, cnyPerUnit: number): void {
  let refunds: Map<SynthEvent, SynthEvent[]> | null = null;
  for (const ev of events) {
    if (ev.type !== 'Purchase' || ev.amountCents >= 0 || ev.signal) continue;
    const range = rangeOf(ev.counterparty);
    if (!range) continue;
    const lo = Math.round((range[0] / cnyPerUnit) * 100);
    const hi = Math.round((range[1] / cnyPerUnit) * 100);
    const abs = -ev.amountCents;
    if (abs >= lo && abs <= hi) continue;
    const f = (abs * SPREAD) % 1;
    const share = abs > hi ? 1 - 0.35 * f : 0.15 * f;
    const moved = Math.max(lo, Math.min(hi, Math.round(lo * Math.pow(hi / lo, share))));
    if (!refunds) {
      refunds = new Map();
      for (const r of events) {
        if (!r.refundOf) continue;
        const list = refunds.get(r.refundOf);
        if (list) list.push(r);
        else refunds.set(r.refundOf, [r]);
      }
    }
    for (const r of refunds.get(ev) ?? []) r.amountCents = Math.max(1, Math.min(moved, Math.round((r.amountCents * moved) / abs)));
    ev.amountCents = -moved;
  }
}
