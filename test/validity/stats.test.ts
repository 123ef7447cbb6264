import { describe, expect, it } from 'vitest';
import { binomialZ, chiSquareSf, chiSquareUniform } from '../../src/validity/stats.js';

describe('statistics of the audit', () => {
  it('chi-square survival matches tables (scipy.stats.chi2.sf)', () => {
    expect(chiSquareSf(7.814728, 3)).toBeCloseTo(0.05, 5);
    expect(chiSquareSf(11.344867, 3)).toBeCloseTo(0.01, 5);
    expect(chiSquareSf(3.841459, 1)).toBeCloseTo(0.05, 4);
    expect(chiSquareSf(9.487729, 4)).toBeCloseTo(0.05, 5);
    expect(chiSquareSf(0, 3)).toBe(1);
  });

  it('tests gold-rank counts against uniform', () => {
    expect(chiSquareUniform([25, 25, 25, 25]).p).toBe(1);
    expect(chiSquareUniform([4, 411, 0, 0]).p).toBeLessThan(1e-12);
    expect(chiSquareUniform([109, 101, 112, 94]).p).toBeGreaterThan(0.5);
  });

  it('binomial z: hits above chance in standard errors', () => {
    expect(binomialZ(25, 100, 0.25)).toBe(0);
    expect(binomialZ(50, 100, 0.25)).toBeCloseTo(25 / Math.sqrt(18.75), 10);
  });
});
