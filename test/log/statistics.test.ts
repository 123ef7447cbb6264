import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mean, median, stdev } from '../../src/log/statistics.js';

describe('median', () => {
  it('averages the middle pair of an even list; an empty list has none (NaN) unless the caller names a value', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([])).toBeNaN();
    expect(median([], 0)).toBe(0);
    expect(median([7], 0)).toBe(7);
  });

  it('equals the median of the typed-array sort on short and long lists, zeros of either sign and NaN included', () => {
    const reference = (xs: number[]) => {
      const s = Float64Array.from(xs).sort();
      const h = s.length >> 1;
      return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
    };
    const value = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(0, -0, Number.NaN, Infinity, -Infinity), fc.double());
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 70 }), (xs) => {
        expect(Object.is(median(xs), reference(xs))).toBe(true);
      }),
      { numRuns: 2000, seed: 7 },
    );
  });

  it('selects the middle of long lists (beyond the insertion sort) as the full sort does, with many ties and signed zeros', () => {
    const reference = (xs: number[]) => {
      const s = Float64Array.from(xs).sort();
      const h = s.length >> 1;
      return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
    };
    const tied = fc.constantFrom(-2, -1, -0, 0, 1, 2, 1e9);
    fc.assert(
      fc.property(fc.array(fc.oneof(tied, fc.double({ noNaN: true })), { minLength: 33, maxLength: 400 }), (xs) => {
        expect(Object.is(median(xs), reference(xs))).toBe(true);
      }),
      { numRuns: 1000, seed: 11 },
    );
  });
});

describe('mean and stdev', () => {
  it('are NaN for no values, and the population or sample formulas otherwise', () => {
    expect(mean([])).toBeNaN();
    expect(mean([1, 2, 6])).toBe(3);
    expect(stdev([])).toBeNaN();
    expect(stdev([5], true)).toBeNaN();
    expect(stdev([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
    expect(stdev([1, 3], true)).toBeCloseTo(Math.SQRT2, 12);
  });
});
