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

/** Expected value of a distribution in currency units (ignoring clipping), for budgets: lognormal e^(μ+σ²/2), gamma kθ. */
export function meanAmount(dist: AmountDist): number {
  switch (dist.dist) {
    case 'fixed':
      return dist.value;
    case 'uniform':
      return (dist.min + dist.max) / 2;
    case 'lognormal':
      return Math.exp(dist.mu + (dist.sigma * dist.sigma) / 2);
    case 'gamma':
      return dist.shape * dist.scale;
  }
}
