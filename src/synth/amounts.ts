import type { AmountDist } from '../schema/profile.js';
import type { Rng } from '../random/rng.js';
import { gamma, lognormal, uniform } from '../random/draw.js';

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
