import { describe, expect, it } from 'vitest';
import type { InjectContext, SynthEvent } from '../../../src/synth/event.js';
import { createRng } from '../../../src/random/rng.js';
import fc from 'fast-check';
import { DAY_S, HOUR_S, amountLike, fromCny, gapLike, hourLike, lowPoints, refundedPurchases, roundCny, roundingOf, sized, sortByTime, winsorizedOutflow } from '../../../src/synth/inject/util.js';

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

describe('fromCny', () => {
  it('converts an amount written in CNY into the log\'s currency, and leaves a CNY log\'s amount as it is', () => {
    expect(fromCny({}, 120_00)).toBe(120_00);
    expect(fromCny({ cnyPerUnit: 1 }, 3_000_00)).toBe(3_000_00);
    // 120 CNY is about 376 CZK at 0.319 CNY a koruna.
    expect(Math.round(fromCny({ cnyPerUnit: 0.319 }, 120_00))).toBe(37_618);
    expect(fromCny({ cnyPerUnit: 7.66 }, 766_00)).toBeCloseTo(100_00, 6);
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
  // Rent on day 5 of each month at 02:00, salary on day 10 at 09:00, 20,000 cents more each month than the rent: the
  // running sum is lowest between a rent and the next salary, and the lows rise month by month.
  const rentAndSalary = (): SynthEvent[] => {
    const events: SynthEvent[] = [];
    for (let m = 0; m < 12; m++) {
      events.push(ev(m * 30 + 5, 2, -600_000, { type: 'Rent' }));
      events.push(ev(m * 30 + 10, 9, 620_000));
    }
    return events;
  };
  it('draws moments only while the account is low, at the hour asked for, with the headroom above the low there', () => {
    // Range −600,000 … 240,000: the bottom quarter is ≤ −390,000, i.e. after the rents of months 0–10, until the salary.
    const lows = lowPoints(ctxOf(rentAndSalary()), 40, () => 14);
    expect(lows).toHaveLength(40);
    for (const p of lows) {
      const day = Math.floor((p.at - T0) / DAY_S);
      expect(Math.floor(((p.at - T0) % DAY_S) / HOUR_S)).toBe(14);
      expect(day % 30).toBeGreaterThanOrEqual(5);
      expect(day % 30).toBeLessThanOrEqual(9); // 14:00 on day 10 is after that month's salary
      expect(Math.floor(day / 30)).toBeLessThanOrEqual(10);
      expect(p.headroomCents).toBe(Math.floor(day / 30) * 20_000);
    }
  });
  it('spreads the moments over the low time instead of packing them just after the payment that made the low', () => {
    const lows = lowPoints(ctxOf(rentAndSalary()), 60, () => 14);
    const days = new Set(lows.map((p) => Math.floor((p.at - T0) / DAY_S) % 30));
    expect(days.size).toBe(5); // days 5–9 of the month all occur
    expect(new Set(lows.map((p) => Math.floor((p.at - T0) / DAY_S / 30))).size).toBeGreaterThan(6);
  });
  it('gives the i-th moment the hour hourOf(i) gives', () => {
    const lows = lowPoints(ctxOf(rentAndSalary()), 6, (i) => [10, 15, 20][i % 3]);
    expect(lows.map((p) => Math.floor(((p.at - T0) % DAY_S) / HOUR_S))).toEqual([10, 15, 20, 10, 15, 20]);
  });
  it('returns nothing for an empty log', () => {
    expect(lowPoints(ctxOf([]), 4, () => 12)).toEqual([]);
  });
});

describe('hourLike', () => {
  it('takes the hour of a base event of the type, never of an injected one', () => {
    const events = [ev(3, 4, -100, { type: 'Rent' }), ev(4, 23, -100, { type: 'Rent', signal: 'liquidity' }), ev(5, 11, 100)];
    const ctx = ctxOf(events);
    for (let k = 0; k < 20; k++) expect(hourLike(ctx, 'Rent')).toBe(4);
  });
  it('falls back to day-time hours for a type the log does not have', () => {
    const ctx = ctxOf([]);
    for (let k = 0; k < 200; k++) {
      const h = hourLike(ctx, 'Card Repayment');
      expect(h).toBeGreaterThanOrEqual(7);
      expect(h).toBeLessThanOrEqual(21);
    }
  });
  it("takes the profile's hours for the type when the log has no base event of it, night hours left out when awake", () => {
    const night = new Array<number>(24).fill(0);
    night[2] = 1;
    night[3] = 1;
    night[14] = 1;
    const ctx = { ...ctxOf([]), typeHours: (type: string) => (type === 'Subscription' ? night : undefined) };
    const seen = new Set<number>();
    for (let k = 0; k < 200; k++) seen.add(hourLike(ctx, 'Subscription'));
    expect([...seen].sort((a, b) => a - b)).toEqual([2, 3, 14]);
    for (let k = 0; k < 50; k++) expect(hourLike(ctx, 'Subscription', { awake: true })).toBe(14);
  });
});

describe('amountLike', () => {
  it('reads the rounding of an amount: 100 yuan, 10 yuan, 1 yuan or cents', () => {
    expect([roundingOf(300_00), roundingOf(250_00), roundingOf(257_00), roundingOf(257_31)]).toEqual([100_00, 10_00, 100, 1]);
  });
  it('rounds as a drawn base event of the type and direction does, and draws fresh cents when it has some', () => {
    const round = ctxOf([ev(1, 10, -500_00, { type: 'Transfer Out' }), ev(2, 10, -123_45, { type: 'Transfer Out', signal: 'risky' }), ev(3, 10, 77_77, { type: 'Transfer In' })]);
    for (let k = 0; k < 20; k++) expect(amountLike(round, 'Transfer Out', 1_234_56, -1)).toBe(1_200_00);
    // A row with cents: the whole yuan of the size, and cents drawn uniformly — never the drawn row's own cents
    // copied, which would make injected rows repeat their log's few cents values (a fingerprint, issue #13).
    const exact = ctxOf([ev(1, 10, -512_34, { type: 'Transfer Out' })]);
    const cents = new Map<number, number>();
    for (let k = 0; k < 2000; k++) {
      const a = amountLike(exact, 'Transfer Out', 1_234_56, -1);
      expect(a - (a % 100)).toBe(1_234_00);
      cents.set(a % 100, (cents.get(a % 100) ?? 0) + 1);
    }
    expect(cents.size).toBe(100);
    expect(cents.get(34)! / 2000).toBeLessThan(0.03);
    // None of that type and direction: whole units of the fallback with cents drawn.
    const none = ctxOf([ev(3, 10, 77_77, { type: 'Transfer In' })]);
    const drawn = amountLike(none, 'Transfer Out', 1_234_56, -1, 10);
    expect(drawn - (drawn % 100)).toBe(1_230_00);
  });
  it('matches the share of round sums among the base rows of the type', () => {
    const events = Array.from({ length: 100 }, (_, i) => ev(i, 10, i % 4 === 0 ? -300_00 : -301_17, { type: 'Transfer Out' }));
    const ctx = ctxOf(events);
    let round = 0;
    for (let k = 0; k < 2000; k++) if (amountLike(ctx, 'Transfer Out', 987_65, -1) % 100_00 === 0) round++;
    expect(round / 2000).toBeGreaterThan(0.22);
    expect(round / 2000).toBeLessThan(0.28);
  });
});

describe('gapLike', () => {
  it("picks the candidate whose gap to the row before is like the log's own rows of the type", () => {
    // Purchases every day at noon. In one log the payroll rows come half an hour after a purchase, in the other six
    // hours after; of a candidate a minute after a purchase and one six hours after, each log picks its own kind.
    const purchases = (): SynthEvent[] => Array.from({ length: 60 }, (_, d) => ev(d, 12, -100));
    const payroll = (delay: number): SynthEvent[] => [10, 40].map((d) => ev(d, 12, -900_00, { type: 'Payroll', at: T0 + d * DAY_S + 12 * HOUR_S + delay }));
    const crowded = T0 + 20 * DAY_S + 12 * HOUR_S + 60;
    const spaced = T0 + 20 * DAY_S + 18 * HOUR_S;
    for (let k = 0; k < 10; k++) {
      expect(gapLike(ctxOf([...purchases(), ...payroll(1800)]), 'Payroll')([spaced, crowded])).toBe(crowded);
      expect(gapLike(ctxOf([...purchases(), ...payroll(6 * HOUR_S)]), 'Payroll')([crowded, spaced])).toBe(spaced);
    }
    // Without a base row of the type: the first candidate.
    expect(gapLike(ctxOf(purchases()), 'Payroll')([spaced, crowded])).toBe(spaced);
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
