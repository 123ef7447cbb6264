import type { FeatureReference } from '../schema/reference.js';
import { OTHER_CATEGORY } from './accumulator.js';

/** A merge of a reference's bins into fewer bins: `map[i]` is the coarse bin of fine bin i. */
export interface BinMerge {
  map: number[];
  bins: number;
}

/**
 * Merges a feature's reference bins into about `bins` bins, for per-log checks (SPEC §5: fewer bins per log).
 * Ordered features (continuous, ordinal): adjacent bins are merged by cumulative reference share, bin i going to
 * ⌊K·(C_{i−1} + c_i/2)/n⌋, so coarse bins are contiguous and near equal-frequency. Categorical: the K−1 most
 * frequent categories keep a bin each and the rest share the last one with OTHER. Cost O(k).
 */
export function coarsenBins(ref: FeatureReference, bins: number): BinMerge {
  const k = ref.counts.length;
  if (k <= bins) return { map: ref.counts.map((_, i) => i), bins: k };
  if (ref.kind === 'categorical') {
    const order = ref.counts
      .map((c, i) => ({ c, i }))
      .filter(({ i }) => ref.categories?.[i] !== OTHER_CATEGORY)
      .sort((a, b) => b.c - a.c || a.i - b.i);
    const map = new Array(k).fill(bins - 1);
    order.slice(0, bins - 1).forEach(({ i }, j) => (map[i] = j));
    return compact(map);
  }
  const n = ref.counts.reduce((a, b) => a + b, 0);
  const map = new Array(k).fill(0);
  let cum = 0;
  for (let i = 0; i < k; i++) {
    const mid = n > 0 ? (cum + ref.counts[i] / 2) / n : i / k;
    map[i] = Math.min(bins - 1, Math.floor(mid * bins));
    cum += ref.counts[i];
  }
  return compact(map);
}

function compact(map: number[]): BinMerge {
  const used = [...new Set(map)].sort((a, b) => a - b);
  const renumber = new Map(used.map((b, j) => [b, j]));
  return { map: map.map((b) => renumber.get(b)!), bins: used.length };
}

/** Sums a per-bin vector into the coarse bins of a merge. */
export function mergeVector(values: readonly number[], merge: BinMerge): number[] {
  const out = new Array(merge.bins).fill(0);
  for (let i = 0; i < values.length; i++) out[merge.map[i]] += values[i];
  return out;
}

/** The labels of merged bins: the first and last fine label joined, or the categories joined by `+`. */
export function mergeLabels(labels: readonly string[], merge: BinMerge, ordered: boolean): string[] {
  const groups: string[][] = Array.from({ length: merge.bins }, () => []);
  labels.forEach((l, i) => groups[merge.map[i]].push(l));
  return groups.map((g) => (ordered && g.length > 1 ? `${g[0]}–${g[g.length - 1]}` : g.join(' + ')));
}

/** The inner edges kept by a merge of continuous bins: edge i−1 survives when bins i−1 and i go to different bins. */
export function mergeEdges(edges: readonly number[], merge: BinMerge): number[] {
  return edges.filter((_, i) => merge.map[i] !== merge.map[i + 1]);
}
