import { CclupeError } from '../errors.js';
import type { RunScores, StabilityCell, StabilityReport } from '../schema/results.js';
import { TABLE3_KEYS } from './table-columns.js';
import { maxOf, minOf } from '../log/extremes.js';
import { otherQuestions } from './scored-dataset.js';

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
 * Why run `r` cannot be pooled with run `first` in a stability summary (other scoring parameters, other items), or
 * null when it can. The CLI names the file it came from.
 */
export function unlikeRun(first: RunScores, r: RunScores): string | null {
  const a = first.params;
  const p = r.params;
  if (p.lambda !== a.lambda || p.eta !== a.eta || p.delta !== a.delta || p.numericTolerance !== a.numericTolerance) {
    return `scored with other parameters (λ ${p.lambda}, η ${p.eta}, δ ${p.delta}, tolerance ${p.numericTolerance}; the first run: λ ${a.lambda}, η ${a.eta}, δ ${a.delta}, tolerance ${a.numericTolerance})`;
  }
  const questions = otherQuestions(first, r);
  if (questions) return questions;
  const ids = new Set(first.items.map((i) => i.item_id));
  const own = new Set(r.items.map((i) => i.item_id));
  const extra = [...own].filter((id) => !ids.has(id));
  const missing = [...ids].filter((id) => !own.has(id));
  if (extra.length || missing.length) {
    return `covers other items than the first run (${missing.length} of its ${ids.size} missing, ${extra.length} others${extra.length ? `, e.g. ${extra[0]}` : missing.length ? `; missing e.g. ${missing[0]}` : ''})`;
  }
  return null;
}

/**
 * Stability over K repeated runs of one model on the same items (CCLUPE §5.4, Table 5): mean ± sample std of each
 * Table 3 column and of S_dom, S_cog, Mrate. The runs must share parameters and item ids.
 */
export function stabilityOverRuns(runs: readonly RunScores[], { label }: { label?: string } = {}): StabilityReport {
  if (runs.length === 0) throw new CclupeError('stabilityOverRuns requires at least one run');
  const [first] = runs;
  for (const r of runs) {
    const why = unlikeRun(first, r);
    if (why) throw new CclupeError(`stabilityOverRuns requires runs alike: ${why}`);
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
