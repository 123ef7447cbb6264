import type { FeatureReference, Reference } from '../schema/reference.js';
import type { BinnedCorpus, BinnedFeature } from './accumulator.js';
import { mergeEdges, mergeLabels, mergeVector, type BinMerge } from './coarsen.js';
import { DRIFT_GROUPS, FEATURE_IDS, FEATURES, type DriftGroup, type FeatureId, type FeatureKind } from '../schema/drift-features.js';
import { jsDistance } from './js-distance.js';
import { klDivergence } from './kl-divergence.js';
import { ksStatistic } from './ks.js';
import { binLabels, continuousBinLabels } from './labels.js';
import { noDriftLevel } from './no-drift-level.js';
import { populationStabilityIndex } from './psi.js';
import { DEFAULT_ALPHA, smoothCounts } from './smoothing.js';
import { unseenMass } from './unseen-mass.js';
import { normalisedWasserstein } from './wasserstein.js';
import { streamKey } from '../random/rng.js';

/** The default KL threshold (CCLUPE: D_KL(P_generated ‖ P_original) < 0.1). */
export const DEFAULT_DRIFT_THRESHOLD = 0.1;

/** Default bins per continuous feature in a reference. */
export const DEFAULT_REFERENCE_BINS = 20;
/** Default bins per feature in a per-log check (merged from the reference's bins). */
export const DEFAULT_PER_LOG_BINS = 5;

/**
 * The verdict on one feature:
 * - `ok`: KL at or under the threshold;
 * - `drift`: KL above the threshold and above the no-drift level (so above what sampling noise gives, p99);
 * - `not_meaningful`: KL above a threshold that sits under the no-drift level, but not above that level: sampling
 *   noise alone could have passed the threshold, so this is not reported as drift;
 * - `unavailable`: one side's source cannot carry the feature (e.g. hour of day in Berka);
 * - `empty`: one side has no values for it.
 */
export type FeatureStatus = 'drift' | 'ok' | 'not_meaningful' | 'unavailable' | 'empty';

/**
 * The rare-category check of categorical features (type mix, channel mix): a category whose share of the rows
 * changes by more than `ratio` times (either way, or appears from nothing) and by more than `points` percentage
 * points is flagged. KL pools every category, weighting each by its share, so a 3× rise of a 1% type adds little
 * to it; this check looks at each category on its own. Raw shares, no smoothing.
 */
export interface CategoryShiftRule {
  ratio: number;
  points: number;
}

/** The default rare-category rule: more than 2× and more than 0.5 percentage points. */
export const DEFAULT_CATEGORY_SHIFT: Readonly<CategoryShiftRule> = Object.freeze({ ratio: 2, points: 0.5 });

/** One flagged category of a categorical feature. */
export interface CategoryShift {
  label: string;
  /** Rows of the category, generated and reference. */
  generated: number;
  reference: number;
  /** Shares of the rows, in [0, 1]. */
  share: number;
  refShare: number;
  /** share / refShare, or null when the reference never saw the category. */
  ratio: number | null;
}

/** The categories of a binned categorical feature whose shares moved past the rule (in bin order). */
export function categoryShifts(labels: readonly string[], generated: readonly number[], reference: readonly number[], rule: CategoryShiftRule = DEFAULT_CATEGORY_SHIFT): CategoryShift[] {
  const n = generated.reduce((a, b) => a + b, 0);
  const nRef = reference.reduce((a, b) => a + b, 0);
  if (n === 0 || nRef === 0) return [];
  const out: CategoryShift[] = [];
  for (let i = 0; i < labels.length; i++) {
    const share = generated[i] / n;
    const refShare = reference[i] / nRef;
    if (Math.abs(share - refShare) * 100 <= rule.points) continue;
    const hi = Math.max(share, refShare);
    const lo = Math.min(share, refShare);
    if (lo > 0 && hi / lo <= rule.ratio) continue;
    out.push({ label: labels[i], generated: generated[i], reference: reference[i], share, refShare, ratio: refShare > 0 ? share / refShare : null });
  }
  return out;
}

/** Thresholds: a default and per-feature overrides. */
export interface DriftThresholds {
  default: number;
  features?: Partial<Record<FeatureId, number>>;
}

/** Options of a comparison. */
export interface DriftCompareOptions {
  thresholds?: DriftThresholds;
  alpha?: number;
  /** Bootstrap samples for the no-drift level (default 400). */
  bootstrapSamples?: number;
  /** The rare-category rule of the pooled check (default `DEFAULT_CATEGORY_SHIFT`). */
  categoryShift?: CategoryShiftRule;
  /**
   * Generated logs per client kind, binned or not (`BinnedAccumulator.kindTotals`): a kind the reference lacks is
   * not binned, so only this tells how many logs the comparison left out.
   */
  generatedKinds?: Partial<Record<DriftGroup, number>>;
}

/** The metrics and verdict of one feature in one group. */
export interface FeatureDrift {
  group: DriftGroup;
  feature: FeatureId;
  title: string;
  kind: FeatureKind;
  status: FeatureStatus;
  threshold: number;
  /** Generated values, reference values and bins. */
  n: number;
  nRef: number;
  k: number;
  /** KL(generated ‖ reference) in nats after α smoothing; null when not computed. */
  kl: number | null;
  js: number | null;
  psi: number | null;
  /** Continuous only: W1 between bin-mean point masses over the reference sd, and KS D at the bin edges. */
  w1: number | null;
  ks: number | null;
  unseenMass: number | null;
  /** p99 of KL over same-size samples drawn from the reference; and their mean (≈ (k−1)/(2n)). */
  noDriftLevel: number | null;
  noDriftMean: number | null;
  /** False when the threshold sits under the no-drift level (SPEC §5: such a threshold is meaningless). */
  thresholdMeaningful: boolean | null;
  /** The binned histograms, for reports: bin labels, generated counts, reference counts. */
  bins: { labels: string[]; generated: number[]; reference: number[] };
  /** Categorical features in the pooled check: categories flagged by the rare-category rule (else empty). */
  categoryShifts: CategoryShift[];
}

/** The labels of a reference feature's bins, after an optional merge. */
export function featureBinLabels(feature: FeatureId, ref: FeatureReference, merge?: BinMerge): string[] {
  if (merge && ref.kind === 'continuous') return continuousBinLabels(feature, mergeEdges(ref.edges ?? [], merge));
  if (merge) return mergeLabels(binLabels(feature, ref), merge, ref.kind === 'ordinal');
  return binLabels(feature, ref);
}

/** The threshold of one feature. */
export function thresholdFor(feature: FeatureId, thresholds: DriftThresholds | undefined): number {
  return thresholds?.features?.[feature] ?? thresholds?.default ?? DEFAULT_DRIFT_THRESHOLD;
}

/**
 * The groups to compare: the client kinds both sides have; when they share none (e.g. Berka, which has no kinds,
 * against a personal profile), `all`. `all` is added too when both sides mix the same several kinds.
 */
export function comparableGroups(reference: Reference, corpus: BinnedCorpus): DriftGroup[] {
  const kinds = (g: Partial<Record<DriftGroup, unknown>>) => DRIFT_GROUPS.filter((k) => k !== 'all' && g[k]);
  const refKinds = kinds(reference.groups);
  const genKinds = kinds(corpus);
  const common = genKinds.filter((k) => refKinds.includes(k));
  if (common.length === 0) return corpus.all && reference.groups.all ? ['all'] : [];
  const same = common.length === refKinds.length && common.length === genKinds.length;
  return same && common.length > 1 ? ['all', ...common] : common;
}

/**
 * Compares one binned feature with its reference (SPEC §5): α-smoothed KL, JS distance, PSI on both sides'
 * smoothed shares; W1 and KS on raw binned counts (continuous only); unseen mass; the bootstrap no-drift level.
 * `merge` coarsens both sides first (per-log checks). Cost O(k · bootstrap samples).
 */
export function compareFeature(
  group: DriftGroup,
  feature: FeatureId,
  ref: FeatureReference,
  gen: BinnedFeature,
  options: DriftCompareOptions & { merge?: BinMerge; labels?: string[]; noDriftCache?: Map<string, { level: number; mean: number }> } = {},
): FeatureDrift {
  const def = FEATURES[feature];
  const threshold = thresholdFor(feature, options.thresholds);
  const base = { group, feature, title: def.title, kind: def.kind, threshold };
  const none = { kl: null, js: null, psi: null, w1: null, ks: null, unseenMass: null, noDriftLevel: null, noDriftMean: null, thresholdMeaningful: null };
  if (!ref.available || !gen.available) {
    return { ...base, ...none, status: 'unavailable', n: gen.n, nRef: ref.n, k: ref.counts.length, bins: { labels: [], generated: [], reference: [] }, categoryShifts: [] };
  }
  const merge = options.merge;
  const refCounts = merge ? mergeVector(ref.counts, merge) : ref.counts.slice();
  const genCounts = merge ? mergeVector(gen.counts, merge) : gen.counts.slice();
  const labels = options.labels ?? featureBinLabels(feature, ref, merge);
  const k = refCounts.length;
  const bins = { labels, generated: genCounts, reference: refCounts };
  if (gen.n === 0 || ref.n === 0) return { ...base, ...none, status: 'empty', n: gen.n, nRef: ref.n, k, bins, categoryShifts: [] };
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  const p = smoothCounts(genCounts, alpha);
  const q = smoothCounts(refCounts, alpha);
  const kl = klDivergence(p, q);
  let w1: number | null = null;
  let ks: number | null = null;
  if (def.kind === 'continuous') {
    const refSums = merge ? mergeVector(ref.sums ?? [], merge) : (ref.sums ?? []);
    const genSums = merge ? mergeVector(gen.sums, merge) : gen.sums;
    w1 = normalisedWasserstein(genCounts, genSums, refCounts, refSums, ref.sd ?? 0);
    ks = ksStatistic(genCounts, refCounts);
  }
  const cacheKey = `${group}\u241f${feature}\u241f${gen.n}\u241f${k}`;
  let nd = options.noDriftCache?.get(cacheKey);
  if (!nd) {
    nd = noDriftLevel(refCounts, gen.n, {
      alpha,
      samples: options.bootstrapSamples,
      seed: streamKey('cclupe-drift-no-drift', group, feature, gen.n, k),
    });
    options.noDriftCache?.set(cacheKey, nd);
  }
  // KL ≤ threshold: ok. Above it: drift only when also above the no-drift level; a KL that passes a threshold set
  // under the noise floor but stays within that floor is not_meaningful. A KL far beyond both is drift either way.
  const status: FeatureStatus = kl <= threshold ? 'ok' : kl > nd.level ? 'drift' : 'not_meaningful';
  return {
    ...base,
    status,
    n: gen.n,
    nRef: ref.n,
    k,
    kl,
    js: jsDistance(p, q),
    psi: populationStabilityIndex(p, q),
    w1,
    ks,
    unseenMass: unseenMass(genCounts, refCounts),
    noDriftLevel: nd.level,
    noDriftMean: nd.mean,
    thresholdMeaningful: threshold >= nd.level,
    bins,
    // pooled only: a per-log check (merged bins, one log's rows) would flag ordinary logs
    categoryShifts: def.kind === 'categorical' && !merge ? categoryShifts(labels, genCounts, refCounts, options.categoryShift) : [],
  };
}

/** The pooled drift of a corpus against a reference: every feature of every comparable group. */
export interface PooledDrift {
  groups: DriftGroup[];
  features: FeatureDrift[];
  /** Features with status `drift`. */
  drifted: number;
  /** Features with status `not_meaningful`. */
  notMeaningful: number;
  /** Features whose threshold sits under their no-drift level (whatever their status). */
  thresholdsUnderNoise: number;
  /** Flagged categories over all categorical features (the rare-category check); each fails the check like a drift. */
  categoryShifts: number;
  /** Client-kind groups one side has and the comparison left out, with the reason (e.g. SME logs, personal reference). */
  unmatched: UnmatchedGroup[];
}

/** A group that could not be compared: which side has it, how many logs, and why. */
export interface UnmatchedGroup {
  group: DriftGroup;
  side: 'generated' | 'reference';
  logs: number;
  reason: string;
}

/** The client kinds one side has that the compared groups leave out (none when the sides are compared pooled). */
export function unmatchedGroups(
  reference: Reference,
  corpus: BinnedCorpus,
  groups: readonly DriftGroup[],
  generatedKinds: Partial<Record<DriftGroup, number>> = {},
): UnmatchedGroup[] {
  if (groups.length === 0 || groups.includes('all')) return [];
  const out: UnmatchedGroup[] = [];
  for (const g of DRIFT_GROUPS) {
    if (g === 'all' || groups.includes(g)) continue;
    const gen = generatedKinds[g] ?? corpus[g]?.logs ?? 0;
    const ref = reference.groups[g]?.logs ?? 0;
    if (gen > 0) out.push({ group: g, side: 'generated', logs: gen, reason: `the reference has no ${g} group` });
    else if (ref > 0) out.push({ group: g, side: 'reference', logs: ref, reason: `the logs have no ${g} group` });
  }
  return out;
}

/** Compares a whole binned corpus with its reference, feature by feature (the default, pooled check of SPEC §5). */
export function compareCorpus(reference: Reference, corpus: BinnedCorpus, options: DriftCompareOptions = {}): PooledDrift {
  const groups = comparableGroups(reference, corpus);
  const features: FeatureDrift[] = [];
  for (const g of groups) {
    for (const id of FEATURE_IDS) features.push(compareFeature(g, id, reference.groups[g]!.features[id], corpus[g]!.features[id], options));
  }
  return {
    groups,
    features,
    drifted: features.filter((f) => f.status === 'drift').length,
    notMeaningful: features.filter((f) => f.status === 'not_meaningful').length,
    thresholdsUnderNoise: features.filter((f) => f.thresholdMeaningful === false).length,
    categoryShifts: features.reduce((a, f) => a + f.categoryShifts.length, 0),
    unmatched: unmatchedGroups(reference, corpus, groups, options.generatedKinds),
  };
}
