import { z } from 'zod';
import { UsageError } from '../errors.js';
import { stableStringify } from '../hash.js';

/** Version tag of a run manifest. */
export const RUN_MANIFEST_SCHEMA = 'cclupe-run-manifest/1' as const;

/**
 * `manifest.json` of a run directory: what the run is (config, dataset and prompt hashes, versions) so that a resume
 * can prove it continues the same run. Written atomically. Holds the API key's variable name, never the key.
 */
export const RunManifest = z.object({
  schema: z.literal(RUN_MANIFEST_SCHEMA),
  tool: z.object({ name: z.literal('cclupe-kit'), version: z.string() }),
  packages: z.record(z.string(), z.string()),
  status: z.enum(['running', 'complete']),
  created_at: z.string(),
  updated_at: z.string(),
  /** The settings that can change answers (see `resultAffectingConfig`) and their SHA-256. */
  config: z.record(z.string(), z.unknown()),
  config_hash: z.string(),
  /** Operational settings of the latest session (may change between resumes). */
  operational: z.record(z.string(), z.unknown()),
  dataset: z.object({ dir: z.string(), hash: z.string(), items: z.number().int(), logs: z.number().int() }),
  /** SHA-256 of every rendered prompt of the dataset's items (changes when a template or the renderer changes). */
  prompt_hash: z.string(),
  /** Whether requests carry `response_format: json_schema`, decided once by the first preflight and kept on resume. */
  structured_output: z.boolean().nullable(),
  preflight: z
    .object({ models: z.array(z.string()).nullable(), structured_output: z.boolean().nullable(), warnings: z.array(z.string()) })
    .nullable(),
  sessions: z.number().int().positive(),
  /** Set when the run is shard k of n of a sharded run (`--shard`); absent for a whole run. */
  shard: z.object({ k: z.number().int().positive(), n: z.number().int().positive() }).optional(),
});
export type RunManifest = z.infer<typeof RunManifest>;

/** The identity a resume must match. */
export interface RunIdentity {
  config: Record<string, unknown>;
  config_hash: string;
  dataset_hash: string;
  prompt_hash: string;
}

/**
 * Refuses to resume a run whose settings, dataset or prompts differ from the recorded ones, naming each change
 * (e.g. "temperature was 0, now 0.7"). Returns nothing when the run may continue.
 */
export function checkResume(previous: RunManifest, next: RunIdentity): void {
  const changes: string[] = [];
  if (previous.config_hash !== next.config_hash) {
    const keys = [...new Set([...Object.keys(previous.config), ...Object.keys(next.config)])].sort();
    for (const k of keys) {
      const a = stableStringify(previous.config[k] ?? null);
      const b = stableStringify(next.config[k] ?? null);
      if (a !== b) changes.push(`${k} was ${a}, now ${b}`);
    }
    if (changes.length === 0) changes.push('config hash differs');
  }
  if (previous.dataset.hash !== next.dataset_hash) changes.push('the dataset (questions.jsonl or a log file) changed');
  if (previous.prompt_hash !== next.prompt_hash) changes.push('the rendered prompts changed (template or renderer version)');
  if (changes.length > 0) {
    throw new UsageError(`refusing to resume the run: ${changes.join('; ')}. Use a new --out directory, or restore the old settings`, '--out');
  }
}
