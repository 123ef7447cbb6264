import { describe, expect, it } from 'vitest';
import { smoothCounts } from '../../src/drift/smoothing.js';

describe('smoothCounts', () => {
  it('adds α to every bin and renormalises', () => {
    // By hand: [3, 1, 0] + 0.5 = [3.5, 1.5, 0.5], total 5.5 → [0.636364, 0.272727, 0.090909]
    const p = smoothCounts([3, 1, 0], 0.5);
    expect(p[0]).toBeCloseTo(3.5 / 5.5, 12);
    expect(p[1]).toBeCloseTo(1.5 / 5.5, 12);
    expect(p[2]).toBeCloseTo(0.5 / 5.5, 12);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});
