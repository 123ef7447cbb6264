import { describe, expect, it } from 'vitest';
import { createRng, streamKey } from '../../src/random/rng.js';
import { gamma, int, lognormal, normal, poisson, shuffle, weightedIndex } from '../../src/random/draw.js';

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const variance = (xs: number[]) => {
  const m = mean(xs);
  return xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
};
const draws = (n: number, f: () => number) => Array.from({ length: n }, f);

describe('createRng', () => {
  it('gives the same stream for the same key and different streams for different keys', () => {
    const a = createRng(streamKey('cclupe', 42, 17));
    const b = createRng(streamKey('cclupe', 42, 17));
    const c = createRng(streamKey('cclupe', 42, 18));
    const xa = draws(5, () => a.next());
    expect(draws(5, () => b.next())).toEqual(xa);
    expect(draws(5, () => c.next())).not.toEqual(xa);
  });

  it('keeps delimited keys apart: (1, 23) is not (12, 3)', () => {
    expect(streamKey(1, 23)).not.toBe(streamKey(12, 3));
    expect(createRng(streamKey(1, 23)).next()).not.toBe(createRng(streamKey(12, 3)).next());
  });
});

describe('distributions', () => {
  const rng = createRng('moments');
  const n = 40_000;
  // Expected moments are textbook: N(μ,σ²); lognormal mean exp(μ+σ²/2); Gamma(k,θ) mean kθ, var kθ²; Poisson mean=var=λ.
  it('normal has mean μ and variance σ²', () => {
    const xs = draws(n, () => normal(rng, 3, 2));
    expect(mean(xs)).toBeCloseTo(3, 1);
    expect(variance(xs)).toBeCloseTo(4, 0);
  });
  it('lognormal has mean exp(μ + σ²/2)', () => {
    const xs = draws(n, () => lognormal(rng, 1, 0.5));
    expect(mean(xs) / Math.exp(1 + 0.125)).toBeCloseTo(1, 1);
  });
  it('gamma has mean kθ and variance kθ², also for k < 1', () => {
    for (const [k, theta] of [[2.5, 3], [0.5, 2]] as const) {
      const xs = draws(n, () => gamma(rng, k, theta));
      expect(mean(xs) / (k * theta)).toBeCloseTo(1, 1);
      expect(variance(xs) / (k * theta * theta)).toBeCloseTo(1, 0);
    }
  });
  it('poisson has mean and variance λ', () => {
    const xs = draws(n, () => poisson(rng, 4));
    expect(mean(xs)).toBeCloseTo(4, 1);
    expect(variance(xs)).toBeCloseTo(4, 0);
  });
  it('int stays within both ends', () => {
    const xs = draws(2000, () => int(rng, 2, 5));
    expect(Math.min(...xs)).toBe(2);
    expect(Math.max(...xs)).toBe(5);
  });
  it('weightedIndex follows the weights and never picks a zero weight', () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[weightedIndex(rng, [1, 0, 3])]++;
    expect(counts[1]).toBe(0);
    expect(counts[2] / counts[0]).toBeCloseTo(3, 0);
  });
  it('shuffle returns a permutation and leaves its input alone', () => {
    const input = [1, 2, 3, 4, 5, 6];
    const out = shuffle(rng, input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...out].sort()).toEqual(input);
  });
});
