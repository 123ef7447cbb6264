/** Drawing an index by weight from a cumulative weight array (pure). */

/** Running sums of weights. */
export function cumulative(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let acc = 0;
  for (let i = 0; i < weights.length; i++) {
    acc += weights[i];
    out[i] = acc;
  }
  return out;
}

/**
 * A guide to a cumulative weight array of n entries: entry b is the smallest index i with cum[i] > b / scale (n − 1
 * when none), for b < n, so that a draw u starts its search at entry ⌊u · scale⌋, next to its answer.
 */
export function guideTable(cum: Float64Array, scale: number): Int32Array {
  const n = cum.length;
  const guide = new Int32Array(n);
  let i = 0;
  for (let b = 0; b < n; b++) {
    while (i < n - 1 && !(cum[i] > b / scale)) i++;
    guide[b] = i;
  }
  return guide;
}

/**
 * `sampleCum(cum, u)` in a step or two: from the guide's entry for u (`guideTable`), back while the entry before is
 * still above u, then on while the entry is not; so exactly its answer, whatever the guide's rounding.
 */
export function sampleGuided(cum: Float64Array, guide: Int32Array, scale: number, u: number): number {
  const n = cum.length;
  if (n === 0 || !(scale > 0)) return sampleCum(cum, u);
  const b = Math.floor(u * scale);
  let i = b >= 0 ? guide[b < n ? b : n - 1] : 0;
  while (i > 0 && cum[i - 1] > u) i--;
  while (i < n - 1 && !(cum[i] > u)) i++;
  return i;
}

/** Smallest index i with cum[i] > u (binary search over a cumulative weight array; the last index when none). */
export function sampleCum(cum: Float64Array, u: number): number {
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid] > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
