import { describe, expect, it } from 'vitest';
import { baselinePredictions } from '../../src/score/baselines.js';
import { scoreRun } from '../../src/score/score-run.js';
import { describeRunValues, stabilityOverRuns } from '../../src/score/stability.js';
import { StabilityReport, type RunScores } from '../../src/schema/results.js';
import { makeItem } from './make-item.js';

const ITEMS = Array.from({ length: 6 }, (_, i) => makeItem({ id: `q${i}`, log_id: `L${i % 2}`, answer: ['A'] }));

function withAvg(run: RunScores, avg: number, label: string): RunScores {
  return { ...run, label, table3: { ...run.table3, avg } };
}

describe('describeRunValues', () => {
  it('gives the mean and the sample standard deviation', () => {
    // 0.40, 0.42, 0.44: mean 0.42; s² = (0.02² + 0 + 0.02²)/(3 − 1) = 0.0004 → s = 0.02.
    const c = describeRunValues([0.4, 0.42, 0.44]);
    expect(c.mean).toBeCloseTo(0.42, 12);
    expect(c.std).toBeCloseTo(0.02, 12);
    expect(c).toMatchObject({ min: 0.4, max: 0.44, k: 3 });
  });

  it('leaves std undefined for one run and skips empty columns', () => {
    expect(describeRunValues([0.5])).toEqual({ mean: 0.5, std: null, min: 0.5, max: 0.5, k: 1 });
    expect(describeRunValues([null, null])).toEqual({ mean: null, std: null, min: null, max: null, k: 0 });
  });
});

describe('stabilityOverRuns', () => {
  const base = scoreRun(ITEMS, baselinePredictions('oracle', ITEMS), {}, { label: 'm', bootstrap: false });

  it('summarises each Table 3 column over K runs', () => {
    const r = stabilityOverRuns([withAvg(base, 0.4, 'run1'), withAvg(base, 0.42, 'run2'), withAvg(base, 0.44, 'run3')], { label: 'model' });
    expect(StabilityReport.parse(r)).toEqual(r);
    expect(r).toMatchObject({ label: 'model', runs: 3, labels: ['run1', 'run2', 'run3'] });
    expect(r.columns.avg.std).toBeCloseTo(0.02, 12);
    expect(r.columns.mem).toEqual({ mean: 1, std: 0, min: 1, max: 1, k: 3 });
    // No multi items in this set: the column stays undefined.
    expect(r.columns.mul.mean).toBeNull();
  });

  it('refuses runs over different items or parameters', () => {
    const fewer = scoreRun(ITEMS.slice(1), baselinePredictions('oracle', ITEMS.slice(1)), {}, { bootstrap: false });
    expect(() => stabilityOverRuns([base, fewer])).toThrow('covers other items than the first run (1 of its 6 missing, 0 others; missing e.g. q0)');
    const other = scoreRun(ITEMS, baselinePredictions('oracle', ITEMS), { delta: 1 }, { bootstrap: false });
    expect(() => stabilityOverRuns([base, other])).toThrow('scored with other parameters (λ 2, η 0.5, δ 1, tolerance');
  });
});
