import { describe, expect, it } from 'vitest';
import { numericRelativeError, withinRelativeTolerance } from '../../src/score/numeric-tolerance.js';

describe('numericRelativeError', () => {
  it('is |value − gold| / |gold|', () => {
    // |1001.5 − 1000| / 1000 = 0.0015; |−95 − (−100)| / 100 = 0.05.
    expect(numericRelativeError(1001.5, 1000)).toBeCloseTo(0.0015, 15);
    expect(numericRelativeError(-95, -100)).toBeCloseTo(0.05, 15);
  });

  it('falls back to the absolute error when gold is 0', () => {
    expect(numericRelativeError(0.5, 0)).toBe(0.5);
  });
});

describe('withinRelativeTolerance', () => {
  it('accepts the boundary at ±0.2% despite binary rounding', () => {
    // 100.2 − 100 = 0.20000000000000284 in doubles, a hair over 0.2; the boundary is inclusive.
    expect(withinRelativeTolerance(100.2, 100, 0.002)).toBe(true);
    expect(withinRelativeTolerance(99.8, 100, 0.002)).toBe(true);
    expect(withinRelativeTolerance(100.21, 100, 0.002)).toBe(false);
  });

  it('separates ±0.2% from ±5%', () => {
    // 1030 vs 1000: 3% off → outside ±0.2%, inside ±5%; 1100: 10% → outside both.
    expect(withinRelativeTolerance(1030, 1000, 0.002)).toBe(false);
    expect(withinRelativeTolerance(1030, 1000, 0.05)).toBe(true);
    expect(withinRelativeTolerance(1100, 1000, 0.05)).toBe(false);
  });

  it('requires an exact zero when gold is zero', () => {
    expect(withinRelativeTolerance(0, 0, 0.002)).toBe(true);
    expect(withinRelativeTolerance(0.001, 0, 0.05)).toBe(false);
  });

  it('rejects non-finite values', () => {
    expect(withinRelativeTolerance(Number.NaN, 1, 0.05)).toBe(false);
    expect(withinRelativeTolerance(Number.POSITIVE_INFINITY, 1, 0.05)).toBe(false);
  });
});
