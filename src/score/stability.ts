import { CclupeError } from '../errors.js';
import type { RunScores, StabilityCell, StabilityReport } from '../schema/results.js';
import { TABLE3_KEYS } from './table-columns.js';
import { maxOf, minOf } from '../log/extremes.js';

/** Columns summarised for stability: the Table 3 row, then S_dom, S_cog and Mrate. */
export const STABILITY_KEYS = [...TABLE3_KEYS, 'sDom', 'sCog', 'mrate'] as const;

function valueOf(run: RunScores, key: (typeof STABILITY_KEYS)[number]): number | null {
  if (key === 'sDom' || key === 'sCog' || key === 'mrate') return run.summary[key];
  return run.table3[key];
}

/** Mean, sample standard deviation (divisor k − 1; null when k < 2), min and max of the defined values. */
export function describeRunValues(values: ReadonlyArray<number | null>): StabilityCell {
  const xs = values.filter((v): v is number => v !== null);
  const k = xs.length;
  if (k === 0) return { mean: null, std: null, min: null, max: null, k };
  const mean = xs.reduce((s, x) => s + x, 0) / k;
  const std = k < 2 ? null : Math.sqrt(xs.reduce((s, x) => s + (x - mean) * (x - mean), 0) / (k - 1));
  return { mean, std, min: minOf(xs), max: maxOf(xs), k };
}

/**
 * Stability over K repeated runs of one model on the same items (CCLUPE §5.4, Table 5): mean ± sample std of each
 * Table 3 column and of S_dom, S_cog, Mrate. The runs must share parameters and item ids.
 */
export function stabilityOverRuns(runs: readonly RunScores[], { label }: { label?: string } = {}): StabilityReport {
  if (runs.length === 0) throw new CclupeError('stabilityOverRuns requires at least one run');
  const [first] = runs;
  const ids = first.items.map((i) => i.item_id).sort().join('\n');
  for (const r of runs) {
    const p = r.params;
    if (p.lambda !== first.params.lambda || p.eta !== first.params.eta || p.delta !== first.params.delta || p.numericTolerance !== first.params.numericTolerance) {
      throw new CclupeError('stabilityOverRuns requires every run scored with the same parameters');
    }
    if (r.items.map((i) => i.item_id).sort().join('\n') !== ids) {
      throw new CclupeError('stabilityOverRuns requires every run to cover the same items');
    }
  }
  const columns: Record<string, StabilityCell> = {};
  for (const key of STABILITY_KEYS) columns[key] = describeRunValues(runs.map((r) => valueOf(r, key)));
  return {
    schema: 'cclupe-stability/1',
    label: label ?? first.label,
    runs: runs.length,
    labels: runs.map((r) => r.label),
    columns,
  };
}
