import { z } from 'zod';
import { ClientKind } from './log-row.js';
import { Cognition, Difficulty, Domain, Format } from './item.js';
import { SubDomain } from './signal-id.js';

/**
 * Scoring results (SPEC §7). Every score is stored as a fraction in [0, 1]; printed tables multiply by 100 and
 * show one decimal. A group or column with no items is `null`, never 0, so "not measured" and "all wrong" differ.
 */

/** Version tag of the `RunScores` layout; bumped only on a breaking change. */
export const RESULTS_SCHEMA_VERSION = 'cclupe-scores/1' as const;

/**
 * The scoring parameters, recorded in every result.
 * λ (`lambda`) penalises wrong selections (CCLUPE Eq. 1, paper: λ > 1), η (`eta`) weighs S_dom against S_cog
 * (Eq. 4), δ (`delta`) is the Log-Score severity exponent (Eq. 6, paper: δ ≥ 1). `numericTolerance` is the relative
 * tolerance at which a free-response numeric answer counts as correct in S_item (CreditCardQA's strict ±0.2%).
 */
export const ScoreParams = z.object({
  lambda: z.number().finite().min(0),
  eta: z.number().finite().min(0).max(1),
  delta: z.number().finite().min(0),
  numericTolerance: z.number().finite().min(0),
});
export type ScoreParams = z.infer<typeof ScoreParams>;

/**
 * How one item's answer was read.
 * `answered`: a valid non-empty answer; `empty`: a deliberate empty selection (abstention);
 * `invalid` / `no_answer` / `truncated` / `error`: unparseable, as reported by the harness or found by the scorer;
 * `missing`: the predictions file has no line for the item. All but `answered` score as an empty selection.
 */
export const ITEM_STATUSES = ['answered', 'empty', 'invalid', 'no_answer', 'truncated', 'error', 'missing'] as const;
export const ItemStatus = z.enum(ITEM_STATUSES);
export type ItemStatus = z.infer<typeof ItemStatus>;

/** One item's score with the tags needed to re-aggregate it (bootstrap, paired comparison, subsets). */
export const ItemScore = z.object({
  item_id: z.string(),
  log_id: z.string(),
  client_kind: ClientKind,
  format: Format,
  domain: Domain,
  sub_domain: SubDomain,
  cognition: Cognition,
  difficulty: Difficulty,
  status: ItemStatus,
  /** Option keys as scored (sorted, de-duplicated); empty unless `status` is `answered`. */
  selected: z.array(z.string()),
  /** The free-response value as scored, for `numeric` items. */
  value: z.number().optional(),
  /** S_item in [0, 1] (CCLUPE Eq. 1). */
  score: z.number().min(0).max(1),
  /** |M\G| / max(1, |M|), this item's term of the misunderstanding rate (CCLUPE Eq. 5). */
  wrong_ratio: z.number().min(0).max(1),
  /** Exact match: M = G for option items; within `numericTolerance` for numeric items. */
  correct: z.boolean(),
  /** For numeric items: |value − gold| / |gold| (absolute error when gold is 0); absent when unanswered. */
  relative_error: z.number().min(0).optional(),
  /** For answered numeric items: within ±0.2% and within ±5% of gold (CreditCardQA's two tolerances). */
  within_0_2pct: z.boolean().optional(),
  within_5pct: z.boolean().optional(),
});
export type ItemScore = z.infer<typeof ItemScore>;

/** Answer counts over all items of a run. `unparseable` = invalid + no_answer + truncated + error + missing. */
export const ScoreCounts = z.object({
  items: z.number().int().min(0),
  logs: z.number().int().min(0),
  answered: z.number().int().min(0),
  empty: z.number().int().min(0),
  invalid: z.number().int().min(0),
  no_answer: z.number().int().min(0),
  truncated: z.number().int().min(0),
  error: z.number().int().min(0),
  missing: z.number().int().min(0),
  unparseable: z.number().int().min(0),
});
export type ScoreCounts = z.infer<typeof ScoreCounts>;

const Fraction = z.number().min(0).max(1);
const MaybeFraction = Fraction.nullable();

/**
 * A row shaped like CCLUPE Table 3: cognition levels (Mem., Com., Ana., Eva.), formats (Sin. = single,
 * Mul. = multi, Cal. = calc + numeric), Avg. = S_unbiased and LogScore = L.
 */
export const Table3Row = z.object({
  mem: MaybeFraction,
  com: MaybeFraction,
  ana: MaybeFraction,
  eva: MaybeFraction,
  sin: MaybeFraction,
  mul: MaybeFraction,
  cal: MaybeFraction,
  avg: Fraction,
  logScore: Fraction,
});
export type Table3Row = z.infer<typeof Table3Row>;

/** A row shaped like CCLUPE Table A12: mean S_item per risk-signal sub-domain (16 signals + Others). */
export const TableA12Row = z.record(SubDomain, MaybeFraction);
export type TableA12Row = z.infer<typeof TableA12Row>;

/** The headline aggregates (CCLUPE Eqs. 2–6). */
export const ScoreSummary = z.object({
  sDom: Fraction,
  sCog: Fraction,
  sUnbiased: Fraction,
  mrate: Fraction,
  logScore: Fraction,
});
export type ScoreSummary = z.infer<typeof ScoreSummary>;

/** Mean S_item of one group (a domain, a difficulty, …) and how many items it holds. */
export const GroupScore = z.object({
  key: z.string(),
  n: z.number().int().min(0),
  mean: MaybeFraction,
});
export type GroupScore = z.infer<typeof GroupScore>;

/** A two-sided interval [lo, hi] at `level` (e.g. 0.95). */
export const ScoreInterval = z.object({ lo: z.number(), hi: z.number() });
export type ScoreInterval = z.infer<typeof ScoreInterval>;

/** How the confidence intervals were made: percentile bootstrap resampling whole logs (cluster bootstrap). */
export const BootstrapInfo = z.object({
  method: z.literal('cluster-percentile'),
  unit: z.literal('log'),
  seed: z.string(),
  replicates: z.number().int().min(1),
  level: z.number().gt(0).lt(1),
});
export type BootstrapInfo = z.infer<typeof BootstrapInfo>;

/** Accuracy of free-response numeric items at CreditCardQA's two tolerances (±0.2%, ±5%), with Wilson 95% CIs. */
export const NumericAccuracy = z.object({
  n: z.number().int().min(0),
  within_0_2pct: MaybeFraction,
  within_5pct: MaybeFraction,
  wilson_0_2pct: ScoreInterval.nullable(),
  wilson_5pct: ScoreInterval.nullable(),
});
export type NumericAccuracy = z.infer<typeof NumericAccuracy>;

/**
 * How many of the questions the predictions cover: `predicted` items have a prediction line (answered or not),
 * `ratio` = predicted / total. With `partial`, the scores are over the predicted items alone (`--allow-partial`);
 * without it, every item counts and a missing one scores 0.
 */
export const ScoreCoverage = z.object({
  total: z.number().int().min(0),
  predicted: z.number().int().min(0),
  ratio: Fraction,
  partial: z.boolean(),
});
export type ScoreCoverage = z.infer<typeof ScoreCoverage>;

/**
 * Which questions a run was scored on: the SHA-256 of the `questions.jsonl` bytes, and the master seed of the dataset's
 * `manifest.json` beside it (null without one). Item ids (`p000001-q01`) repeat in every dataset, so this, not the
 * ids, tells whether two runs answered the same questions.
 */
export const ScoredDataset = z.object({
  questions_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  master_seed: z.string().nullable(),
});
export type ScoredDataset = z.infer<typeof ScoredDataset>;

/** Everything `scoreRun` returns and `results.json` stores (embed it whole; the layout is versioned by `schema`). */
export const RunScores = z.object({
  schema: z.literal(RESULTS_SCHEMA_VERSION),
  /** A display name for tables (model, baseline, run id); empty when unknown. */
  label: z.string(),
  params: ScoreParams,
  counts: ScoreCounts,
  summary: ScoreSummary,
  table3: Table3Row,
  tableA12: TableA12Row,
  byDomain: z.array(GroupScore),
  byCognition: z.array(GroupScore),
  byFormat: z.array(GroupScore),
  byDifficulty: z.array(GroupScore),
  byClientKind: z.array(GroupScore),
  numeric: NumericAccuracy,
  /** Absent in results written before coverage was recorded; `runCoverage` derives it from the counts then. */
  coverage: ScoreCoverage.optional(),
  /** The questions scored; absent when the caller did not say, and in results written before it was recorded. */
  dataset: ScoredDataset.optional(),
  /** Bootstrap settings, or null when CIs were not computed (replicates = 0). */
  bootstrap: BootstrapInfo.nullable(),
  /**
   * Bootstrap CIs keyed by metric: summary keys (sDom, sCog, sUnbiased, mrate, logScore), Table 3 keys (mem … cal, avg),
   * and group means as `<dimension>:<key>` (e.g. `domain:liquidity`, `difficulty:H`, `subDomain:microloans`).
   */
  ci: z.record(z.string(), ScoreInterval),
  items: z.array(ItemScore),
});
export type RunScores = z.infer<typeof RunScores>;

/** Counts of a paired 2×2 correctness table and its exact McNemar p-value (two-sided, FinExam-10K Eq. 32). */
export const McNemarResult = z.object({
  /** Which items: `single` = single-choice items only; `all` = exact-match correctness on every shared item. */
  scope: z.enum(['single', 'all']),
  n: z.number().int().min(0),
  bothCorrect: z.number().int().min(0),
  /** Correct in A, wrong in B ("harms" when B is the new method). */
  onlyA: z.number().int().min(0),
  /** Wrong in A, correct in B ("rescues"). */
  onlyB: z.number().int().min(0),
  bothWrong: z.number().int().min(0),
  pValue: z.number().min(0).max(1),
});
export type McNemarResult = z.infer<typeof McNemarResult>;

/** A paired comparison of two runs on the items they share; every difference is B − A. */
export const PairedComparison = z.object({
  schema: z.literal('cclupe-compare/1'),
  labelA: z.string(),
  labelB: z.string(),
  params: ScoreParams,
  /** Shared items and logs, and items present in only one run (left out). */
  items: z.number().int().min(1),
  logs: z.number().int().min(1),
  onlyInA: z.number().int().min(0),
  onlyInB: z.number().int().min(0),
  a: ScoreSummary,
  b: ScoreSummary,
  tableA: Table3Row,
  tableB: Table3Row,
  /** B − A for summary and Table 3 keys (null when a column is empty). */
  delta: z.record(z.string(), z.number().nullable()),
  /** Cluster-bootstrap CIs of the differences, resampling shared logs with the same draw for both runs. */
  ci: z.record(z.string(), ScoreInterval),
  bootstrap: BootstrapInfo.nullable(),
  mcnemar: McNemarResult,
  mcnemarAll: McNemarResult,
});
export type PairedComparison = z.infer<typeof PairedComparison>;

/** Mean ± sample standard deviation (n − 1) of one column over K runs (CCLUPE Table 5). */
export const StabilityCell = z.object({
  mean: z.number().nullable(),
  std: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Runs in which the column was defined. */
  k: z.number().int().min(0),
});
export type StabilityCell = z.infer<typeof StabilityCell>;

/** Stability of the Table 3 columns over K repeated runs of one model on the same items (CCLUPE §5.4, Table 5). */
export const StabilityReport = z.object({
  schema: z.literal('cclupe-stability/1'),
  label: z.string(),
  runs: z.number().int().min(1),
  labels: z.array(z.string()),
  columns: z.record(z.string(), StabilityCell),
});
export type StabilityReport = z.infer<typeof StabilityReport>;
