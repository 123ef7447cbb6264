import type { Log } from '../schema/log-row.js';
import type { Reference } from '../schema/reference.js';
import { BinnedAccumulator, type AddLogOptions } from './accumulator.js';
import { coarsenBins, type BinMerge } from './coarsen.js';
import { compareFeature, featureBinLabels, DEFAULT_PER_LOG_BINS, type DriftCompareOptions, type FeatureStatus } from './compare.js';
import { FEATURE_IDS, FEATURES, type DriftGroup, type FeatureId } from '../schema/drift-features.js';

/** Per feature, how the logs of a per-log check fared. */
export interface PerLogFeatureSummary {
  group: DriftGroup;
  feature: FeatureId;
  title: string;
  /** Bins after coarsening. */
  k: number;
  threshold: number;
  logs: Record<FeatureStatus, number>;
  /** Mean and max KL over the logs where it was computed. */
  meanKl: number | null;
  maxKl: number | null;
}

/** One log that drifted on one feature. */
export interface PerLogDriftHit {
  logId: string;
  group: DriftGroup;
  feature: FeatureId;
  kl: number;
  noDriftLevel: number;
  n: number;
}

/** The result of a per-log check. */
export interface PerLogDrift {
  bins: number;
  logs: number;
  features: PerLogFeatureSummary[];
  /** (log, feature) pairs that drifted, in input order, at most `maxHits` of them. */
  hits: PerLogDriftHit[];
  /** Total drifted (log, feature) pairs, including those beyond `maxHits`. */
  drifted: number;
  /** Logs with at least one drifted feature. */
  driftedLogs: number;
}

/**
 * A per-log drift check (SPEC §5 small samples): each log is compared alone with the reference, on fewer bins
 * (default 5, merged from the reference's bins by `coarsenBins`). A log's own n is small, so the bootstrap no-drift
 * level is large and many thresholds are flagged `not_meaningful` rather than drift; rows-per-log (n = 1) always is.
 * Streams: memory is O(features × bins) plus at most `maxHits` hits. No-drift levels are cached per (feature, n).
 */
export class PerLogChecker {
  private readonly merges = new Map<string, { merge: BinMerge; labels: string[] }>();
  private readonly cache = new Map<string, { level: number; mean: number }>();
  private readonly summaries = new Map<string, PerLogFeatureSummary & { klSum: number; klCount: number }>();
  private readonly hits: PerLogDriftHit[] = [];
  private drifted = 0;
  private driftedLogs = 0;
  private logs = 0;
  private readonly bins: number;
  private readonly accumulator: BinnedAccumulator;

  constructor(
    private readonly reference: Reference,
    private readonly options: DriftCompareOptions & { bins?: number; maxHits?: number } = {},
  ) {
    this.bins = options.bins ?? DEFAULT_PER_LOG_BINS;
    this.accumulator = new BinnedAccumulator(reference);
  }

  /** Checks one log. Cost O(rows · log K + features · K), plus a bootstrap the first time an (feature, n) is seen. */
  add(log: Pick<Log, 'logId' | 'rows' | 'hasTimeOfDay' | 'clientKind'>, options: AddLogOptions = {}): void {
    const kind = options.kind ?? log.clientKind;
    const group: DriftGroup = kind && this.reference.groups[kind] ? kind : 'all';
    const ref = this.reference.groups[group];
    if (!ref) return;
    const acc = this.accumulator;
    acc.clear();
    acc.add(log, { ...options, kind: group === 'all' ? undefined : kind });
    const binned = acc.result()[group]!;
    this.logs++;
    let any = false;
    for (const id of FEATURE_IDS) {
      const key = `${group}\u241f${id}`;
      let plan = this.merges.get(key);
      if (!plan) {
        const merge = coarsenBins(ref.features[id], this.bins);
        this.merges.set(key, (plan = { merge, labels: featureBinLabels(id, ref.features[id], merge) }));
      }
      const merge = plan.merge;
      const r = compareFeature(group, id, ref.features[id], binned.features[id], { ...this.options, merge, labels: plan.labels, noDriftCache: this.cache });
      let s = this.summaries.get(key);
      if (!s) {
        s = {
          group,
          feature: id,
          title: FEATURES[id].title,
          k: merge.bins,
          threshold: r.threshold,
          logs: { drift: 0, ok: 0, not_meaningful: 0, unavailable: 0, empty: 0 },
          meanKl: null,
          maxKl: null,
          klSum: 0,
          klCount: 0,
        };
        this.summaries.set(key, s);
      }
      s.logs[r.status]++;
      if (r.kl !== null) {
        s.klSum += r.kl;
        s.klCount++;
        s.maxKl = Math.max(s.maxKl ?? 0, r.kl);
      }
      if (r.status === 'drift') {
        any = true;
        this.drifted++;
        if (this.hits.length < (this.options.maxHits ?? 1000)) {
          this.hits.push({ logId: log.logId, group, feature: id, kl: r.kl!, noDriftLevel: r.noDriftLevel!, n: r.n });
        }
      }
    }
    if (any) this.driftedLogs++;
  }

  /** The summary so far, features in group then report order. */
  result(): PerLogDrift {
    const features = [...this.summaries.values()]
      .sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : FEATURE_IDS.indexOf(a.feature) - FEATURE_IDS.indexOf(b.feature)))
      .map(({ klSum, klCount, ...s }) => ({ ...s, meanKl: klCount > 0 ? klSum / klCount : null }));
    return { bins: this.bins, logs: this.logs, features, hits: this.hits.slice(), drifted: this.drifted, driftedLogs: this.driftedLogs };
  }
}
