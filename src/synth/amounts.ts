import type { AmountDist } from '../schema/profile.js';
import type { Rng } from '../random/rng.js';
import { gamma, lognormal, normal, uniform } from '../random/draw.js';

/** One draw from an amount distribution, in currency units, clipped to the distribution's [min, max]. */
export function drawAmount(rng: Rng, dist: AmountDist): number {
  let x: number;
  switch (dist.dist) {
    case 'fixed':
      return dist.value;
    case 'uniform':
      return uniform(rng, dist.min, dist.max);
    case 'empirical':
      return empiricalQuantile(dist.quantiles, rng.next());
    case 'lognormal':
      x = lognormal(rng, dist.mu, dist.sigma);
      break;
    case 'gamma':
      x = gamma(rng, dist.shape, dist.scale);
      break;
  }
  if (dist.min !== undefined && x < dist.min) x = dist.min;
  if (dist.max !== undefined && x > dist.max) x = dist.max;
  return x;
}

/** Currency units → whole cents, at least one cent (amounts are never zero). */
export function unitsToCents(units: number): number {
  return Math.max(1, Math.round(units * 100));
}

/**
 * The value at probability `u` ∈ [0, 1) of quantiles given at 0, 1/K, …, 1: linear interpolation between the two
 * neighbours, in log space when both are positive (amounts are spread on a log scale).
 */
export function empiricalQuantile(quantiles: readonly number[], u: number): number {
  const k = quantiles.length - 1;
  const pos = Math.min(Math.max(u, 0), 1) * k;
  const i = Math.min(Math.floor(pos), k - 1);
  const t = pos - i;
  const a = quantiles[i];
  const b = quantiles[i + 1];
  if (a === b || t === 0) return a;
  if (a > 0 && b > 0) return a * Math.pow(b / a, t);
  return a + (b - a) * t;
}

/** The standard normal CDF Φ(z) (Abramowitz–Stegun 7.1.26 for erf; error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/**
 * One draw from an empirical distribution for a log whose level of it is `level` (a standard normal score) with
 * `loading` ∈ [0, 1]: the value at probability Φ(loading · level + √(1 − loading²) · ε). Over logs with standard
 * normal levels the draws keep the distribution; within a log they spread less. Other distributions: `drawAmount`.
 */
export function drawAmountAtLevel(rng: Rng, dist: AmountDist, level: number, loading: number): number {
  if (dist.dist !== 'empirical' || loading <= 0) return drawAmount(rng, dist);
  return empiricalQuantile(dist.quantiles, normalCdf(loading * level + Math.sqrt(Math.max(0, 1 - loading * loading)) * normal(rng)));
}
