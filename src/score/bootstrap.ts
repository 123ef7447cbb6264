import { CclupeError } from '../errors.js';
import { createRng, streamKey, type Rng } from '../random/index.js';
import type { ScoreInterval } from '../schema/results.js';

/** Default bootstrap settings: 1000 replicates, 95% percentile intervals, seed "cclupe". */
export const DEFAULT_BOOTSTRAP = Object.freeze({ seed: 'cclupe', replicates: 1000, level: 0.95 });

/** Options of a seeded bootstrap. */
export interface BootstrapOptions {
  seed: string;
  replicates: number;
  level: number;
}

/** The bootstrap's random stream for a seed; one stream per purpose so that adding a statistic changes nothing else. */
export function bootstrapRng(seed: string, purpose: string): Rng {
  return createRng(streamKey('cclupe-bootstrap', purpose, seed));
}

/**
 * One cluster-bootstrap draw: how many times each of `k` clusters is picked when `k` clusters are drawn uniformly
 * with replacement. Items of a cluster (a log) always travel together, which keeps their correlation in the resample.
 */
export function drawClusterWeights(rng: Rng, k: number): Uint32Array {
  const w = new Uint32Array(k);
  for (let i = 0; i < k; i++) w[Math.floor(rng.next() * k)]++;
  return w;
}

/**
 * Sample quantile by linear interpolation between order statistics (Hyndman & Fan type 7, R's default,
 * numpy's "linear"): h = (n−1)·q, x[⌊h⌋] + (h−⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]). `sorted` must be ascending.
 */
export function quantileType7(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) throw new CclupeError('quantileType7 requires at least one value');
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** Percentile interval [q(α/2), q(1−α/2)] of bootstrap replicates, α = 1 − level. */
export function percentileInterval(replicates: ArrayLike<number>, level: number): ScoreInterval {
  const sorted = Float64Array.from(replicates).sort();
  const alpha = 1 - level;
  return { lo: quantileType7(sorted, alpha / 2), hi: quantileType7(sorted, 1 - alpha / 2) };
}

/**
 * Runs a cluster bootstrap: for each replicate draws cluster weights and evaluates `statistic(weights)`, a vector of
 * values named by `names` (NaN = undefined in this resample, e.g. a group that was not drawn). Returns the percentile
 * interval of each name over the replicates where it was defined; names never defined get none.
 */
export function clusterBootstrap(
  clusters: number,
  names: readonly string[],
  statistic: (weights: Uint32Array) => Float64Array,
  options: BootstrapOptions & { purpose: string },
): Record<string, ScoreInterval> {
  if (!Number.isInteger(options.replicates) || options.replicates < 1) {
    throw new CclupeError('clusterBootstrap requires at least one replicate');
  }
  if (clusters < 1) throw new CclupeError('clusterBootstrap requires at least one cluster');
  const rng = bootstrapRng(options.seed, options.purpose);
  const B = options.replicates;
  const draws = names.map(() => new Float64Array(B));
  for (let b = 0; b < B; b++) {
    const values = statistic(drawClusterWeights(rng, clusters));
    for (let m = 0; m < names.length; m++) draws[m][b] = values[m];
  }
  const out: Record<string, ScoreInterval> = {};
  const order = names.map((name, m) => ({ name, m })).sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  for (const { name, m } of order) {
    const defined = draws[m].filter((v) => !Number.isNaN(v));
    if (defined.length > 0) out[name] = percentileInterval(defined, options.level);
  }
  return out;
}
