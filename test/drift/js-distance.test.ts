import { describe, expect, it } from 'vitest';
import { jsDistance } from '../../src/drift/js-distance.js';

describe('jsDistance', () => {
  it('matches scipy jensenshannon(base=2)', () => {
    // scipy.spatial.distance.jensenshannon([0.5, 0.5], [0.25, 0.75], base=2) = 0.22089576884901735
    expect(jsDistance([0.5, 0.5], [0.25, 0.75])).toBeCloseTo(0.22089576884901735, 12);
    // scipy.spatial.distance.jensenshannon([0.2, 0.3, 0.5], [0.5, 0.3, 0.2], base=2) = 0.3095409536771482
    expect(jsDistance([0.2, 0.3, 0.5], [0.5, 0.3, 0.2])).toBeCloseTo(0.3095409536771482, 12);
  });

  it('is 1 for disjoint supports and 0 for equal ones', () => {
    // By hand: M = (½, ½); KL₂(P‖M) = 1·log2(1/½) = 1, same for Q, JSD = 1, distance √1 = 1.
    expect(jsDistance([1, 0], [0, 1])).toBeCloseTo(1, 12);
    expect(jsDistance([0.3, 0.7], [0.3, 0.7])).toBe(0);
  });

  it('is symmetric', () => {
    expect(jsDistance([0.1, 0.2, 0.7], [0.4, 0.4, 0.2])).toBeCloseTo(jsDistance([0.4, 0.4, 0.2], [0.1, 0.2, 0.7]), 15);
  });
});
