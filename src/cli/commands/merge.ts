import type { Command } from 'commander';
import { resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import { mergeDatasetShards, mergeQuestionShards, type MergeSummary } from '../../io/dataset-merge.js';
import { planShards } from '../../io/shard-plan.js';

/** Options of `cclupe merge`, as commander parses them. */
export interface MergeCliOptions {
  out?: string;
  check?: boolean;
  dataset?: string;
  link?: boolean;
  json?: boolean;
}

/**
 * Checks the shard directories and merges them (or only checks them with `check`): the shards must be of one run,
 * cover 1..N exactly once and match every hash they list; any refusal is an `InputError` naming the shard and the
 * file, and leaves nothing behind.
 */
export async function runMerge(dirs: readonly string[], o: MergeCliOptions, now: () => Date = () => new Date()): Promise<MergeSummary & { seconds: number }> {
  const t0 = process.hrtime.bigint();
  if (!o.check && o.out === undefined) throw new UsageError('-o DIR is required (or --check to verify without writing)', '-o');
  if (o.check && o.out !== undefined) throw new UsageError('--check verifies without writing; drop -o', '--check');
  const set = planShards(dirs.map((d) => resolve(d)));
  const out = o.check ? null : resolve(o.out as string);
  if (set.command === 'generate' && o.dataset !== undefined) throw new UsageError('--dataset is for eval and questions shards; these are generate shards', '--dataset');
  let summary: MergeSummary;
  if (o.link && set.command !== 'generate') throw new UsageError(`--link is for generate shards; these are ${set.command} shards`, '--link');
  if (set.command === 'generate') summary = await mergeDatasetShards(set, out, now().toISOString(), { link: o.link === true });
  else if (set.command === 'questions') summary = mergeQuestionShards(set, out, o.dataset === undefined ? {} : { dataset: resolve(o.dataset) });
  else summary = await (await import('../../eval/run-merge.js')).mergeEvalShards(set, out, { dataset: o.dataset === undefined ? undefined : resolve(o.dataset) });
  return { ...summary, seconds: Math.round(Number(process.hrtime.bigint() - t0) / 1e6) / 1000 };
}

/** Declares `cclupe merge`. */
export function register(program: Command): void {
  program
    .command('merge')
    .description('Check the shards of one sharded generate, questions or eval run and merge them into one output, byte-identical to a single-machine run')
    .argument('<shards...>', 'shard directories (each holding a shard.json), in any order')
    .option('-o, --out <dir>', 'output directory: a new or empty directory (for questions shards, any directory without questions.jsonl, e.g. the dataset)')
    .option('--check', 'verify the shards (one run, shards 1..N once each, every file against its SHA-256) and write nothing')
    .option('--link', 'generate shards: hard-link each verified log file instead of copying it (same file system; copies otherwise)')
    .option('--dataset <dir>', 'eval shards: the dataset they ran on (default: the directory recorded in their shard.json); questions shards: the dataset they were built from, when -o is not that dataset (the merge balances the items over the whole dataset and rebuilds a few of its logs)')
    .option('--json', 'print a JSON summary on stdout')
    .addHelpText(
      'after',
      `
Refuses, naming the shard and the file, in one line with exit 1 and writing nothing: a missing or doubled shard,
a shard of another run (another options hash) or another N, an unfinished shard (no shard.json), and any file
that does not match its SHA-256. Merging streams, but for the questions' dataset balancing pass, which holds a few
facts per item and rebuilds the logs it swaps from the dataset (the merged one for generate shards; -o or --dataset
for questions shards, a usage error when neither holds the logs).`,
    )
    .action(async (dirs: string[], o: MergeCliOptions) => {
      const s = await runMerge(dirs, o);
      if (o.json) process.stdout.write(JSON.stringify(s) + '\n');
      else {
        const what = s.command === 'generate' ? `${s.logs} logs, ${s.rows} rows${s.items ? `, ${s.items} questions` : ''}` : s.command === 'questions' ? `${s.items} questions` : `${s.items} items`;
        if (s.out === null) process.stdout.write(`cclupe merge: ${s.shards} ${s.command} shards verified (${what}, ${s.files_verified} files); nothing written\n`);
        else process.stdout.write(`cclupe merge: ${s.shards} ${s.command} shards merged into ${s.out} (${what}; ${s.seconds}s)\n`);
      }
    });
}
