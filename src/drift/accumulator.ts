import type { ClientKind, Log } from '../schema/log-row.js';
import type { FeatureReference, GroupReference, Reference, ReferenceSource } from '../schema/reference.js';
import { REFERENCE_SCHEMA_VERSION } from '../schema/reference.js';
import { binIndex, equalFrequencyEdges, gridCell } from './binning.js';
import { logCapabilities, featureAvailable, visitLogFeatures, type LogCapabilities } from './extract.js';
import { FEATURE_IDS, FEATURES, type DriftGroup, type FeatureId } from './features.js';

/** The name of the catch-all bin of a categorical feature. */
export const OTHER_CATEGORY = 'OTHER';

/** How one log is added: its client kind (when known) and what its source carries. */
export interface AddLogOptions {
  kind?: ClientKind;
  /** Defaults to `logCapabilities(log)`: time of day from the log, channel present. */
  caps?: LogCapabilities;
}

/** The groups a log counts in: `all`, plus its kind when known. */
export function groupsOfLog(kind: ClientKind | undefined): DriftGroup[] {
  return kind ? ['all', kind] : ['all'];
}

interface FeatureSketch {
  available: boolean;
  cells: Map<number, number>;
  categories: Map<string, number>;
  ordinal: number[];
}

interface GroupSketch {
  logs: number;
  rows: number;
  features: Record<FeatureId, FeatureSketch>;
}

function emptyGroupSketch(): GroupSketch {
  const features = {} as Record<FeatureId, FeatureSketch>;
  for (const id of FEATURE_IDS) {
    const d = FEATURES[id].domain;
    features[id] = { available: false, cells: new Map(), categories: new Map(), ordinal: d ? new Array(d[1] - d[0] + 1).fill(0) : [] };
  }
  return { logs: 0, rows: 0, features };
}

/**
 * A one-pass sketch of a reference corpus from which equal-frequency edges can be fitted afterwards.
 * Continuous values are counted on a fixed grid (`FeatureDef.resolution`: 0.001 in log10 units, 1 for counts and days),
 * so quantiles are exact at grid resolution and memory is bounded by the grid's span, not by the corpus:
 * a log10 amount in [−2, 12] has at most 14,001 cells, whatever the number of logs.
 */
export class ReferenceSketch {
  private readonly groups = new Map<DriftGroup, GroupSketch>();

  /** Adds one log to `all` and to its kind's group. Cost O(rows). */
  add(log: Pick<Log, 'rows' | 'hasTimeOfDay' | 'clientKind'>, options: AddLogOptions = {}): void {
    const caps = options.caps ?? logCapabilities(log);
    const targets = groupsOfLog(options.kind ?? log.clientKind).map((g) => {
      let s = this.groups.get(g);
      if (!s) this.groups.set(g, (s = emptyGroupSketch()));
      s.logs++;
      s.rows += log.rows.length;
      for (const id of FEATURE_IDS) if (featureAvailable(id, caps)) s.features[id].available = true;
      return s;
    });
    visitLogFeatures(log, caps, (id, value) => {
      const def = FEATURES[id];
      for (const s of targets) {
        const f = s.features[id];
        if (def.kind === 'continuous') {
          const cell = gridCell(value as number, def.resolution!);
          f.cells.set(cell, (f.cells.get(cell) ?? 0) + 1);
        } else if (def.kind === 'ordinal') {
          const i = (value as number) - def.domain![0];
          if (i >= 0 && i < f.ordinal.length) f.ordinal[i]++;
        } else {
          const key = String(value);
          f.categories.set(key, (f.categories.get(key) ?? 0) + 1);
        }
      }
    });
  }

  /** Entries held (grid cells, categories, ordinal slots): bounded by the grid, not by the number of values added. */
  get storedEntries(): number {
    let n = 0;
    for (const s of this.groups.values()) {
      for (const id of FEATURE_IDS) n += s.features[id].cells.size + s.features[id].categories.size + s.features[id].ordinal.length;
    }
    return n;
  }

  /** Logs added so far (group `all`). */
  get logs(): number {
    return this.groups.get('all')?.logs ?? 0;
  }

  /** Rows added so far (group `all`). */
  get rows(): number {
    return this.groups.get('all')?.rows ?? 0;
  }

  /**
   * Freezes the sketch into a reference: equal-frequency edges for `bins` bins per continuous feature
   * (fitted on this corpus alone), one bin per ordinal value, one bin per seen category (most frequent first) plus OTHER.
   */
  fit(options: { bins: number; createdBy: string; source: ReferenceSource }): Reference {
    if (this.logs === 0) throw new RangeError('fit requires at least one log');
    const groups: Partial<Record<DriftGroup, GroupReference>> = {};
    for (const g of [...this.groups.keys()].sort()) {
      const s = this.groups.get(g)!;
      const features = {} as Record<FeatureId, FeatureReference>;
      for (const id of FEATURE_IDS) features[id] = fitFeature(id, s.features[id], options.bins);
      groups[g] = { logs: s.logs, rows: s.rows, features };
    }
    return {
      format: 'cclupe-reference',
      schemaVersion: REFERENCE_SCHEMA_VERSION,
      createdBy: options.createdBy,
      bins: options.bins,
      source: options.source,
      groups,
    };
  }
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

function fitFeature(id: FeatureId, f: FeatureSketch, bins: number): FeatureReference {
  const def = FEATURES[id];
  if (!f.available) return { kind: def.kind, available: false, n: 0, counts: [] };
  if (def.kind === 'ordinal') {
    const [lo] = def.domain!;
    const categories = f.ordinal.map((_, i) => def.labels?.[i] ?? String(lo + i));
    const n = f.ordinal.reduce((a, b) => a + b, 0);
    return { kind: 'ordinal', available: true, n, categories, counts: f.ordinal.slice() };
  }
  if (def.kind === 'categorical') {
    const entries = [...f.categories.entries()].filter(([k]) => k !== OTHER_CATEGORY);
    entries.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const categories = [...entries.map(([k]) => k), OTHER_CATEGORY];
    const counts = [...entries.map(([, c]) => c), f.categories.get(OTHER_CATEGORY) ?? 0];
    return { kind: 'categorical', available: true, n: counts.reduce((a, b) => a + b, 0), categories, counts };
  }
  const res = def.resolution!;
  const cells = [...f.cells.keys()].sort((a, b) => a - b);
  const values = cells.map((c) => c * res);
  const cellCounts = cells.map((c) => f.cells.get(c)!);
  const edges = equalFrequencyEdges(values, cellCounts, bins).map(round6);
  const counts = new Array(edges.length + 1).fill(0);
  const sums = new Array(edges.length + 1).fill(0);
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  for (let t = 0; t < values.length; t++) {
    const b = binIndex(edges, values[t]);
    counts[b] += cellCounts[t];
    sums[b] += values[t] * cellCounts[t];
    n += cellCounts[t];
    sum += values[t] * cellCounts[t];
  }
  const mean = n > 0 ? sum / n : 0;
  for (let t = 0; t < values.length; t++) sumSq += cellCounts[t] * (values[t] - mean) ** 2;
  const out: FeatureReference = { kind: 'continuous', available: true, n, edges, counts, sums: sums.map(round6) };
  if (n > 0) {
    out.mean = round6(mean);
    out.sd = round6(Math.sqrt(sumSq / n));
    out.min = round6(values[0]);
    out.max = round6(values[values.length - 1]);
  }
  return out;
}

/** One feature of a corpus binned against a reference: counts per reference bin (and value sums for continuous ones). */
export interface BinnedFeature {
  available: boolean;
  n: number;
  counts: number[];
  sums: number[];
}

/** One group of a corpus binned against a reference. */
export interface BinnedGroup {
  logs: number;
  rows: number;
  features: Record<FeatureId, BinnedFeature>;
}

/** A corpus binned against a reference: only the groups the reference has. */
export type BinnedCorpus = Partial<Record<DriftGroup, BinnedGroup>>;

/**
 * Streams a corpus into the frozen bins of a reference. Memory is O(groups × features × bins): values are binned
 * as they arrive (after the same grid snap the reference used) and only counts and per-bin sums are kept.
 */
export class BinnedAccumulator {
  private readonly groups: BinnedCorpus = {};
  private readonly categoryIndex = new Map<string, Map<string, number>>();

  constructor(private readonly reference: Reference) {}

  /** Bins one log into `all` and its kind's group (groups the reference lacks are skipped). Cost O(rows · log K). */
  add(log: Pick<Log, 'rows' | 'hasTimeOfDay' | 'clientKind'>, options: AddLogOptions = {}): void {
    const caps = options.caps ?? logCapabilities(log);
    const targets: Array<{ g: DriftGroup; b: BinnedGroup }> = [];
    for (const g of groupsOfLog(options.kind ?? log.clientKind)) {
      if (!this.reference.groups[g]) continue;
      targets.push({ g, b: this.groupFor(g) });
    }
    for (const { b } of targets) {
      b.logs++;
      b.rows += log.rows.length;
      for (const id of FEATURE_IDS) if (featureAvailable(id, caps)) b.features[id].available = true;
    }
    if (targets.length === 0) return;
    visitLogFeatures(log, caps, (id, value) => {
      for (const { g, b } of targets) this.put(g, b.features[id], id, value);
    });
  }

  /** The binned corpus so far. */
  result(): BinnedCorpus {
    return this.groups;
  }

  private groupFor(g: DriftGroup): BinnedGroup {
    let b = this.groups[g];
    if (!b) {
      const ref = this.reference.groups[g]!;
      const features = {} as Record<FeatureId, BinnedFeature>;
      for (const id of FEATURE_IDS) {
        const k = ref.features[id].counts.length;
        features[id] = { available: false, n: 0, counts: new Array(k).fill(0), sums: new Array(k).fill(0) };
      }
      b = this.groups[g] = { logs: 0, rows: 0, features };
    }
    return b;
  }

  private put(g: DriftGroup, f: BinnedFeature, id: FeatureId, value: number | string): void {
    const ref = this.reference.groups[g]!.features[id];
    if (!ref.available) return;
    const def = FEATURES[id];
    let bin: number;
    if (def.kind === 'continuous') {
      const x = gridCell(value as number, def.resolution!) * def.resolution!;
      bin = binIndex(ref.edges ?? [], x);
      f.sums[bin] += x;
    } else if (def.kind === 'ordinal') {
      bin = Math.min(Math.max((value as number) - def.domain![0], 0), f.counts.length - 1);
    } else {
      const key = `${g}\u241f${id}`;
      let index = this.categoryIndex.get(key);
      if (!index) {
        index = new Map(ref.categories!.map((c, i) => [c, i]));
        this.categoryIndex.set(key, index);
      }
      bin = index.get(String(value)) ?? f.counts.length - 1;
    }
    f.counts[bin]++;
    f.n++;
  }
}
