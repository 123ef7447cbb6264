import { describe, expect, it } from 'vitest';
import { mcnemarExact } from '../../src/score/mcnemar.js';
import { wilsonInterval } from '../../src/score/wilson.js';

describe('mcnemarExact', () => {
  // Reference: scipy 1.17.1, scipy.stats.binomtest(min(b, c), b + c, 0.5).pvalue (two-sided exact).
  const cases: Array<[number, number, number]> = [
    [11, 10, 1.0], // FinExam-10K App. F: 11 rescues, 10 harms, p = 1.000
    [42, 52, 0.3533280324715828], // FinExam-10K App. F: 42 rescues, 52 harms, p = .3533
    [0, 5, 0.0625],
    [1, 9, 0.021484375],
    [3, 3, 1.0],
    [0, 1, 1.0],
    [10, 30, 0.0022214337732293643],
    [250, 300, 0.036578745549102676],
    [2000, 2150, 0.020715456049267052],
  ];
  it.each(cases)('b=%i c=%i gives the scipy p-value', (b, c, p) => {
    expect(mcnemarExact(b, c)).toBeCloseTo(p, 10);
    expect(mcnemarExact(c, b)).toBeCloseTo(p, 10);
  });

  it('returns 1 without discordant pairs', () => {
    expect(mcnemarExact(0, 0)).toBe(1);
  });

  it('does not underflow for large counts', () => {
    const p = mcnemarExact(5000, 7000);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-20);
  });

  it('rejects negative or fractional counts', () => {
    expect(() => mcnemarExact(-1, 2)).toThrow('mcnemarExact requires non-negative integer counts');
    expect(() => mcnemarExact(1.5, 2)).toThrow('mcnemarExact requires non-negative integer counts');
  });
});

describe('wilsonInterval', () => {
  // Reference: scipy 1.17.1, binomtest(x, n).proportion_ci(confidence_level=0.95, method='wilson').
  it.each([
    [0, 10, 0.0, 0.27753279986288926],
    [7, 10, 0.39677814746114526, 0.892208732593699],
    [45, 50, 0.7863976856252034, 0.9565242350681095],
    [1, 1, 0.20654931437723745, 1.0],
  ])('x=%i n=%i matches scipy', (x, n, lo, hi) => {
    const ci = wilsonInterval(x, n);
    expect(ci.lo).toBeCloseTo(lo, 9);
    expect(ci.hi).toBeCloseTo(hi, 9);
  });

  it('rejects n = 0', () => {
    expect(() => wilsonInterval(0, 0)).toThrow('wilsonInterval requires 0 ≤ x ≤ n and n > 0');
  });
});
