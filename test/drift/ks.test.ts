import { describe, expect, it } from 'vitest';
import { ksStatistic } from '../../src/drift/ks.js';

describe('ksStatistic', () => {
  it('matches scipy ks_2samp on the binned values', () => {
    // g = [3,1,0,2], r = [1,1,3,1]: scipy.stats.ks_2samp(np.repeat(range(4), g), np.repeat(range(4), r)).statistic
    // = 0.3333333333333333 (CDFs 3/6 vs 1/6 at the first edge)
    expect(ksStatistic([3, 1, 0, 2], [1, 1, 3, 1])).toBeCloseTo(1 / 3, 12);
  });

  it('is 1 for disjoint bins and 0 for proportional counts', () => {
    expect(ksStatistic([5, 0], [0, 3])).toBe(1);
    expect(ksStatistic([2, 4, 6], [1, 2, 3])).toBeCloseTo(0, 12);
  });
});
