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
  const s = new Float64Array(n);
  s.set(values);
  // Most lists here are short (months, a payee's installments), where an insertion sort beats the typed-array
  // sort's runtime call; both order numbers ascending with -0 before +0 (a NaN makes the insertion sort give up).
  if (n > 32 || !insertionSorted(s)) s.sort();
  const h = n >> 1;
  return n % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
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

/** Sorts `s` in place as `Float64Array.prototype.sort` would, unless it holds a NaN (then returns false). */
function insertionSorted(s: Float64Array): boolean {
  for (let i = 1; i < s.length; i++) {
    const x = s[i];
    if (x !== x) return false;
    let j = i - 1;
    while (j >= 0 && (s[j] > x || (s[j] === 0 && x === 0 && 1 / s[j] > 1 / x))) {
      s[j + 1] = s[j];
      j--;
    }
    s[j + 1] = x;
  }
  return s.length === 0 || s[0] === s[0];
}
