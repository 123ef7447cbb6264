/** The integer grid cell of a value: round(x / resolution). */
export function gridCell(x: number, resolution: number): number {
  return Math.sign(x) * Math.round(Math.abs(x) / resolution) || 0;
}

/**
 * Equal-frequency inner edges for `bins` bins over a weighted sample given as distinct ascending values with counts.
 * For each target j·n/K (j = 1…K−1) the cut goes after the first value whose cumulative count reaches the target,
 * halfway to the next distinct value. Duplicate cuts (a value heavier than n/K) are merged, so fewer bins may result;
 * the outer bins are open: bin 0 is (−∞, e₀), bin i is [e_{i−1}, e_i), the last is [e_{K−2}, ∞).
 * Cost O(m + K) for m distinct values.
 */
export function equalFrequencyEdges(values: readonly number[], counts: readonly number[], bins: number): number[] {
  if (!Number.isInteger(bins) || bins < 1) throw new RangeError('equalFrequencyEdges requires bins >= 1');
  let n = 0;
  for (const c of counts) n += c;
  const edges: number[] = [];
  if (n === 0 || values.length < 2) return edges;
  let cum = 0;
  let j = 1;
  for (let t = 0; t < values.length - 1 && j < bins; t++) {
    cum += counts[t];
    if (cum >= (j * n) / bins) {
      edges.push((values[t] + values[t + 1]) / 2);
      while (j < bins && cum >= (j * n) / bins) j++;
    }
  }
  return edges;
}

/** The bin of x for inner edges e (ascending): the number of edges ≤ x, by binary search. Cost O(log K). */
export function binIndex(edges: readonly number[], x: number): number {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (edges[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
