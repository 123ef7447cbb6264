import { describe, expect, it } from 'vitest';
import { binIndex, equalFrequencyEdges, gridCell } from '../../src/drift/binning.js';

describe('equalFrequencyEdges', () => {
  it('cuts a uniform sample into equal-count bins halfway between values', () => {
    // 1..8, one each, 4 bins: cuts after 2, 4, 6 → edges 2.5, 4.5, 6.5 (by hand)
    expect(equalFrequencyEdges([1, 2, 3, 4, 5, 6, 7, 8], [1, 1, 1, 1, 1, 1, 1, 1], 4)).toEqual([2.5, 4.5, 6.5]);
  });

  it('merges duplicate edges when one value carries more than n/K', () => {
    // 0 holds 6 of 10 values: targets 2.5, 5, 7.5 → the first two both cut after 0, merged into one edge 0.5;
    // cumulative after 1 is 8 ≥ 7.5 → edge 1.5. Three bins instead of four.
    expect(equalFrequencyEdges([0, 1, 2], [6, 2, 2], 4)).toEqual([0.5, 1.5]);
  });

  it('gives no edges for a single distinct value', () => {
    expect(equalFrequencyEdges([3], [100], 10)).toEqual([]);
  });
});

describe('binIndex', () => {
  it('uses open outer bins and half-open inner bins', () => {
    const e = [2.5, 4.5, 6.5];
    expect(binIndex(e, -1e9)).toBe(0);
    expect(binIndex(e, 2.5)).toBe(1);
    expect(binIndex(e, 4.4)).toBe(1);
    expect(binIndex(e, 6.5)).toBe(3);
    expect(binIndex(e, 1e9)).toBe(3);
    expect(binIndex([], 5)).toBe(0);
  });
});

describe('gridCell', () => {
  it('rounds half away from zero', () => {
    expect(gridCell(2.0005, 0.001)).toBe(2001);
    expect(gridCell(-2.0005, 0.001)).toBe(-2001);
    expect(gridCell(0, 1)).toBe(0);
  });
});
