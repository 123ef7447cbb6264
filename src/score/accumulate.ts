import { COGNITION_LEVELS, DIFFICULTIES, DOMAINS, FORMATS, type Format } from '../schema/item.js';
import { CLIENT_KINDS } from '../schema/log-row.js';
import type { GroupScore, ItemScore, ScoreParams, ScoreSummary, Table3Row, TableA12Row } from '../schema/results.js';
import { SUB_DOMAINS } from '../schema/signal-id.js';

/** The format columns of CCLUPE Table 3: Sin. (single), Mul. (multi), Cal. (calc, and free-response numeric). */
export const TABLE3_FORMAT_COLUMNS = ['sin', 'mul', 'cal'] as const;
const FORMAT_COLUMN: Readonly<Record<Format, number>> = { single: 0, multi: 1, calc: 2, numeric: 2 };

/** The grouping dimensions an accumulator tracks, each with its keys in table order. */
export const SCORE_GROUP_DIMENSIONS = {
  domain: DOMAINS,
  cognition: COGNITION_LEVELS,
  table3Format: TABLE3_FORMAT_COLUMNS,
  format: FORMATS,
  subDomain: SUB_DOMAINS,
  difficulty: DIFFICULTIES,
  clientKind: CLIENT_KINDS,
} as const;
export type GroupDimension = keyof typeof SCORE_GROUP_DIMENSIONS;

const DIMENSION_NAMES = Object.keys(SCORE_GROUP_DIMENSIONS) as GroupDimension[];
const OFFSET: Record<GroupDimension, number> = {} as Record<GroupDimension, number>;
let slots = 0;
for (const dim of DIMENSION_NAMES) {
  OFFSET[dim] = slots;
  slots += SCORE_GROUP_DIMENSIONS[dim].length;
}
const GROUP_SLOTS = slots;
/** Layout: [sums of each group slot][counts of each group slot][Σ wrong_ratio][N]. */
const WRONG = 2 * GROUP_SLOTS;
const TOTAL = WRONG + 1;
/** Length of an accumulator vector. */
export const ACCUMULATOR_LENGTH = TOTAL + 1;

function slotIndex(dim: GroupDimension, key: string): number {
  const i = (SCORE_GROUP_DIMENSIONS[dim] as readonly string[]).indexOf(key);
  if (i < 0) throw new RangeError(`unknown ${dim} "${key}"`);
  return OFFSET[dim] + i;
}

/** Adds one item's score into every group it belongs to. */
export function addItemScore(acc: Float64Array, item: ItemScore): void {
  const slotsOf = [
    slotIndex('domain', item.domain),
    slotIndex('cognition', item.cognition),
    OFFSET.table3Format + FORMAT_COLUMN[item.format],
    slotIndex('format', item.format),
    slotIndex('subDomain', item.sub_domain),
    slotIndex('difficulty', item.difficulty),
    slotIndex('clientKind', item.client_kind),
  ];
  for (const s of slotsOf) {
    acc[s] += item.score;
    acc[GROUP_SLOTS + s] += 1;
  }
  acc[WRONG] += item.wrong_ratio;
  acc[TOTAL] += 1;
}

/** Per-log accumulators, logs in sorted id order: the unit the cluster bootstrap resamples. */
export function accumulateByLog(items: readonly ItemScore[]): { logIds: string[]; vectors: Float64Array[] } {
  const byLog = new Map<string, Float64Array>();
  for (const item of items) {
    let acc = byLog.get(item.log_id);
    if (!acc) byLog.set(item.log_id, (acc = new Float64Array(ACCUMULATOR_LENGTH)));
    addItemScore(acc, item);
  }
  const logIds = [...byLog.keys()].sort();
  return { logIds, vectors: logIds.map((id) => byLog.get(id)!) };
}

const nonZeroSlots = new WeakMap<Float64Array, Uint16Array>();

/** Indices of the non-zero entries of an accumulator (a log touches few groups), cached per vector. */
function slotsOf(v: Float64Array): Uint16Array {
  let nz = nonZeroSlots.get(v);
  if (!nz) {
    const idx: number[] = [];
    for (let i = 0; i < v.length; i++) if (v[i] !== 0) idx.push(i);
    nonZeroSlots.set(v, (nz = Uint16Array.from(idx)));
  }
  return nz;
}

/** Σ_c weights[c]·vectors[c]; weights default to 1 (the observed sample). Vectors must not change after first use. */
export function sumVectors(vectors: readonly Float64Array[], weights?: ArrayLike<number>): Float64Array {
  const out = new Float64Array(ACCUMULATOR_LENGTH);
  for (let c = 0; c < vectors.length; c++) {
    const w = weights ? weights[c] : 1;
    if (w === 0) continue;
    const v = vectors[c];
    for (const i of slotsOf(v)) out[i] += w * v[i];
  }
  return out;
}

/** Aggregates computed from an accumulator: CCLUPE Eqs. 2–6 plus every group mean. */
export interface Aggregates {
  summary: ScoreSummary;
  table3: Table3Row;
  tableA12: TableA12Row;
  groups: Record<GroupDimension, GroupScore[]>;
}

function groupMeans(acc: Float64Array, dim: GroupDimension): GroupScore[] {
  return SCORE_GROUP_DIMENSIONS[dim].map((key, i) => {
    const n = acc[GROUP_SLOTS + OFFSET[dim] + i];
    return { key, n: Math.round(n), mean: n > 0 ? clamp01(acc[OFFSET[dim] + i] / n) : null };
  });
}

/** Mean of the group means that exist: S_dom (Eq. 2) and S_cog (Eq. 3) average over the groups present only. */
function meanOfPresent(groups: readonly GroupScore[]): number {
  let sum = 0;
  let k = 0;
  for (const g of groups) {
    if (g.mean === null) continue;
    sum += g.mean;
    k++;
  }
  return k === 0 ? 0 : sum / k;
}

/** Float sums of scores in [0,1] can land a hair outside; keep stored fractions inside their schema range. */
function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/**
 * Turns an accumulator into the CCLUPE aggregates:
 * S_dom = (1/D)·Σ_k x̄_k over domains present (Eq. 2); S_cog likewise over cognition levels (Eq. 3);
 * S_unbiased = η·S_dom + (1−η)·S_cog (Eq. 4); Mrate = (1/N)·Σ_q |M_q\G_q|/max(1,|M_q|) (Eq. 5);
 * L = S_unbiased·(1−Mrate)^δ (Eq. 6).
 */
export function aggregatesFrom(acc: Float64Array, params: ScoreParams): Aggregates {
  const groups = {} as Record<GroupDimension, GroupScore[]>;
  for (const dim of DIMENSION_NAMES) groups[dim] = groupMeans(acc, dim);
  const sDom = meanOfPresent(groups.domain);
  const sCog = meanOfPresent(groups.cognition);
  const sUnbiased = clamp01(params.eta * sDom + (1 - params.eta) * sCog);
  const n = acc[TOTAL];
  const mrate = n > 0 ? clamp01(acc[WRONG] / n) : 0;
  const logScore = clamp01(sUnbiased * Math.pow(1 - mrate, params.delta));
  const cog = groups.cognition;
  const fmt = groups.table3Format;
  const table3: Table3Row = {
    mem: cog[0].mean,
    com: cog[1].mean,
    ana: cog[2].mean,
    eva: cog[3].mean,
    sin: fmt[0].mean,
    mul: fmt[1].mean,
    cal: fmt[2].mean,
    avg: sUnbiased,
    logScore,
  };
  const tableA12 = Object.fromEntries(groups.subDomain.map((g) => [g.key, g.mean])) as TableA12Row;
  return { summary: { sDom, sCog, sUnbiased, mrate, logScore }, table3, tableA12, groups };
}

/** Summary metric names, in `ScoreSummary` order. */
const SUMMARY_KEYS = ['sDom', 'sCog', 'sUnbiased', 'mrate', 'logScore'] as const;
const TABLE3_ROW_KEYS = ['mem', 'com', 'ana', 'eva', 'sin', 'mul', 'cal', 'avg', 'logScore'] as const;
const GROUP_METRIC_DIMS = DIMENSION_NAMES.filter((d) => d !== 'table3Format');

/**
 * Names of the metrics that get bootstrap CIs, in `metricVector` order: summary keys, Table 3 keys (`logScore` once),
 * then every group mean as `<dimension>:<key>` (the Table 3 format columns are already sin/mul/cal).
 */
export const METRIC_NAMES: readonly string[] = [
  ...SUMMARY_KEYS,
  ...TABLE3_ROW_KEYS.filter((k) => k !== 'logScore'),
  ...GROUP_METRIC_DIMS.flatMap((dim) => (SCORE_GROUP_DIMENSIONS[dim] as readonly string[]).map((key) => `${dim}:${key}`)),
];

/**
 * Every metric of `METRIC_NAMES` from an accumulator, NaN where undefined (a group with no items). The same
 * formulas as `aggregatesFrom`, without building objects: this is the bootstrap's inner loop.
 */
export function metricVector(acc: Float64Array, params: ScoreParams): Float64Array {
  const out = new Float64Array(METRIC_NAMES.length);
  const mean = (slot: number) => {
    const n = acc[GROUP_SLOTS + slot];
    return n > 0 ? clamp01(acc[slot] / n) : Number.NaN;
  };
  const meanOfDim = (dim: GroupDimension) => {
    let sum = 0;
    let k = 0;
    for (let i = 0; i < SCORE_GROUP_DIMENSIONS[dim].length; i++) {
      const m = mean(OFFSET[dim] + i);
      if (Number.isNaN(m)) continue;
      sum += m;
      k++;
    }
    return k === 0 ? 0 : sum / k;
  };
  const sDom = meanOfDim('domain');
  const sCog = meanOfDim('cognition');
  const sUnbiased = clamp01(params.eta * sDom + (1 - params.eta) * sCog);
  const n = acc[TOTAL];
  const mrate = n > 0 ? clamp01(acc[WRONG] / n) : 0;
  const logScore = clamp01(sUnbiased * Math.pow(1 - mrate, params.delta));
  let j = 0;
  out[j++] = sDom;
  out[j++] = sCog;
  out[j++] = sUnbiased;
  out[j++] = mrate;
  out[j++] = logScore;
  for (let i = 0; i < 4; i++) out[j++] = mean(OFFSET.cognition + i);
  for (let i = 0; i < 3; i++) out[j++] = mean(OFFSET.table3Format + i);
  out[j++] = sUnbiased;
  for (const dim of GROUP_METRIC_DIMS) {
    for (let i = 0; i < SCORE_GROUP_DIMENSIONS[dim].length; i++) out[j++] = mean(OFFSET[dim] + i);
  }
  return out;
}

/** The summary and Table 3 metrics of an `Aggregates`, by name (null where a column has no items). */
export function metricsOf(agg: Aggregates): Record<string, number | null> {
  return { ...agg.summary, ...agg.table3 };
}
