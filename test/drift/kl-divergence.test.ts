import { describe, expect, it } from 'vitest';
import { klDivergence } from '../../src/drift/kl-divergence.js';

describe('klDivergence', () => {
  it('matches scipy on a two-bin case', () => {
    // scipy.stats.entropy([0.5, 0.5], [0.25, 0.75]) = 0.14384103622589045
    // by hand: 0.5·ln(0.5/0.25) + 0.5·ln(0.5/0.75) = 0.5·0.693147 − 0.5·0.405465
    expect(klDivergence([0.5, 0.5], [0.25, 0.75])).toBeCloseTo(0.14384103622589045, 12);
  });

  it('matches scipy on a three-bin case', () => {
    // scipy.stats.entropy([0.2, 0.3, 0.5], [0.5, 0.3, 0.2]) = 0.27488721956224654
    expect(klDivergence([0.2, 0.3, 0.5], [0.5, 0.3, 0.2])).toBeCloseTo(0.27488721956224654, 12);
  });

  it('is zero for identical distributions and infinite when Q misses mass P has', () => {
    expect(klDivergence([0.1, 0.9], [0.1, 0.9])).toBe(0);
    expect(klDivergence([0.5, 0.5], [1, 0])).toBe(Infinity);
  });

  it('ignores bins where P is empty', () => {
    // 1·ln(1/0.5) = ln 2
    expect(klDivergence([1, 0], [0.5, 0.5])).toBeCloseTo(Math.LN2, 12);
  });
});
