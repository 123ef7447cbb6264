import { describe, expect, it } from 'vitest';
import { baselinePredictions } from '../../src/score/baselines.js';
import { comparePaired, mcnemarFromPairs } from '../../src/score/compare-paired.js';
import { scoreRun } from '../../src/score/score-run.js';
import { PairedComparison } from '../../src/schema/results.js';
import type { Item } from '../../src/schema/item.js';
import { makeItem } from './make-item.js';

// 12 logs × 4 items: 3 single-choice and 1 multi-select per log.
const ITEMS: Item[] = [];
for (let l = 0; l < 12; l++) {
  for (let q = 0; q < 4; q++) {
    ITEMS.push(
      makeItem({
        id: `L${l}-q${q}`,
        log_id: `L${l}`,
        format: q === 3 ? 'multi' : 'single',
        answer: q === 3 ? ['A', 'C'] : ['B'],
        domain: (['debt', 'time', 'conduct'] as const)[q % 3],
        cognition: (['memory', 'analysis'] as const)[q % 2],
      }),
    );
  }
}

describe('comparePaired', () => {
  const oracle = scoreRun(ITEMS, baselinePredictions('oracle', ITEMS), {}, { label: 'oracle', bootstrap: false });
  const first = scoreRun(ITEMS, baselinePredictions('first-option', ITEMS), {}, { label: 'first', bootstrap: false });

  it('reports B − A on the shared items with a reproducible paired bootstrap CI', () => {
    const c1 = comparePaired(oracle, first, { bootstrap: { seed: '7', replicates: 200 } });
    const c2 = comparePaired(oracle, first, { bootstrap: { seed: '7', replicates: 200 } });
    expect(c1).toEqual(c2);
    expect(PairedComparison.parse(c1)).toEqual(c1);
    expect(c1.items).toBe(48);
    expect(c1.logs).toBe(12);
    // first-option picks A: wrong on every single-choice item (gold B, S = 0); on multi {A} ⊂ {A,C}: S = 1/2.
    // Single-choice items are 36 of 48; Sin. drops 1 → 0 and Mul. 1 → 1/2.
    expect(c1.delta.sin).toBe(-1);
    expect(c1.delta.mul).toBe(-0.5);
    // Every log looks alike, so each resample gives the same difference: the CI collapses onto it.
    expect(c1.ci.sin).toEqual({ lo: -1, hi: -1 });
    expect(c1.ci.avg.lo).toBeLessThanOrEqual(c1.delta.avg!);
    expect(c1.ci.avg.hi).toBeGreaterThanOrEqual(c1.delta.avg!);
  });

  it('runs exact McNemar on single-choice correctness and on exact match of all items', () => {
    const c = comparePaired(oracle, first, { bootstrap: false });
    // Single-choice: oracle right on all 36, first-option wrong on all 36 → b = 36 (only A), c = 0.
    // p = 2·(1/2)^36 = 2^-35 ≈ 2.91e-11 (scipy binomtest(0, 36).pvalue = 2.9103830456733704e-11).
    expect(c.mcnemar).toMatchObject({ scope: 'single', n: 36, bothCorrect: 0, onlyA: 36, onlyB: 0, bothWrong: 0 });
    expect(c.mcnemar.pValue).toBeCloseTo(2.9103830456733704e-11, 20);
    // All items: the 12 multi items are partial for first-option, so not exact matches either → 48 discordant.
    expect(c.mcnemarAll).toMatchObject({ scope: 'all', n: 48, onlyA: 48, onlyB: 0 });
    expect(c.bootstrap).toBeNull();
  });

  it('gives zero differences and p = 1 for a run against itself', () => {
    const c = comparePaired(first, first, { bootstrap: { replicates: 50 } });
    expect(Object.values(c.delta).every((d) => d === null || d === 0)).toBe(true);
    expect(c.delta.avg).toBe(0);
    expect(c.ci.avg).toEqual({ lo: 0, hi: 0 });
    expect(c.mcnemar.pValue).toBe(1);
  });

  it('pairs only the items both runs scored', () => {
    const half = scoreRun(ITEMS.slice(0, 20), baselinePredictions('oracle', ITEMS.slice(0, 20)), {}, { bootstrap: false });
    const c = comparePaired(oracle, half, { bootstrap: false });
    expect(c).toMatchObject({ items: 20, logs: 5, onlyInA: 28, onlyInB: 0 });
  });

  it('refuses runs scored with different parameters', () => {
    const other = scoreRun(ITEMS, baselinePredictions('oracle', ITEMS), { lambda: 3 }, { bootstrap: false });
    expect(() => comparePaired(oracle, other)).toThrow('comparePaired requires both runs scored with the same lambda, eta, delta and numericTolerance');
  });

  it('refuses runs with no item in common', () => {
    const a = scoreRun(ITEMS.slice(0, 4), baselinePredictions('oracle', ITEMS.slice(0, 4)), {}, { bootstrap: false });
    const b = scoreRun(ITEMS.slice(4, 8), baselinePredictions('oracle', ITEMS.slice(4, 8)), {}, { bootstrap: false });
    expect(() => comparePaired(a, b)).toThrow('comparePaired requires the two runs to share at least one item');
  });
});

describe('mcnemarFromPairs', () => {
  it('counts the 2×2 table', () => {
    const m = mcnemarFromPairs(
      [
        [true, true],
        [true, false],
        [false, true],
        [false, true],
        [false, false],
      ],
      'single',
    );
    // Discordant b = 1, c = 2: p = 2·(C(3,0)+C(3,1))/8 = 1 (scipy binomtest(1, 3).pvalue = 1.0).
    expect(m).toEqual({ scope: 'single', n: 5, bothCorrect: 1, onlyA: 1, onlyB: 2, bothWrong: 1, pValue: 1 });
  });
});
