import type { FeatureReference } from '../schema/reference.js';
import { FEATURES, type FeatureId } from '../schema/drift-features.js';

function fmt(x: number, resolution: number): string {
  if (resolution >= 1) return String(Math.round(x));
  return x.toFixed(2);
}

/**
 * Human labels of a continuous feature's bins from its inner edges. Integer features (grid step 1, edges at half
 * integers) read as inclusive integer ranges (`≤ 3`, `4–7`, `≥ 8`); others as half-open ranges in feature units.
 */
export function continuousBinLabels(feature: FeatureId, edges: readonly number[]): string[] {
  const res = FEATURES[feature].resolution ?? 1;
  if (edges.length === 0) return ['all'];
  const labels: string[] = [];
  if (res >= 1) {
    // Bin i holds the integers x with e_{i−1} ≤ x < e_i: from ⌈e_{i−1}⌉ to ⌈e_i⌉ − 1.
    labels.push(`≤ ${Math.ceil(edges[0]) - 1}`);
    for (let i = 1; i < edges.length; i++) {
      const lo = Math.ceil(edges[i - 1]);
      const hi = Math.ceil(edges[i]) - 1;
      labels.push(lo === hi ? String(lo) : `${lo}–${hi}`);
    }
    labels.push(`≥ ${Math.ceil(edges[edges.length - 1])}`);
    return labels;
  }
  labels.push(`< ${fmt(edges[0], res)}`);
  for (let i = 1; i < edges.length; i++) labels.push(`${fmt(edges[i - 1], res)}–${fmt(edges[i], res)}`);
  labels.push(`≥ ${fmt(edges[edges.length - 1], res)}`);
  return labels;
}

/** The labels of a reference feature's bins, in bin order. */
export function binLabels(feature: FeatureId, ref: FeatureReference): string[] {
  if (ref.kind === 'continuous') return ref.available ? continuousBinLabels(feature, ref.edges ?? []) : [];
  return ref.categories ?? [];
}
