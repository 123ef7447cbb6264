import { UsageError } from '../errors.js';

/**
 * The environment variables that carry a task's 0-based index in an array of identical tasks, in the order they are
 * read: Kubernetes Indexed Jobs, AWS Batch array jobs, Slurm job arrays (submit with `--array=0-<N-1>`).
 */
export const SHARD_INDEX_VARIABLES = ['JOB_COMPLETION_INDEX', 'AWS_BATCH_JOB_ARRAY_INDEX', 'SLURM_ARRAY_TASK_ID'] as const;

/** A resolved `--shard`: 1-based k of n, and the variable k was read from (null for an explicit `k/N`). */
export interface ShardChoice {
  k: number;
  n: number;
  from: (typeof SHARD_INDEX_VARIABLES)[number] | null;
}

/** The help text of `--shard`, shared by every command that has one. */
export const SHARD_HELP = `write only shard k of N (1 <= k <= N), or auto/N to take k-1 from ${SHARD_INDEX_VARIABLES.join(', ')} (the first set); \`cclupe merge\` puts the shards back together`;

/**
 * Parses `--shard k/N` or `--shard auto/N`. `auto` reads the task index from the first of `SHARD_INDEX_VARIABLES`
 * set in `env` (index i is shard i+1). A usage error (naming `--shard`) when the text is malformed, no variable is
 * set, the index is not a whole number, or it is not below N.
 */
export function parseShardOption(text: string, env: NodeJS.ProcessEnv = process.env): ShardChoice {
  const m = /^(\d+|auto)\/(\d+)$/.exec(text.trim());
  const n = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(n) || n < 1) throw new UsageError(`--shard expects k/N or auto/N with N >= 1, got ${text}`, '--shard');
  if (m[1] !== 'auto') {
    const k = Number(m[1]);
    if (k < 1 || k > n) throw new UsageError(`--shard expects k/N with 1 <= k <= N, got ${text}`, '--shard');
    return { k, n, from: null };
  }
  const from = SHARD_INDEX_VARIABLES.find((v) => env[v] !== undefined && env[v] !== '');
  if (from === undefined) throw new UsageError(`--shard auto/${n}: none of ${SHARD_INDEX_VARIABLES.join(', ')} is set; run it as an array task or give k/${n}`, '--shard');
  const raw = (env[from] as string).trim();
  const index = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(index)) throw new UsageError(`--shard auto/${n}: ${from}=${env[from]} is not a whole number`, '--shard');
  if (index >= n) throw new UsageError(`--shard auto/${n}: ${from}=${index} is not below ${n} (indices run from 0 to ${n - 1})`, '--shard');
  return { k: index + 1, n, from };
}
