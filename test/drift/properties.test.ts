import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binIndex, equalFrequencyEdges } from '../../src/drift/binning.js';
import { jsDistance } from '../../src/drift/js-distance.js';
import { klDivergence } from '../../src/drift/kl-divergence.js';
import { ksStatistic } from '../../src/drift/ks.js';
import { populationStabilityIndex } from '../../src/drift/psi.js';
import { smoothCounts } from '../../src/drift/smoothing.js';

const countPair = fc
  .integer({ min: 1, max: 30 })
  .chain((k) => fc.tuple(fc.array(fc.nat(1000), { minLength: k, maxLength: k }), fc.array(fc.nat(1000), { minLength: k, maxLength: k })));

describe('metric invariants (fast-check)', () => {
  it('KL, PSI ≥ 0, JS distance and KS in [0, 1], PSI = KL both ways, JS symmetric', () => {
    fc.assert(
      fc.property(countPair, ([g, r]) => {
        const p = smoothCounts(g);
        const q = smoothCounts(r);
        const kl = klDivergence(p, q);
        expect(kl).toBeGreaterThanOrEqual(0);
        expect(populationStabilityIndex(p, q)).toBeCloseTo(kl + klDivergence(q, p), 9);
        const js = jsDistance(p, q);
        expect(js).toBeGreaterThanOrEqual(0);
        expect(js).toBeLessThanOrEqual(1);
        expect(js).toBeCloseTo(jsDistance(q, p), 12);
        const ks = ksStatistic(g, r);
        expect(ks).toBeGreaterThanOrEqual(0);
        expect(ks).toBeLessThanOrEqual(1);
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe('equalFrequencyEdges invariants (fast-check)', () => {
  it('gives ascending distinct edges, at most K−1, each bin above the first holding at least one value', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 300 }), fc.integer({ min: 1, max: 25 }), (xs, k) => {
        const counts = new Map<number, number>();
        for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
        const values = [...counts.keys()].sort((a, b) => a - b);
        const edges = equalFrequencyEdges(values, values.map((v) => counts.get(v)!), k);
        expect(edges.length).toBeLessThanOrEqual(k - 1);
        for (let i = 1; i < edges.length; i++) expect(edges[i]).toBeGreaterThan(edges[i - 1]);
        const binCounts = new Array(edges.length + 1).fill(0);
        for (const x of xs) binCounts[binIndex(edges, x)]++;
        for (const c of binCounts) expect(c).toBeGreaterThan(0);
        // No bin exceeds its fair share by more than the heaviest single value (ties cannot be split).
        const heaviest = Math.max(...counts.values());
        for (const c of binCounts) expect(c).toBeLessThanOrEqual(Math.ceil(xs.length / k) + heaviest);
      }),
      { seed: 1337, numRuns: 300 },
    );
  });
});
