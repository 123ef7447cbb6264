import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { synthEvent } from '../../src/synth/event.js';
import { orderBySecond, sortedBySecond } from '../../src/synth/time-order.js';

const T0 = Date.UTC(2023, 0, 1) / 1000;

describe('sortedBySecond and orderBySecond', () => {
  it('orders by whole second, ties in input order, as a stable comparator sort does', () => {
    const at = fc.oneof(
      fc.integer({ min: 0, max: 365 * 86_400 - 1 }).map((s) => T0 + s),
      fc.integer({ min: 0, max: 40 }).map((s) => T0 + 86_400 * 3 + s / 4),
      fc.constantFrom(T0, T0 + 0.5, T0 - 86_400 * 10_000, T0 + 2 ** 40),
    );
    fc.assert(
      fc.property(fc.array(at, { maxLength: 120 }), (times) => {
        const events = times.map((t, i) => synthEvent({ at: t, type: 'Purchase', channel: 'POS', counterparty: 'x', amountCents: -(i + 1), location: 'CN', remark: 'r', outcome: 'success' }));
        const expected = events.slice().sort((a, b) => Math.floor(a.at) - Math.floor(b.at));
        const got = sortedBySecond(events);
        expect(got.length).toBe(expected.length);
        for (let k = 0; k < got.length; k++) expect(got[k]).toBe(expected[k]);
        // orderBySecond is the same order as indices into the events.
        const order = orderBySecond(events);
        expect(Array.from(order, (i) => events[i])).toEqual(expected);
      }),
      { numRuns: 800, seed: 3 },
    );
  });
});
