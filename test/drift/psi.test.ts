import { describe, expect, it } from 'vitest';
import { populationStabilityIndex } from '../../src/drift/psi.js';
import { klDivergence } from '../../src/drift/kl-divergence.js';

describe('populationStabilityIndex', () => {
  it('matches a hand computation', () => {
    // By hand: (0.5−0.25)·ln(0.5/0.25) + (0.5−0.75)·ln(0.5/0.75) = 0.25·0.693147 + 0.25·0.405465 = 0.274653
    expect(populationStabilityIndex([0.5, 0.5], [0.25, 0.75])).toBeCloseTo(0.25 * (Math.LN2 + Math.log(1.5)), 12);
    expect(populationStabilityIndex([0.5, 0.5], [0.25, 0.75])).toBeCloseTo(0.274653, 6);
  });

  it('equals KL(P‖Q) + KL(Q‖P)', () => {
    const p = [0.2, 0.3, 0.5];
    const q = [0.5, 0.3, 0.2];
    // scipy.stats.entropy both ways: 0.27488721956224654 each (the case is mirror-symmetric)
    expect(populationStabilityIndex(p, q)).toBeCloseTo(klDivergence(p, q) + klDivergence(q, p), 12);
    expect(populationStabilityIndex(p, q)).toBeCloseTo(2 * 0.27488721956224654, 12);
  });

  it('is zero on identical shares', () => {
    expect(populationStabilityIndex([0.25, 0.75], [0.25, 0.75])).toBe(0);
  });
});
