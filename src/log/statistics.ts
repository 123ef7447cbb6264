/**
 * The summary statistics the detectors and the question templates share, each with its empty case decided here:
 * the mean, median and standard deviation of no numbers are NaN (there is none). A caller for which "no data" has a
 * value names it: the detectors read an empty list's median as 0 (`median(xs, 0)`), so that a missing income is
 * no income rather than an unknown one.
 */

/** Arithmetic mean; NaN for an empty list. */
export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return s / xs.length;
}

/** Median (mean of the middle two for an even count); `empty` (NaN unless given) for an empty list. */
export function median(values: readonly number[], empty: number = NaN): number {
  const n = values.length;
  if (n === 0) return empty;
  // One scratch buffer for every call (a fresh typed array per call was allocated outside the heap above 8 values)
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, 2 * scratch.length));
  const s = scratch;
  let hasNaN = false;
  for (let i = 0; i < n; i++) {
    const x = values[i];
    s[i] = x;
    if (x !== x) hasNaN = true;
  }
  const h = n >> 1;
  if (hasNaN) {
    // as the typed-array sort orders them: NaNs last
    const sorted = s.slice(0, n).sort();
    return n % 2 ? sorted[h] : (sorted[h - 1] + sorted[h]) / 2;
  }
  // Most lists here are short (months, a payee's installments): an insertion sort. Longer ones select the middle
  // order statistics in linear time instead of sorting all of them.
  if (n <= 32) {
    insertionSort(s, n);
    return n % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
  }
  const hi = select(s, n, h);
  if (n % 2) return signedZero(values, h, hi);
  // the (h−1)-th is the largest of the left part that selection left below position h
  let lo = s[0];
  for (let i = 1; i < h; i++) if (s[i] > lo) lo = s[i];
  return (signedZero(values, h - 1, lo) + signedZero(values, h, hi)) / 2;
}

let scratch = new Float64Array(64);

/** Sorts the first `n` of `s` ascending, -0 before +0 (as `Float64Array.prototype.sort` does); no NaN in `s`. */
function insertionSort(s: Float64Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const x = s[i];
    let j = i - 1;
    while (j >= 0 && (s[j] > x || (s[j] === 0 && x === 0 && 1 / s[j] > 1 / x))) {
      s[j + 1] = s[j];
      j--;
    }
    s[j + 1] = x;
  }
}

/**
 * The k-th smallest of the first `n` of `s` (no NaN), by Hoare's selection with a median-of-three pivot; on return
 * every value left of k is ≤ it. -0 and +0 compare equal here (see `signedZero`).
 */
function select(s: Float64Array, n: number, k: number): number {
  let left = 0;
  let right = n - 1;
  while (right > left) {
    const mid = (left + right) >> 1;
    // median of three as the pivot
    let a = s[left];
    let b = s[mid];
    let c = s[right];
    if (a > b) [a, b] = [b, a];
    if (b > c) [b, c] = [c, b];
    if (a > b) [a, b] = [b, a];
    const pivot = b;
    let i = left;
    let j = right;
    while (i <= j) {
      while (s[i] < pivot) i++;
      while (s[j] > pivot) j--;
      if (i <= j) {
        const t = s[i];
        s[i] = s[j];
        s[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return s[k];
}

/** The k-th of `values` in sorted order when it is a zero: -0 when -0s reach position k (sorted: negatives, -0s, +0s). */
function signedZero(values: readonly number[], k: number, x: number): number {
  if (x !== 0) return x;
  let below = 0;
  for (let i = 0; i < values.length; i++) if (values[i] < 0 || Object.is(values[i], -0)) below++;
  return k < below ? -0 : 0;
}

/** Population standard deviation √(Σ(x−x̄)²/n); `sample` divides by n−1 instead. NaN for too few values. */
export function stdev(xs: readonly number[], sample = false): number {
  const n = xs.length;
  if (n === 0 || (sample && n < 2)) return NaN;
  const m = mean(xs);
  let ss = 0;
  for (let i = 0; i < xs.length; i++) ss += (xs[i] - m) * (xs[i] - m);
  return Math.sqrt(ss / (sample ? n - 1 : n));
}
