import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalCdf, normalQuantile } from '../../src/random/normal.js';

describe('the standard normal quantile', () => {
  it('inverts the CDF over ±4 standard deviations', () => {
    fc.assert(
      fc.property(fc.double({ min: -4, max: 4, noNaN: true }), (z) => {
        // The CDF is good to 1.5e-7, which the quantile magnifies in the tails.
        expect(normalQuantile(normalCdf(z))).toBeCloseTo(z, 3);
      }),
    );
  });

  it('gives the familiar quantiles and is symmetric', () => {
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.75)).toBeCloseTo(0.674490, 5);
    expect(normalQuantile(0.01)).toBeCloseTo(-normalQuantile(0.99), 9);
  });

  it('stays finite at the ends', () => {
    expect(Number.isFinite(normalQuantile(0))).toBe(true);
    expect(Number.isFinite(normalQuantile(1))).toBe(true);
    expect(normalQuantile(1)).toBeGreaterThan(6);
  });
});
