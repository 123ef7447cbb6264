import type { Rng } from './rng.js';

/** Uniform float in [min, max). */
export function uniform(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng.next();
}

/** Uniform integer in [min, max], both ends included. */
export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng.next() * (max - min + 1));
}

/** True with probability p. */
export function chance(rng: Rng, p: number): boolean {
  return rng.next() < p;
}

/** Standard normal by Box–Muller (one draw per call; the pair's twin is discarded for simplicity of state). */
export function normal(rng: Rng, mean = 0, sd = 1): number {
  let u = rng.next();
  while (u <= Number.EPSILON) u = rng.next();
  const v = rng.next();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Lognormal with parameters of the underlying normal: exp(N(mu, sigma²)). */
export function lognormal(rng: Rng, mu: number, sigma: number): number {
  return Math.exp(normal(rng, mu, sigma));
}

/**
 * Gamma(shape k, scale θ) by Marsaglia–Tsang (2000); for k < 1 uses the boost X·U^(1/k).
 * Mean kθ, variance kθ².
 */
export function gamma(rng: Rng, shape: number, scale: number): number {
  if (shape < 1) {
    return gamma(rng, shape + 1, scale) * Math.pow(Math.max(rng.next(), Number.EPSILON), 1 / shape);
  }
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rng.next();
    if (u < 1 - 0.0331 * x * x * x * x) return d * v * scale;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v * scale;
  }
}

/** Poisson(λ) by Knuth's product method for small λ, normal approximation above 30. */
export function poisson(rng: Rng, lambda: number): number {
  if (lambda <= 0) return 0;
  if (lambda > 30) return Math.max(0, Math.round(normal(rng, lambda, Math.sqrt(lambda))));
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k++;
    p *= rng.next();
  }
  return k;
}

/** One element chosen uniformly. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick requires at least one item');
  return items[Math.floor(rng.next() * items.length)];
}

/** Index chosen with probability proportional to its weight. */
export function weightedIndex(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  if (!(total > 0)) throw new RangeError('weightedIndex requires a positive total weight');
  let r = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i];
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** Fisher–Yates shuffle of a copy. */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
