import { CclupeError } from '../errors.js';
import type { Item } from '../schema/item.js';
import type { Prediction } from '../schema/prediction.js';
import {
  ITEM_STATUSES,
  RESULTS_SCHEMA_VERSION,
  type ItemScore,
  type NumericAccuracy,
  type RunScores,
  type ScoreCounts,
  type ScoreCoverage,
  type ScoreParams,
  type ScoredDataset,
} from '../schema/results.js';
import { accumulateByLog, aggregatesFrom, METRIC_NAMES, metricVector, sumVectors } from './accumulate.js';
import { clusterBootstrap, DEFAULT_BOOTSTRAP, type BootstrapOptions } from './bootstrap.js';
import { selectionCounts } from './item-score.js';
import { numericRelativeError, withinRelativeTolerance } from './numeric-tolerance.js';
import { NUMERIC_TOLERANCES, resolveScoreParams } from './params.js';
import { resolveAnswer, type ResolvedAnswer } from './resolve-answer.js';
import { wilsonInterval } from './wilson.js';

/** Options of `scoreRun` / `summarizeItemScores` besides the scoring parameters. */
export interface SummarizeOptions {
  /** Display name for tables. */
  label?: string;
  /** Bootstrap settings, or `false` for no CIs. Defaults: seed "cclupe", 1000 replicates, 95%. */
  bootstrap?: Partial<BootstrapOptions> | false;
}

/** Options of `scoreRun`. */
export interface ScoreRunOptions extends SummarizeOptions {
  /**
   * Score only the items that have a prediction (and record `coverage.partial`), instead of scoring every item with
   * missing ones as 0. Throws when no item has a prediction.
   */
  partial?: boolean;
  /** The questions' identity to record in the results (`RunScores.dataset`), so that runs of other datasets are told apart. */
  dataset?: ScoredDataset;
}

/**
 * The coverage of a run: what `scoreRun` recorded, or for results written before it did, what the counts give
 * (items − missing of items, not partial).
 */
export function runCoverage(scores: Pick<RunScores, 'coverage' | 'counts'>): ScoreCoverage {
  if (scores.coverage) return scores.coverage;
  const total = scores.counts.items;
  const predicted = total - scores.counts.missing;
  return { total, predicted, ratio: total === 0 ? 0 : predicted / total, partial: false };
}

function checkGold(item: Item): void {
  if (item.format === 'numeric') {
    if (item.numeric_answer === undefined || !Number.isFinite(item.numeric_answer)) {
      throw new CclupeError(`item ${item.id} is numeric but has no numeric_answer`);
    }
    return;
  }
  if (item.answer.length === 0) throw new CclupeError(`item ${item.id} has no gold answer`);
  for (const k of item.answer) if (!item.options.some((o) => o.key === k)) throw new CclupeError(`item ${item.id} has gold key ${k} that is not an option`);
}

/** Scores one item against its resolved answer: S_item (Eq. 1), its Mrate term (Eq. 5) and exact correctness. */
export function scoreResolvedItem(item: Item, answer: ResolvedAnswer, params: ScoreParams): ItemScore {
  checkGold(item);
  const base = {
    item_id: item.id,
    log_id: item.log_id,
    client_kind: item.client_kind,
    format: item.format,
    domain: item.domain,
    sub_domain: item.sub_domain,
    cognition: item.cognition,
    difficulty: item.difficulty,
    status: answer.status,
    selected: answer.selected,
  };
  if (item.format === 'numeric') {
    if (answer.status !== 'answered' || answer.value === undefined) {
      return { ...base, score: 0, wrong_ratio: 0, correct: false };
    }
    const gold = item.numeric_answer!;
    const hit = withinRelativeTolerance(answer.value, gold, params.numericTolerance);
    // A free-response number is a one-element selection M = {value}: inside the tolerance it equals G (S_item = 1,
    // |M\G| = 0); outside it is wholly wrong (S_item = max(0, 0 − λ·1) = 0, |M\G|/|M| = 1).
    return {
      ...base,
      value: answer.value,
      score: hit ? 1 : 0,
      wrong_ratio: hit ? 0 : 1,
      correct: hit,
      relative_error: numericRelativeError(answer.value, gold),
      within_0_2pct: withinRelativeTolerance(answer.value, gold, NUMERIC_TOLERANCES[0]),
      within_5pct: withinRelativeTolerance(answer.value, gold, NUMERIC_TOLERANCES[1]),
    };
  }
  // Eq. 1 and Eq. 5 from one count (same results as scoreItem / wrongRatio / isExactMatch, fewer allocations).
  const c = selectionCounts(item.answer, answer.selected);
  return {
    ...base,
    score: c.m === 0 ? 0 : Math.max(0, c.hit / c.g - (params.lambda * c.wrong) / c.m),
    wrong_ratio: c.wrong / Math.max(1, c.m),
    correct: answer.status === 'answered' && c.wrong === 0 && c.hit === c.g,
  };
}

/**
 * Scores a run: every item against its prediction (matched by `item_id`), then aggregates (CCLUPE Eqs. 1–6),
 * Table 3 / Table A12 rows, group means, counts and cluster-bootstrap CIs. Items without a prediction count as
 * `missing`. Throws on a prediction for an unknown item, a duplicated prediction or item id, or an item without gold.
 */
export function scoreRun(
  items: readonly Item[],
  predictions: readonly Prediction[],
  params: Partial<ScoreParams> = {},
  options: ScoreRunOptions = {},
): RunScores {
  const resolved = resolveScoreParams(params);
  const ids = new Set<string>();
  for (const item of items) {
    if (ids.has(item.id)) throw new CclupeError(`duplicate item id ${item.id}`);
    ids.add(item.id);
  }
  const byId = new Map<string, Prediction>();
  for (const p of predictions) {
    if (!ids.has(p.item_id)) throw new CclupeError(`prediction for unknown item ${p.item_id}`);
    if (byId.has(p.item_id)) throw new CclupeError(`duplicate prediction for item ${p.item_id}`);
    byId.set(p.item_id, p);
  }
  const coverage: ScoreCoverage = { total: items.length, predicted: byId.size, ratio: items.length === 0 ? 0 : byId.size / items.length, partial: options.partial === true };
  const scoredItems = options.partial ? items.filter((item) => byId.has(item.id)) : items;
  if (options.partial && scoredItems.length === 0) throw new CclupeError('no item has a prediction: nothing to score');
  const scored = scoredItems.map((item) => scoreResolvedItem(item, resolveAnswer(item, byId.get(item.id)), resolved));
  const { items: scoredOut, ...summary } = summarizeItemScores(scored, resolved, options);
  return { ...summary, coverage, ...(options.dataset ? { dataset: options.dataset } : {}), items: scoredOut };
}

function countStatuses(items: readonly ItemScore[]): ScoreCounts {
  const c = Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as Record<(typeof ITEM_STATUSES)[number], number>;
  for (const it of items) c[it.status]++;
  return {
    items: items.length,
    logs: new Set(items.map((i) => i.log_id)).size,
    ...c,
    unparseable: c.invalid + c.no_answer + c.truncated + c.error + c.missing,
  };
}

/** Accuracy of numeric items at ±0.2% and ±5% over all numeric items (unanswered ones count as misses). */
function numericAccuracy(items: readonly ItemScore[]): NumericAccuracy {
  const numeric = items.filter((i) => i.format === 'numeric');
  const n = numeric.length;
  if (n === 0) return { n, within_0_2pct: null, within_5pct: null, wilson_0_2pct: null, wilson_5pct: null };
  const a = numeric.filter((i) => i.within_0_2pct === true).length;
  const b = numeric.filter((i) => i.within_5pct === true).length;
  return { n, within_0_2pct: a / n, within_5pct: b / n, wilson_0_2pct: wilsonInterval(a, n), wilson_5pct: wilsonInterval(b, n) };
}

/**
 * Aggregates already-scored items into `RunScores` (used by `scoreRun`, by paired comparison on shared items and
 * by anyone re-aggregating a subset). Bootstrap CIs resample whole logs (cluster bootstrap).
 */
export function summarizeItemScores(
  items: readonly ItemScore[],
  params: ScoreParams,
  options: SummarizeOptions = {},
): RunScores {
  if (items.length === 0) throw new CclupeError('summarizeItemScores requires at least one item');
  const { vectors } = accumulateByLog(items);
  const agg = aggregatesFrom(sumVectors(vectors), params);
  const boot = options.bootstrap === false ? null : { ...DEFAULT_BOOTSTRAP, ...options.bootstrap };
  let ci: RunScores['ci'] = {};
  if (boot && boot.replicates > 0) {
    ci = clusterBootstrap(vectors.length, METRIC_NAMES, (w) => metricVector(sumVectors(vectors, w), params), {
      ...boot,
      purpose: 'run',
    });
  }
  return {
    schema: RESULTS_SCHEMA_VERSION,
    label: options.label ?? '',
    params: { ...params },
    counts: countStatuses(items),
    summary: agg.summary,
    table3: agg.table3,
    tableA12: agg.tableA12,
    byDomain: agg.groups.domain,
    byCognition: agg.groups.cognition,
    byFormat: agg.groups.format,
    byDifficulty: agg.groups.difficulty,
    byClientKind: agg.groups.clientKind,
    numeric: numericAccuracy(items),
    bootstrap:
      boot && boot.replicates > 0
        ? { method: 'cluster-percentile', unit: 'log', seed: boot.seed, replicates: boot.replicates, level: boot.level }
        : null,
    ci,
    items: [...items],
  };
}
