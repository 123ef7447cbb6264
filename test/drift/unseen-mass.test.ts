import { describe, expect, it } from 'vitest';
import { unseenMass } from '../../src/drift/unseen-mass.js';

describe('unseenMass', () => {
  it('is the share of generated values in bins the reference never saw', () => {
    // By hand: generated [4, 3, 3], reference [10, 0, 5] → 3 of 10 values in bin 1 → 0.3
    expect(unseenMass([4, 3, 3], [10, 0, 5])).toBeCloseTo(0.3, 12);
    expect(unseenMass([4, 3, 3], [1, 1, 1])).toBe(0);
    expect(unseenMass([0, 0], [0, 1])).toBe(0);
  });
});
