/**
 * A small L2-regularised logistic regression fitted by Newton's method (IRLS), with optional row weights.
 * Enough for a few dozen features and some 10⁵ rows; deterministic (no random start).
 */
export interface LogisticModel {
  /** Intercept first, then one weight per feature. */
  weights: number[];
}

/** Fits P(y = 1 | x) = σ(w₀ + w·x). `l2` is the ridge penalty on the non-intercept weights. */
export function fitLogistic(
  xs: readonly (readonly number[])[],
  ys: readonly number[],
  opts: { l2?: number; iterations?: number; weights?: readonly number[] } = {},
): LogisticModel {
  const d = (xs[0]?.length ?? 0) + 1;
  const l2 = opts.l2 ?? 1;
  const w = new Array<number>(d).fill(0);
  const iterations = opts.iterations ?? 25;
  const row = new Float64Array(d);
  for (let it = 0; it < iterations; it++) {
    const grad = new Float64Array(d);
    const hess = new Float64Array(d * d);
    for (let n = 0; n < xs.length; n++) {
      row[0] = 1;
      const x = xs[n];
      for (let j = 1; j < d; j++) row[j] = x[j - 1];
      let z = 0;
      for (let j = 0; j < d; j++) z += w[j] * row[j];
      const p = sigmoid(z);
      const sw = opts.weights ? opts.weights[n] : 1;
      const r = (p - ys[n]) * sw;
      const s = Math.max(p * (1 - p), 1e-9) * sw;
      for (let j = 0; j < d; j++) {
        grad[j] += r * row[j];
        const sj = s * row[j];
        if (sj === 0) continue;
        for (let k = j; k < d; k++) hess[j * d + k] += sj * row[k];
      }
    }
    for (let j = 0; j < d; j++) for (let k = 0; k < j; k++) hess[j * d + k] = hess[k * d + j];
    for (let j = 1; j < d; j++) {
      grad[j] += l2 * w[j];
      hess[j * d + j] += l2;
    }
    hess[0] += 1e-6;
    const step = solve(hess, grad, d);
    let change = 0;
    for (let j = 0; j < d; j++) {
      w[j] -= step[j];
      change = Math.max(change, Math.abs(step[j]));
    }
    if (change < 1e-8) break;
  }
  return { weights: w };
}

/** P(y = 1 | x) under a fitted model. */
export function predictLogistic(model: LogisticModel, x: readonly number[]): number {
  let z = model.weights[0];
  for (let j = 1; j < model.weights.length; j++) z += model.weights[j] * x[j - 1];
  return sigmoid(z);
}

/** The logistic function, clamped so that exp never overflows. */
export function sigmoid(z: number): number {
  if (z > 35) return 1;
  if (z < -35) return 0;
  return 1 / (1 + Math.exp(-z));
}

/** log(p / (1 − p)) with p clamped into [1e-6, 1 − 1e-6]. */
export function logit(p: number): number {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
}

/** Solves A·x = b (A symmetric positive definite, row-major d×d) by Gaussian elimination with partial pivoting. */
function solve(a: Float64Array, b: Float64Array, d: number): Float64Array {
  const m = Float64Array.from(a);
  const x = Float64Array.from(b);
  for (let c = 0; c < d; c++) {
    let piv = c;
    for (let r = c + 1; r < d; r++) if (Math.abs(m[r * d + c]) > Math.abs(m[piv * d + c])) piv = r;
    if (piv !== c) {
      for (let k = 0; k < d; k++) [m[c * d + k], m[piv * d + k]] = [m[piv * d + k], m[c * d + k]];
      [x[c], x[piv]] = [x[piv], x[c]];
    }
    const p = m[c * d + c];
    if (Math.abs(p) < 1e-12) continue;
    for (let r = c + 1; r < d; r++) {
      const f = m[r * d + c] / p;
      if (f === 0) continue;
      for (let k = c; k < d; k++) m[r * d + k] -= f * m[c * d + k];
      x[r] -= f * x[c];
    }
  }
  for (let c = d - 1; c >= 0; c--) {
    let s = x[c];
    for (let k = c + 1; k < d; k++) s -= m[c * d + k] * x[k];
    const p = m[c * d + c];
    x[c] = Math.abs(p) < 1e-12 ? 0 : s / p;
  }
  return x;
}

/**
 * Area under the ROC curve of scores for positives against negatives (Mann–Whitney, ties count one half), with
 * optional weights per example. 0.5 when either class is empty.
 */
export function rocAuc(scores: readonly number[], labels: readonly number[], weights?: readonly number[]): number {
  const idx = scores.map((_, i) => i).sort((a, b) => scores[a] - scores[b]);
  let pos = 0;
  let neg = 0;
  for (let i = 0; i < labels.length; i++) {
    const w = weights ? weights[i] : 1;
    if (labels[i]) pos += w;
    else neg += w;
  }
  if (pos === 0 || neg === 0) return 0.5;
  let negBelow = 0;
  let sum = 0;
  for (let i = 0; i < idx.length; ) {
    let j = i;
    let tiePos = 0;
    let tieNeg = 0;
    while (j < idx.length && scores[idx[j]] === scores[idx[i]]) {
      const k = idx[j];
      const w = weights ? weights[k] : 1;
      if (labels[k]) tiePos += w;
      else tieNeg += w;
      j++;
    }
    sum += tiePos * (negBelow + tieNeg / 2);
    negBelow += tieNeg;
    i = j;
  }
  return sum / (pos * neg);
}
