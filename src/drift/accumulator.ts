import type { ClientKind, Log } from '../schema/log-row.js';
import type { FeatureReference, GroupReference, Reference, ReferenceSource } from '../schema/reference.js';
import { REFERENCE_SCHEMA_VERSION } from '../schema/reference.js';
import { binIndex, equalFrequencyEdges, gridCell } from './binning.js';
import { logCapabilities, featureAvailable, visitLogFeatures, type LogCapabilities } from './extract.js';
import { DRIFT_GROUPS, FEATURE_IDS, FEATURES, type DriftGroup, type FeatureId } from '../schema/drift-features.js';

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

const KIND_CODE = FEATURE_IDS.map((id) => (FEATURES[id].kind === 'continuous' ? 0 : FEATURES[id].kind === 'ordinal' ? 1 : 2));
const RESOLUTION = FEATURE_IDS.map((id) => FEATURES[id].resolution ?? 1);
const DOMAIN_LO = FEATURE_IDS.map((id) => FEATURES[id].domain?.[0] ?? 0);

function put(f: FeatureSketch, i: number, value: number | string): void {
  const kind = KIND_CODE[i];
  if (kind === 0) {
    const cell = gridCell(value as number, RESOLUTION[i]);
    f.cells.set(cell, (f.cells.get(cell) ?? 0) + 1);
  } else if (kind === 1) {
    const j = (value as number) - DOMAIN_LO[i];
    if (j >= 0 && j < f.ordinal.length) f.ordinal[j]++;
  } else {
    const key = value as string;
    f.categories.set(key, (f.categories.get(key) ?? 0) + 1);
  }
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
      return FEATURE_IDS.map((id) => s.features[id]);
    });
    const one = targets.length === 1;
    visitLogFeatures(log, caps, (i, value) => {
      if (one) put(targets[0][i], i, value);
      else for (const t of targets) put(t[i], i, value);
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

interface GroupBinner {
  out: BinnedGroup;
  /** Per feature index: the output feature, whether the reference has it, its edges and category index. */
  features: BinnedFeature[];
  refAvailable: boolean[];
  edges: Float64Array[];
  categories: Array<Map<string, number> | null>;
  ordinalMax: number[];
}

/**
 * Streams a corpus into the frozen bins of a reference. Memory is O(groups × features × bins): values are binned
 * as they arrive (after the same grid snap the reference used) and only counts and per-bin sums are kept.
 */
export class BinnedAccumulator {
  private readonly groups: BinnedCorpus = {};
  private readonly binners = new Map<DriftGroup, GroupBinner>();

  private readonly onlyKind: DriftGroup | null;
  private logs = 0;
  private rows = 0;
  private kinds: Partial<Record<ClientKind, number>> = {};

  constructor(private readonly reference: Reference) {
    const kinds = DRIFT_GROUPS.filter((g) => g !== 'all' && reference.groups[g]);
    this.onlyKind = kinds.length === 1 ? kinds[0] : null;
  }

  /**
   * Bins one log into `all` and its kind's group (groups the reference lacks are skipped). Cost O(rows · log K).
   * When the reference has a single kind K, a log of kind K goes to K only: `all` is compared only when no log
   * shares a kind with the reference (`comparableGroups`), so binning it twice would be wasted work.
   */
  add(log: Pick<Log, 'rows' | 'hasTimeOfDay' | 'clientKind'>, options: AddLogOptions = {}): void {
    const caps = options.caps ?? logCapabilities(log);
    const kind = options.kind ?? log.clientKind;
    this.logs++;
    this.rows += log.rows.length;
    if (kind !== undefined) this.kinds[kind] = (this.kinds[kind] ?? 0) + 1;
    const targets: GroupBinner[] = [];
    for (const g of groupsOfLog(kind)) {
      if (!this.reference.groups[g]) continue;
      if (g === 'all' && kind !== undefined && kind === this.onlyKind) continue;
      const b = this.binnerFor(g);
      b.out.logs++;
      b.out.rows += log.rows.length;
      for (let i = 0; i < FEATURE_IDS.length; i++) if (featureAvailable(FEATURE_IDS[i], caps)) b.features[i].available = true;
      targets.push(b);
    }
    if (targets.length === 0) return;
    const one = targets.length === 1;
    visitLogFeatures(log, caps, (i, value) => {
      if (one) binValue(targets[0], i, value);
      else for (const b of targets) binValue(b, i, value);
    });
  }

  /** The binned corpus so far. */
  result(): BinnedCorpus {
    return this.groups;
  }

  /** Logs added per client kind, binned or not (a kind the reference lacks is counted here and nowhere else). */
  kindTotals(): Partial<Record<ClientKind, number>> {
    return { ...this.kinds };
  }

  /** Empties every count, keeping the compiled binners, so that one accumulator can serve log after log. */
  clear(): void {
    this.logs = 0;
    this.rows = 0;
    this.kinds = {};
    for (const b of this.binners.values()) {
      b.out.logs = 0;
      b.out.rows = 0;
      for (const f of b.features) {
        f.available = false;
        f.n = 0;
        f.counts.fill(0);
        f.sums.fill(0);
      }
    }
  }

  /** Logs and rows added so far, whatever groups they went to. */
  totals(): { logs: number; rows: number } {
    return { logs: this.logs, rows: this.rows };
  }

  private binnerFor(g: DriftGroup): GroupBinner {
    let b = this.binners.get(g);
    if (b) return b;
    const ref = this.reference.groups[g]!;
    const features = {} as Record<FeatureId, BinnedFeature>;
    for (const id of FEATURE_IDS) {
      const k = ref.features[id].counts.length;
      features[id] = { available: false, n: 0, counts: new Array(k).fill(0), sums: new Array(k).fill(0) };
    }
    const out: BinnedGroup = { logs: 0, rows: 0, features };
    this.groups[g] = out;
    b = {
      out,
      features: FEATURE_IDS.map((id) => features[id]),
      refAvailable: FEATURE_IDS.map((id) => ref.features[id].available),
      edges: FEATURE_IDS.map((id) => Float64Array.from(ref.features[id].edges ?? [])),
      categories: FEATURE_IDS.map((id) => (FEATURES[id].kind === 'categorical' ? new Map((ref.features[id].categories ?? []).map((c, i) => [c, i])) : null)),
      ordinalMax: FEATURE_IDS.map((id) => ref.features[id].counts.length - 1),
    };
    this.binners.set(g, b);
    return b;
  }
}

function binValue(b: GroupBinner, i: number, value: number | string): void {
  if (!b.refAvailable[i]) return;
  const f = b.features[i];
  const kind = KIND_CODE[i];
  let bin: number;
  if (kind === 0) {
    const res = RESOLUTION[i];
    const x = gridCell(value as number, res) * res;
    const edges = b.edges[i];
    let lo = 0;
    let hi = edges.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (edges[mid] <= x) lo = mid + 1;
      else hi = mid;
    }
    bin = lo;
    f.sums[bin] += x;
  } else if (kind === 1) {
    bin = Math.min(Math.max((value as number) - DOMAIN_LO[i], 0), b.ordinalMax[i]);
  } else {
    bin = b.categories[i]!.get(value as string) ?? f.counts.length - 1;
  }
  f.counts[bin]++;
  f.n++;
}
