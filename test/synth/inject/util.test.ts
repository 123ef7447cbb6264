import { describe, expect, it } from 'vitest';
import type { InjectContext, SynthEvent } from '../../../src/synth/event.js';
import { createRng } from '../../../src/random/rng.js';
import fc from 'fast-check';
import { DAY_S, HOUR_S, lowPoints, refundedPurchases, roundCny, sized, sortByTime, winsorizedOutflow } from '../../../src/synth/inject/util.js';

const T0 = Date.UTC(2023, 0, 1) / 1000;
const ev = (day: number, hour: number, amountCents: number, extra: Partial<SynthEvent> = {}): SynthEvent => ({
  at: T0 + day * DAY_S + hour * HOUR_S,
  type: amountCents > 0 ? 'Salary' : 'Purchase',
  channel: 'TRANSFER',
  counterparty: 'X',
  amountCents,
  location: 'CN',
  remark: 'r',
  outcome: 'success',
  ...extra,
});
const ctxOf = (events: SynthEvent[]): InjectContext => ({
  rng: createRng('util-test'),
  period: { start: T0, end: T0 + 365 * DAY_S },
  clientKind: 'personal',
  businessCategory: null,
  homeCountry: 'CN',
  events,
  loans: [],
  monthlyIncomeCents: 800_000,
  counterparty: (k) => k,
  remark: (k) => k,
  remarkFor: (_c, k) => k,
});

describe('sized', () => {
  it('interpolates between the sizes at intensity 0 and 1 and clamps outside', () => {
    expect([sized(3, 6, 0), sized(3, 6, 0.5), sized(3, 6, 1), sized(3, 6, -1), sized(3, 6, 2)]).toEqual([3, 5, 6, 3, 6]);
  });
});

describe('roundCny', () => {
  it('rounds cents to whole units of yuan, never below one unit', () => {
    expect(roundCny(123_456, 100)).toBe(120_000); // 1,234.56 CNY → 1,200
    expect(roundCny(4_000, 100)).toBe(10_000); // 40 CNY → at least 100
  });
});

describe('winsorizedOutflow', () => {
  it('caps each outflow at multiple × the median', () => {
    // outflows 10, 20, 30, 1000 CNY: median 25, cap 10 × 25 = 250 → 10 + 20 + 30 + 250 = 310 CNY
    const events = [ev(1, 10, -1000), ev(2, 10, -2000), ev(3, 10, -3000), ev(4, 10, -100_000), ev(5, 10, 500_000)];
    expect(winsorizedOutflow(events, ['Purchase'], 10)).toEqual({ cents: 31_000, cap: 25_000 });
  });
});

describe('refundedPurchases', () => {
  it('collects the purchases that refunds point back to', () => {
    const p = ev(1, 10, -5000);
    const events = [p, ev(2, 10, -100), ev(5, 10, 5000, { type: 'Refund', refundOf: p })];
    expect([...refundedPurchases(events)]).toEqual([p]);
  });
});

describe('lowPoints', () => {
  it('finds the lowest moments of the running balance, in daytime, in time order', () => {
    // Salary on day 10 of each month, a big rent on day 5: the running sum is lowest just after each rent.
    const events: SynthEvent[] = [];
    for (let m = 0; m < 12; m++) {
      events.push(ev(m * 30 + 5, 2, -600_000, { type: 'Rent' }));
      events.push(ev(m * 30 + 10, 9, 620_000));
    }
    const lows = lowPoints(ctxOf(events), 3);
    expect(lows).toHaveLength(3);
    for (const p of lows) {
      const day = Math.floor((p.at - T0) / DAY_S);
      const hour = Math.floor(((p.at - T0) % DAY_S) / HOUR_S);
      expect(day % 30).toBe(5); // the rent day itself (the low came at 02:00, so the same morning)
      expect(hour).toBeGreaterThanOrEqual(8);
      expect(hour).toBeLessThan(12);
      expect(p.headroomCents).toBeGreaterThanOrEqual(0);
    }
    // The running sum after rent m is −600,000 + m × 20,000: the three lowest are months 0, 1, 2.
    expect(lows.map((p) => Math.floor((p.at - T0) / DAY_S))).toEqual([5, 35, 65]);
    expect(lows.map((p) => p.headroomCents)).toEqual([0, 20_000, 40_000]);
  });
  it('retries around the lows when there are fewer low moments than declines', () => {
    const events = [ev(100, 12, -500_000), ev(101, 12, 5_000_000)];
    const lows = lowPoints(ctxOf(events), 3);
    expect(lows).toHaveLength(3);
    for (const p of lows) expect(p.at).toBeGreaterThan(events[0].at);
  });
  it('returns nothing for an empty log', () => {
    expect(lowPoints(ctxOf([]), 4)).toEqual([]);
  });
});

describe('sortByTime', () => {
  it('orders as a stable comparator sort on `at`, whole or fractional, negative or huge times included', () => {
    const at = fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: -3, max: 3 }).map((k) => k * 86_400), fc.constantFrom(0.5, -1.25, 2 ** 41, -(2 ** 41)));
    fc.assert(
      fc.property(fc.array(at, { maxLength: 60 }), (times) => {
        const events = times.map((t, i) => ev(0, 0, -(i + 1), { at: t }));
        const expected = events.slice().sort((a, b) => a.at - b.at);
        expect(sortByTime(events.slice())).toEqual(expected);
        expect(sortByTime(events.slice()).map((e) => e.amountCents)).toEqual(expected.map((e) => e.amountCents));
      }),
      { numRuns: 500, seed: 11 },
    );
  });
});
