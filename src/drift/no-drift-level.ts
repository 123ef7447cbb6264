import { createRng, streamKey, type Rng } from '../random/rng.js';
import { normal } from '../random/draw.js';
import { klDivergence } from './kl-divergence.js';
import { DEFAULT_ALPHA, smoothCounts } from './smoothing.js';

/**
 * Binomial(n, p) draw. Exact for small n (n Bernoulli trials) and for small means (CDF inversion, O(mean));
 * otherwise the normal approximation N(np, np(1−p)), rounded and clipped, which is what the bootstrap needs
 * (its use is a p99 of a KL whose fluctuations are those of the counts).
 */
export function drawBinomial(rng: Rng, n: number, p: number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (n < 40) {
    let k = 0;
    for (let i = 0; i < n; i++) if (rng.next() < p) k++;
    return k;
  }
  const flip = p > 0.5;
  const pp = flip ? 1 - p : p;
  const mean = n * pp;
  let k: number;
  if (mean < 15) {
    // Inversion: walk the pmf from 0, f(k+1) = f(k)·(n−k)/(k+1)·p/(1−p).
    const u = rng.next();
    let f = Math.pow(1 - pp, n);
    let cdf = f;
    k = 0;
    while (u > cdf && k < n) {
      f *= ((n - k) / (k + 1)) * (pp / (1 - pp));
      k++;
      cdf += f;
    }
  } else {
    k = Math.min(n, Math.max(0, Math.round(normal(rng, mean, Math.sqrt(mean * (1 - pp))))));
  }
  return flip ? n - k : k;
}

/** Multinomial(n, shares) by sequential conditional binomials. Cost O(k) draws. */
export function drawMultinomial(rng: Rng, n: number, probs: readonly number[]): number[] {
  const out = new Array(probs.length).fill(0);
  let left = n;
  let mass = 1;
  for (let i = 0; i < probs.length && left > 0; i++) {
    if (i === probs.length - 1) {
      out[i] = left;
      break;
    }
    const k = mass > 0 ? drawBinomial(rng, left, Math.min(1, probs[i] / mass)) : 0;
    out[i] = k;
    left -= k;
    mass -= probs[i];
  }
  return out;
}

/** Options of the bootstrap no-drift level. */
export interface NoDriftOptions {
  /** Bootstrap samples (default 400). */
  samples?: number;
  /** Quantile taken (default 0.99). */
  quantile?: number;
  alpha?: number;
  /** Seed key of the bootstrap stream; the same key gives the same level. */
  seed?: string;
}

/** What the bootstrap says about KL under no drift. */
export interface NoDriftLevel {
  /** The p99 (by default) of KL(sample ‖ reference) over the bootstrap samples. */
  level: number;
  /** Their mean, to compare with the asymptotic bias (k−1)/(2n). */
  mean: number;
  samples: number;
}

/**
 * The bootstrap no-drift level of SPEC §5: draw `samples` multinomial samples of size n from the reference's binned
 * shares and take the p99 of KL(sample‖reference), with the same α smoothing on both sides.
 * The reference is itself a finite sample (n_r values), so each replicate also redraws it: KL(g*‖r*) with
 * g* ~ Mult(n, r̂) and r* ~ Mult(n_r, r̂). That is the noise two corpora from one process show; as n_r → ∞ it is
 * SPEC's one-sample level. Theory: 2·KL/(1/n + 1/n_r) → χ²(k−1) under no drift, so the mean is
 * ≈ (k−1)/2 · (1/n + 1/n_r), i.e. (k−1)/(2n) against a large reference (Wilks 1938), and the p99 ≈ χ²₀.₉₉(k−1)/(2n).
 * Values are assumed independent; rows of one log are not (see docs/drift.md). Cost O(samples · k).
 */
export function noDriftLevel(referenceCounts: readonly number[], n: number, options: NoDriftOptions = {}): NoDriftLevel {
  const samples = options.samples ?? 400;
  const quantile = options.quantile ?? 0.99;
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  if (n <= 0 || referenceCounts.length === 0) return { level: 0, mean: 0, samples: 0 };
  let total = 0;
  for (const c of referenceCounts) total += c;
  if (total === 0) return { level: 0, mean: 0, samples: 0 };
  const probs = referenceCounts.map((c) => c / total);
  const rng = createRng(options.seed ?? streamKey('cclupe-drift-no-drift', referenceCounts.join(','), n));
  const kls: number[] = [];
  let sum = 0;
  for (let s = 0; s < samples; s++) {
    const g = smoothCounts(drawMultinomial(rng, n, probs), alpha);
    const r = smoothCounts(drawMultinomial(rng, total, probs), alpha);
    const kl = klDivergence(g, r);
    kls.push(kl);
    sum += kl;
  }
  kls.sort((a, b) => a - b);
  // Quantile by the "nearest rank" rule: the ⌈q·B⌉-th smallest value.
  const rank = Math.min(samples - 1, Math.max(0, Math.ceil(quantile * samples) - 1));
  return { level: kls[rank], mean: sum / samples, samples };
}
