import { choleskyFactor } from '../schema/profile.js';
import type { FitSketch } from './accumulator.js';

/** Fewest logs two levels must share for their correlation to be estimated (else 0). */
export const MIN_SHARED_LOGS = 20;
/** A correlation over n shared logs is shrunk towards 0 by n / (n + SHRINK_LOGS) (noisy pairs count less). */
const SHRINK_LOGS = 20;
/** Largest between-log share of variance written: a little within-log noise always remains. */
const MAX_SHARE = 0.99;
/** Largest |correlation| written between two levels. */
const MAX_CORRELATION = 0.95;
/** Largest repeat share written: a log's first amount of a kind is always drawn, and a little variety remains. */
const MAX_REPEAT = 0.99;

/** The `log_effects` field of a fitted profile. */
export interface FittedLogEffects {
  names: string[];
  loadings: number[];
  correlation: number[][];
  repeats: number[];
  tails: number[];
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Per-log amount levels of a corpus (pure). Real accounts differ in scale: one withdraws and receives large sums and
 * keeps a large balance, another small ones. For each type key (`type|direction`, named `names[k]`) the between-log
 * share of the variance of log10 |amount| (one-way ANOVA: 1 − within-log variance / total variance) gives the
 * loading √share; the per-log mean deviations, correlated across keys and with log10 of the log's mean balance
 * (`balance`) and corrected for the noise of a mean of few rows (each key's reliability), give the correlation of the
 * levels, shrunk towards the identity until it is positive definite. Each key's repeat share is the share of its
 * rows, after a log's first, whose amount an earlier row of the key in the same log already had (standing orders,
 * habitual cash sums): the generator repeats a log's own amounts that often, so that a log's large amounts recur as
 * the source's do instead of standing alone (0 for `balance`). Each key's tail loading (`tailLoading`) says how much a
 * log's large amounts of it share one size.
 */
export function estimateLogEffects(sketch: FitSketch, keys: ReadonlyArray<{ key: string; name: string }>): FittedLogEffects | null {
  const k = keys.length;
  if (k === 0 || sketch.logAmounts.length < MIN_SHARED_LOGS) return null;
  const logs = sketch.logAmounts.length;
  // Per key: pooled mean, total and within-log variance; per log: the deviation of its mean (NaN when absent).
  const dev: Float64Array[] = [];
  const loadings: number[] = [];
  const reliability: number[] = [];
  const repeats: number[] = [];
  const tails: number[] = [];
  for (const { key } of keys) {
    tails.push(r3(tailLoading(sketch, key)));
    let repeated = 0;
    let later = 0;
    const cells: Array<readonly [number, number, number, number]> = [];
    for (const m of sketch.logAmounts) {
      const c = m.get(key);
      if (!c) continue;
      cells.push(c);
      repeated += c[3];
      later += c[0] - 1;
    }
    const { mean, within: w, share } = oneWay(cells);
    loadings.push(r3(Math.sqrt(share)));
    repeats.push(later > 0 ? r3(Math.min(MAX_REPEAT, repeated / later)) : 0);
    const d = new Float64Array(logs).fill(Number.NaN);
    let varMeans = 0;
    let noise = 0;
    let count = 0;
    sketch.logAmounts.forEach((m, i) => {
      const c = m.get(key);
      if (!c) return;
      d[i] = c[1] / c[0] - mean;
      varMeans += d[i] * d[i];
      noise += w / c[0];
      count++;
    });
    dev.push(d);
    reliability.push(count > 1 && varMeans > 0 ? Math.min(1, Math.max(0.05, 1 - noise / varMeans)) : 1);
  }
  const balance = new Float64Array(logs);
  for (let i = 0; i < logs; i++) balance[i] = sketch.meanBalance[i] > 0 ? Math.log10(sketch.meanBalance[i]) : Number.NaN;
  dev.push(balance);
  reliability.push(1);
  loadings.push(1);
  repeats.push(0);
  tails.push(0);
  const names = keys.map((x) => x.name);
  names.push('balance');
  const size = names.length;
  const raw: number[][] = names.map(() => new Array<number>(size).fill(0));
  for (let a = 0; a < size; a++) {
    raw[a][a] = 1;
    for (let b = 0; b < a; b++) {
      const r = correlationOf(dev[a], dev[b]);
      const c = Math.min(MAX_CORRELATION, Math.max(-MAX_CORRELATION, r / Math.sqrt(reliability[a] * reliability[b])));
      raw[a][b] = raw[b][a] = c;
    }
  }
  return { names, loadings, correlation: positiveDefinite(raw), repeats, tails };
}

/**
 * The tail loading of a type key: the square root of the between-log share of the variance of the places of a log's
 * large rows among its large rows (`tailPlace`, one-way ANOVA over the logs with two or more; at most `MAX_SHARE`),
 * 0 with fewer than `MIN_SHARED_LOGS` such logs. Berka's large cash withdrawals: a log that makes them makes several of
 * about one size, so where they fall among its large amounts is mostly the log's own. This is a measure, not yet the
 * generator's parameter: a log's median and lower-half spread are estimates, and amounts are placed in log10 units,
 * not on the generator's normal scores, so the measure reads some tying where there is none; `calibrateTails` maps it
 * onto the parameter by simulation.
 */
export function tailLoading(sketch: FitSketch, key: string): number {
  const cells: Array<readonly [number, number, number]> = [];
  for (const m of sketch.logTails) {
    const c = m.get(key);
    if (c && c[0] > 0) cells.push(c);
  }
  const a = oneWay(cells);
  return a.groups < MIN_SHARED_LOGS ? 0 : Math.sqrt(a.share);
}

/**
 * One-way ANOVA over groups given as (count, sum, sum of squares): the pooled mean, the total variance, the pooled
 * within-group variance (the total when no group has two values), the between-group share of the variance
 * (1 − within / total, in [0, `MAX_SHARE`]; 0 without spread) and the number of groups with two values or more.
 */
function oneWay(cells: ReadonlyArray<readonly [number, number, number, ...number[]]>): { mean: number; total: number; within: number; share: number; groups: number } {
  let n = 0;
  let sum = 0;
  let squares = 0;
  let within = 0;
  let df = 0;
  let groups = 0;
  for (const c of cells) {
    n += c[0];
    sum += c[1];
    squares += c[2];
    if (c[0] >= 2) {
      within += Math.max(0, c[2] - (c[1] * c[1]) / c[0]);
      df += c[0] - 1;
      groups++;
    }
  }
  const mean = n > 0 ? sum / n : 0;
  const total = n > 1 ? Math.max(0, (squares - (sum * sum) / n) / (n - 1)) : 0;
  const w = df > 0 ? within / df : total;
  const share = total > 1e-12 ? Math.min(MAX_SHARE, Math.max(0, 1 - w / total)) : 0;
  return { mean, total, within: w, share, groups };
}

/**
 * Pearson correlation over the logs where both series are present, shrunk by n / (n + `SHRINK_LOGS`) (0 with fewer
 * than `MIN_SHARED_LOGS`).
 */
function correlationOf(x: Float64Array, y: Float64Array): number {
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < x.length; i++) {
    if (Number.isNaN(x[i]) || Number.isNaN(y[i])) continue;
    n++;
    sx += x[i];
    sy += y[i];
  }
  if (n < MIN_SHARED_LOGS) return 0;
  const weight = n / (n + SHRINK_LOGS);
  const mx = sx / n;
  const my = sy / n;
  let c = 0;
  let vx = 0;
  let vy = 0;
  for (let i = 0; i < x.length; i++) {
    if (Number.isNaN(x[i]) || Number.isNaN(y[i])) continue;
    c += (x[i] - mx) * (y[i] - my);
    vx += (x[i] - mx) ** 2;
    vy += (y[i] - my) ** 2;
  }
  return vx > 0 && vy > 0 ? (weight * c) / Math.sqrt(vx * vy) : 0;
}

/** The correlation matrix, off-diagonals shrunk by 2% steps until it (rounded to 3 digits) is positive definite. */
function positiveDefinite(m: number[][]): number[][] {
  for (let shrink = 1; shrink > 0.01; shrink *= 0.98) {
    const out = m.map((row, a) => row.map((v, b) => (a === b ? 1 : r3(v * shrink))));
    if (choleskyFactor(out) !== null) return out;
  }
  return m.map((row, a) => row.map((_, b) => (a === b ? 1 : 0)));
}
