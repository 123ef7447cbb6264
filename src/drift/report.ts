import type { Reference } from '../schema/reference.js';
import type { BinnedCorpus } from './accumulator.js';
import { compareCorpus, DEFAULT_CATEGORY_SHIFT, DEFAULT_DRIFT_THRESHOLD, type CategoryShiftRule, type DriftCompareOptions, type DriftThresholds, type FeatureDrift, type FeatureStatus, type PooledDrift } from './compare.js';
import type { PerLogDrift } from './per-log.js';

/** The version of the drift report JSON. */
export const DRIFT_REPORT_VERSION = 2;

/** What `cclupe drift --json` writes: the pooled comparison, optionally the per-log one, and the verdict. */
export interface DriftReport {
  format: 'cclupe-drift-report';
  version: number;
  reference: { corpusHash: string; label?: string; logs: number; rows: number; bins: number; createdBy: string };
  generated: { logs: number; rows: number; corpusHash?: string; label?: string };
  thresholds: DriftThresholds;
  /** The rare-category rule applied to the categorical features. */
  categoryShift: CategoryShiftRule;
  pooled: PooledDrift;
  perLog?: PerLogDrift;
  /**
   * False when a pooled feature passed its threshold or a category share moved past the rare-category rule
   * (per-log results inform, they do not gate).
   */
  passed: boolean;
}

const STATUS_ORDER: Record<FeatureStatus, number> = { drift: 0, not_meaningful: 1, ok: 2, empty: 3, unavailable: 4 };

/** Features ordered for reading: drifted first, then not meaningful, then by KL, largest first. */
export function sortForReport(features: readonly FeatureDrift[]): FeatureDrift[] {
  return features
    .map((f, i) => ({ f, i }))
    .sort(
      (a, b) =>
        STATUS_ORDER[a.f.status] - STATUS_ORDER[b.f.status] ||
        b.f.categoryShifts.length - a.f.categoryShifts.length ||
        (b.f.kl ?? -1) - (a.f.kl ?? -1) ||
        a.i - b.i,
    )
    .map(({ f }) => f);
}

/** Builds the drift report of a binned corpus against a reference (pooled), with an optional per-log result. */
export function buildDriftReport(
  reference: Reference,
  corpus: BinnedCorpus,
  options: DriftCompareOptions & { perLog?: PerLogDrift; generated?: { logs?: number; rows?: number; corpusHash?: string; label?: string } } = {},
): DriftReport {
  const pooled = compareCorpus(reference, corpus, options);
  // Without caller totals, the largest group (usually `all`) stands for the corpus.
  const largest = Object.values(corpus).reduce((a, g) => (g && (!a || g.logs > a.logs) ? g : a), undefined as (typeof corpus)['all']);
  // Only the pooled check gates: one log's rows are not independent draws from the pooled distribution (a salary
  // repeats, a balance wanders slowly), so per-log KLs flag many ordinary logs; they list atypical logs instead.
  const passed = pooled.drifted === 0 && pooled.categoryShifts === 0;
  return {
    format: 'cclupe-drift-report',
    version: DRIFT_REPORT_VERSION,
    reference: {
      corpusHash: reference.source.corpusHash,
      ...(reference.source.label !== undefined ? { label: reference.source.label } : {}),
      logs: reference.source.logs,
      rows: reference.source.rows,
      bins: reference.bins,
      createdBy: reference.createdBy,
    },
    generated: { logs: largest?.logs ?? 0, rows: largest?.rows ?? 0, ...options.generated },
    thresholds: options.thresholds ?? { default: DEFAULT_DRIFT_THRESHOLD },
    categoryShift: { ...(options.categoryShift ?? DEFAULT_CATEGORY_SHIFT) },
    pooled,
    ...(options.perLog ? { perLog: options.perLog } : {}),
    passed,
  };
}
