import { z } from 'zod';

/** Version tag of a shard manifest. */
export const SHARD_SCHEMA = 'cclupe-shard/1' as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** The commands that write shards, and so the kinds of shard `cclupe merge` puts back together. */
export const SHARD_COMMANDS = ['generate', 'questions', 'eval'] as const;
export type ShardCommand = (typeof SHARD_COMMANDS)[number];

/** One file of a shard: its path relative to the shard directory, its size and its SHA-256. */
export const ShardFile = z.object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256 });
export type ShardFile = z.infer<typeof ShardFile>;

/**
 * `shard.json`: what a shard directory holds, written last (atomically) by a shard of `generate`, `questions` or
 * `eval`. `run` is the identity every shard of one run shares (the options without the shard, the package versions)
 * and `run_hash` its SHA-256; `range` is the half-open range `[first, end)` of the run's units (`total` of them) this
 * shard covers: log indices for generate, log files for questions, log groups for eval. `files` lists every file with
 * its SHA-256; a generate shard's log files are listed with theirs in `manifest.json`, itself listed here.
 */
export const ShardManifest = z.object({
  schema: z.literal(SHARD_SCHEMA),
  command: z.enum(SHARD_COMMANDS),
  run_hash: sha256,
  run: z.record(z.string(), z.unknown()),
  shard: z.object({ k: z.number().int().positive(), n: z.number().int().positive() }),
  range: z.object({ unit: z.enum(['log index', 'log file', 'log group']), first: z.number().int().nonnegative(), end: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  files: z.array(ShardFile),
  /** How many log files the shard holds (listed with their SHA-256 in `manifest.json`); null when it holds none. */
  logs: z.number().int().nonnegative().nullable(),
  created_at: z.string(),
});
export type ShardManifest = z.infer<typeof ShardManifest>;
