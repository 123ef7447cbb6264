import { describe, expect, it } from 'vitest';
import { normalisedWasserstein, wasserstein1 } from '../../src/drift/wasserstein.js';

describe('wasserstein1', () => {
  it('matches scipy on weighted samples', () => {
    // scipy.stats.wasserstein_distance([0, 1, 3], [1, 2], [1, 1, 2], [1, 3]) = 1.0
    // by hand: |F_P − F_Q| = 0.25 on [0,1), 0.25 on [1,2), 0.5 on [2,3) → 1.0
    expect(wasserstein1([0, 1, 3], [1, 1, 2], [1, 2], [1, 3])).toBeCloseTo(1, 12);
  });

  it('is the shift between two translated samples', () => {
    // A point mass moved by 2.5 costs 2.5.
    expect(wasserstein1([1], [7], [3.5], [2])).toBeCloseTo(2.5, 12);
  });
});

describe('normalisedWasserstein', () => {
  it('places each bin at its mean and divides by the reference sd', () => {
    // Generated: bin0 mean 0 (2 values), bin1 mean 2 (2 values); reference: bin0 mean 0 (1), bin1 mean 2 (3).
    // W1 between {0:½, 2:½} and {0:¼, 2:¾} = |½−¼|·2 = 0.5; sd 2 → 0.25.
    expect(normalisedWasserstein([2, 2], [0, 4], [1, 3], [0, 6], 2)).toBeCloseTo(0.25, 12);
    expect(normalisedWasserstein([2, 2], [0, 4], [1, 3], [0, 6], 0)).toBe(0);
  });
});
