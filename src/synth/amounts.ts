import type { AmountDist } from '../schema/profile.js';
import type { Rng } from '../random/rng.js';
import { gamma, lognormal, normal, uniform } from '../random/draw.js';
import { normalCdf, normalQuantile } from '../random/normal.js';
import { TAIL_CUT } from '../schema/profile.js';

export { normalCdf };

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

/**
 * One draw from an empirical distribution for a log whose level of it is `level` (a standard normal score) with
 * `loading` ∈ [0, 1]: the value at probability Φ(loading · level + √(1 − loading²) · ε). Over logs with standard
 * normal levels the draws keep the distribution; within a log they spread less. With `tail` > 0, the log's large draws
 * gather around its `anchor` (`tailNoise`). Other distributions: `drawAmount`.
 */
export function drawAmountAtLevel(rng: Rng, dist: AmountDist, level: number, loading: number, tail = 0, anchor = 0): number {
  if (dist.dist !== 'empirical' || (loading <= 0 && tail <= 0)) return drawAmount(rng, dist);
  return empiricalQuantile(dist.quantiles, normalCdf(loading * level + Math.sqrt(Math.max(0, 1 - loading * loading)) * tailNoise(normal(rng), tail, anchor)));
}

const TAIL_BELOW = normalCdf(TAIL_CUT);

/**
 * The within-log noise `eps` (standard normal) of a log whose large draws of a kind share one size: above `TAIL_CUT`,
 * its place among the large draws (the standard normal score of its rank there) becomes `tail` × the log's `anchor`
 * + √(1 − tail²) × that score, so that the log's large draws gather around its own place while, over logs with
 * standard normal anchors, the noise stays exactly standard normal. At or below the cut, and with `tail` 0, `eps` as it is.
 */
export function tailNoise(eps: number, tail: number, anchor: number): number {
  if (tail <= 0 || eps <= TAIL_CUT) return eps;
  const score = normalQuantile((normalCdf(eps) - TAIL_BELOW) / (1 - TAIL_BELOW));
  const placed = tail * anchor + Math.sqrt(Math.max(0, 1 - tail * tail)) * score;
  return normalQuantile(TAIL_BELOW + (1 - TAIL_BELOW) * normalCdf(placed));
}
