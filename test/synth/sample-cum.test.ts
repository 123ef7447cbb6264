import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cumulative, guideTable, sampleCum, sampleGuided } from '../../src/synth/sample-cum.js';

describe('sampleGuided', () => {
  it('gives the binary search’s index for every draw, the cumulative sums themselves and draws outside the total included', () => {
    const weight = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 1e-6, noNaN: true }));
    fc.assert(
      fc.property(fc.array(weight, { minLength: 1, maxLength: 400 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }), (weights, us) => {
        const cum = cumulative(weights);
        const total = cum[cum.length - 1];
        const scale = total > 0 ? cum.length / total : 0;
        const guide = guideTable(cum, scale);
        const draws = [...us.map((u) => u * total), ...cum, 0, total, total * 2, -1, Math.max(0, total - Number.EPSILON)];
        for (const u of draws) expect(sampleGuided(cum, guide, scale, u)).toBe(sampleCum(cum, u));
      }),
      { numRuns: 600, seed: 11 },
    );
  });

  it('picks day by weight: a day of weight 0 is never drawn', () => {
    const cum = cumulative([1, 0, 0, 2, 0, 1]);
    const scale = cum.length / cum[cum.length - 1];
    const guide = guideTable(cum, scale);
    const seen = new Set<number>();
    for (let k = 0; k < 400; k++) seen.add(sampleGuided(cum, guide, scale, (k / 400) * 4));
    expect([...seen].sort()).toEqual([0, 3, 5]);
  });
});
