import { describe, expect, it } from 'vitest';
import { coarsenBins, mergeEdges, mergeLabels, mergeVector } from '../../src/drift/coarsen.js';
import type { FeatureReference } from '../../src/schema/reference.js';

describe('coarsenBins', () => {
  it('merges adjacent ordered bins by cumulative reference share', () => {
    // Ten bins of 10: midpoints at shares 0.05, 0.15, …, 0.95 → ⌊5·share⌋ = 0,0,1,1,2,2,3,3,4,4 (by hand).
    const ref: FeatureReference = { kind: 'continuous', available: true, n: 100, edges: [1, 2, 3, 4, 5, 6, 7, 8, 9], counts: new Array(10).fill(10) };
    const m = coarsenBins(ref, 5);
    expect(m).toEqual({ map: [0, 0, 1, 1, 2, 2, 3, 3, 4, 4], bins: 5 });
    expect(mergeEdges(ref.edges!, m)).toEqual([2, 4, 6, 8]);
    expect(mergeVector([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], m)).toEqual([3, 7, 11, 15, 19]);
  });

  it('keeps a heavy bin alone and leaves no empty coarse bin', () => {
    // Shares 0.7, 0.1, 0.1, 0.1: midpoints 0.35, 0.75, 0.85, 0.95 → ⌊4·m⌋ = 1, 3, 3, 3 → renumbered 0, 1, 1, 1.
    const ref: FeatureReference = { kind: 'ordinal', available: true, n: 100, categories: ['a', 'b', 'c', 'd'], counts: [70, 10, 10, 10] };
    expect(coarsenBins(ref, 3)).toEqual({ map: [0, 1, 1, 1], bins: 2 });
    expect(mergeLabels(ref.categories!, { map: [0, 1, 1, 1], bins: 2 }, true)).toEqual(['a', 'b–d']);
  });

  it('keeps the most frequent categories and pools the rest with OTHER', () => {
    const ref: FeatureReference = { kind: 'categorical', available: true, n: 100, categories: ['x', 'y', 'z', 'w', 'OTHER'], counts: [40, 30, 20, 10, 0] };
    const m = coarsenBins(ref, 3);
    expect(m).toEqual({ map: [0, 1, 2, 2, 2], bins: 3 });
    expect(mergeLabels(ref.categories!, m, false)).toEqual(['x', 'y', 'z + w + OTHER']);
  });

  it('leaves a binning that is already small alone', () => {
    const ref: FeatureReference = { kind: 'ordinal', available: true, n: 3, categories: ['a', 'b'], counts: [1, 2] };
    expect(coarsenBins(ref, 5)).toEqual({ map: [0, 1], bins: 2 });
  });
});
