import { z } from 'zod';
import { SafeId } from './ids.js';

/** One generated log in the manifest: id, profile, seed key, row count and the sha256 of its TSV bytes. */
export const ManifestLog = z.object({
  index: z.number().int().nonnegative(),
  log_id: SafeId,
  profile: z.string(),
  seed_key: z.string(),
  rows: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestLog = z.infer<typeof ManifestLog>;

/** The options that determine a dataset's bytes; a resumed run must match them exactly. */
export const GenerateOptions = z.object({
  count: z.number().int().positive(),
  /** Profile names with weights, in the order given. */
  profiles: z.array(z.object({ name: z.string(), weight: z.number().positive() })).min(1),
  seed: z.string(),
  rows_min: z.number().int().positive(),
  rows_max: z.number().int().positive(),
  period: z.object({ start: z.string(), end: z.string() }),
  /** Shard `k/N` (1-based k), or null for the whole run. */
  shard: z.object({ k: z.number().int().positive(), n: z.number().int().positive() }).nullable(),
  /** sha256 of each resolved profile (name → hash), so a changed profile file is not resumed into. */
  profile_hashes: z.record(z.string(), z.string()),
  /**
   * Calibration logs per custom or fitted profile for its answer priors (`answer-priors.json`), when `--prior-logs`
   * set it (absent: the default, `CUSTOM_PRIOR_LOGS` in io/dataset-priors.ts); recorded because the fitted priors depend on it.
   */
  prior_logs: z.number().int().positive().optional(),
});
export type GenerateOptions = z.infer<typeof GenerateOptions>;

/**
 * `manifest.json` of a dataset directory (SPEC §10). `created_at` is the only field that differs between two runs
 * with the same options.
 */
export const Manifest = z.object({
  kind: z.literal('cclupe-dataset'),
  tool: z.object({ name: z.literal('cclupe-kit'), version: z.string() }),
  master_seed: z.string(),
  /** Layout version of the TSV logs (2: with the `log_id` column); absent in manifests written before version 2. */
  log_format_version: z.number().int().positive().optional(),
  options: GenerateOptions,
  /** Exact versions of the packages whose behaviour shapes the bytes (faker, seedrandom, zod, cclupe-kit). */
  packages: z.record(z.string(), z.string()),
  /** Indices this directory holds (all of them, or one shard's). */
  indices: z.object({ count: z.number().int().nonnegative(), first: z.number().int().nonnegative().nullable(), last: z.number().int().nonnegative().nullable() }),
  totals: z.object({ logs: z.number().int().nonnegative(), rows: z.number().int().nonnegative() }),
  /**
   * SHA-256 of `labels.jsonl`, so that a re-run finds a labels file edited since (the logs have theirs in `logs`);
   * absent in manifests written before it was recorded.
   */
  labels_sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  logs: z.array(ManifestLog),
  created_at: z.string(),
});
export type Manifest = z.infer<typeof Manifest>;
