import { describe, expect, it } from 'vitest';
import { drawBinomial, drawMultinomial, noDriftLevel } from '../../src/drift/no-drift-level.js';
import { createRng } from '../../src/random/rng.js';

describe('noDriftLevel', () => {
  it('has a mean near the asymptotic bias (k−1)/(2n)', () => {
    // Wilks: 2n·KL → χ²(k−1) under no drift, so E[KL] ≈ (k−1)/(2n). k = 10, n = 2000 → 0.00225.
    const ref = [100, 80, 120, 90, 110, 95, 105, 100, 100, 100].map((c) => c * 100);
    const r = noDriftLevel(ref, 2000, { samples: 2000, seed: 'bias' });
    expect(r.mean).toBeGreaterThan(0.00225 * 0.85);
    expect(r.mean).toBeLessThan(0.00225 * 1.15);
  });

  it('has a p99 near the chi-square quantile χ²₀.₉₉(k−1)/(2n)', () => {
    // scipy.stats.chi2.ppf(0.99, 4) = 13.276704135987622; k = 5, n = 1000 → 0.0066384
    const ref = [2000, 2000, 2000, 2000, 2000];
    const r = noDriftLevel(ref, 1000, { samples: 4000, seed: 'p99' });
    expect(r.level).toBeGreaterThan(0.0066384 * 0.8);
    expect(r.level).toBeLessThan(0.0066384 * 1.2);
  });

  it('reproduces the SPEC example: one 100-row log on 30 bins averages KL near 0.11 or above', () => {
    // SPEC §5: (k−1)/(2n) = 29/200 = 0.145 asymptotically; α-smoothing of the 100-row side pulls it down a little.
    const ref = new Array(30).fill(1000);
    const r = noDriftLevel(ref, 100, { samples: 1000, seed: 'spec' });
    expect(r.mean).toBeGreaterThan(0.09);
    expect(r.mean).toBeLessThan(0.16);
  });

  it('counts the reference as a finite sample: two equal-size corpora give about (k−1)/n', () => {
    // Each replicate redraws the reference too: mean ≈ (k−1)/2 · (1/n + 1/n_r); k = 5, n = n_r = 1000 → 0.004.
    const ref = [200, 200, 200, 200, 200];
    const r = noDriftLevel(ref, 1000, { samples: 3000, seed: 'two' });
    expect(r.mean).toBeGreaterThan(0.004 * 0.85);
    expect(r.mean).toBeLessThan(0.004 * 1.15);
  });

  it('is deterministic for a seed and shrinks as n grows', () => {
    const ref = [5, 10, 20, 40, 25];
    expect(noDriftLevel(ref, 300, { seed: 'a' })).toEqual(noDriftLevel(ref, 300, { seed: 'a' }));
    expect(noDriftLevel(ref, 3000, { seed: 'a' }).level).toBeLessThan(noDriftLevel(ref, 300, { seed: 'a' }).level);
  });
});

describe('drawMultinomial', () => {
  it('draws exactly n values with the right expected shares', () => {
    const rng = createRng('multi');
    const sums = [0, 0, 0];
    for (let s = 0; s < 500; s++) {
      const draw = drawMultinomial(rng, 1000, [0.2, 0.3, 0.5]);
      expect(draw.reduce((a, b) => a + b, 0)).toBe(1000);
      draw.forEach((c, i) => (sums[i] += c));
    }
    // Mean counts n·p = 200, 300, 500; the average of 500 draws is within 1% (sd of a mean ≈ 0.6).
    expect(sums[0] / 500).toBeCloseTo(200, -1);
    expect(sums[1] / 500).toBeCloseTo(300, -1);
    expect(sums[2] / 500).toBeCloseTo(500, -1);
  });
});

describe('drawBinomial', () => {
  it('has mean np and variance np(1−p) in each regime', () => {
    for (const [n, p] of [
      [20, 0.3],
      [500, 0.01],
      [5000, 0.4],
      [5000, 0.995],
    ] as const) {
      const rng = createRng(`binom-${n}-${p}`);
      let s = 0;
      let s2 = 0;
      const B = 4000;
      for (let i = 0; i < B; i++) {
        const k = drawBinomial(rng, n, p);
        s += k;
        s2 += k * k;
      }
      const mean = s / B;
      const variance = s2 / B - mean * mean;
      expect(Math.abs(mean - n * p)).toBeLessThan(4 * Math.sqrt((n * p * (1 - p)) / B) + 1e-9);
      expect(variance / (n * p * (1 - p))).toBeGreaterThan(0.85);
      expect(variance / (n * p * (1 - p))).toBeLessThan(1.15);
    }
  });
});
