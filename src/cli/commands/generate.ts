import os from 'node:os';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { GenerateOptions } from '../../schema/manifest.js';
import type { Profile } from '../../schema/profile.js';
import { loadProfile, profileHash } from '../../io/profiles.js';
import { BUILDER_PASSES } from '../../questions/prior-fit.js';
import { ANSWER_PRIORS_FILE } from '../../io/answer-priors-file.js';
import { answerPriorsIntact, CUSTOM_PRIOR_LOGS, fitDatasetPriors, profilesToFit, shardListed } from '../../io/dataset-priors.js';
import { chunkRanges, prepareDataset, readCompleteChunk, shardRange } from '../../io/dataset-layout.js';
import type { ChunkJob } from '../../io/dataset-chunk.js';
import { repairDataset } from '../../io/dataset-repair.js';
import { DatasetAssembler } from '../../io/dataset-assembly.js';
import { claimOutputDir } from '../../io/output-guard.js';
import { maxOf, minOf } from '../../log/extremes.js';
import { parseDate } from '../../synth/calendar.js';
import { DEFAULT_PERIOD, DEFAULT_ROWS } from '../../synth/generate.js';
import { runChunks } from '../workers/pool.js';
import { createProgress } from '../progress.js';
import { proveDatasetShard, writeDatasetShard } from '../../io/dataset-shard.js';
import { SHARD_FILE } from '../../io/shard-manifest.js';
import { parseShardOption, SHARD_HELP } from '../shard-option.js';
import { parseIntegerOption } from '../integer-option.js';

/** The default profile mix: the four bases in equal shares. */
export const DEFAULT_PROFILE_MIX = 'personal-healthy=1,personal-overdue=1,sme-healthy=1,sme-overdue=1';

/** Options of `cclupe generate`, as commander parses them. */
export interface GenerateCliOptions {
  count: string;
  profile?: string[];
  seed: string;
  out: string;
  rowsMin?: string;
  rowsMax?: string;
  period?: string;
  workers?: string;
  shard?: string;
  questions?: boolean;
  json?: boolean;
  force?: boolean;
  priorLogs?: string;
}

/** A validated run: the options recorded in the manifest, the resolved profiles, and how to run. */
export interface GenerateRun {
  out: string;
  options: GenerateOptions;
  profiles: Profile[];
  /** Threads to use, or null for `defaultWorkers` of the logs left to generate. */
  workers: number | null;
  /** The environment variable `--shard auto/N` took the shard's index from, if any. */
  shardFrom: string | null;
  /** Write into a directory that holds files other than a dataset of ours (`--force`). */
  force?: boolean;
}

/**
 * Logs each thread must have to generate before another thread pays off. A worker thread loads the generator (about
 * 0.15 s) and compiles its hot code again (about 1.2 s of TurboFan CPU, which a lone thread gets from the idle core):
 * on 2 cores, 2 threads were slower than 1 at 1,000 logs (1.37 vs 1.17 s), even at 2,000 (1.81 s both) and 10%
 * faster at 4,000.
 */
export const LOGS_PER_WORKER = 2000;

/** The default thread count: one per core, but no more than one per `LOGS_PER_WORKER` logs to generate. */
export function defaultWorkers(logs: number, cores: number = os.availableParallelism()): number {
  return Math.max(1, Math.min(cores, Math.floor(logs / LOGS_PER_WORKER)));
}

/** The summary `--json` prints. */
export interface GenerateSummary {
  out: string;
  status: 'fresh' | 'resume' | 'complete';
  logs: number;
  rows: number;
  generated: number;
  reused: number;
  /** Files of a finished dataset found missing or damaged and written again (paths relative to `out`). */
  repaired: string[];
  shard: string | null;
  workers: number;
  seconds: number;
  logs_per_s: number;
}

function positiveInt(text: string, field: string): number {
  return parseIntegerOption(text, field, { min: 1 });
}

/**
 * Parses `a=3,b=1` / `a` (repeatable) into profile names with weights (1 when none is given: `weighted` says whether
 * one was); a name given twice is an error.
 */
export function parseProfileMix(values: readonly string[]): Array<{ name: string; weight: number; weighted: boolean }> {
  const out: Array<{ name: string; weight: number; weighted: boolean }> = [];
  for (const value of values) {
    for (const part of value.split(',')) {
      const item = part.trim();
      if (item === '') throw new UsageError(`--profile: empty entry in "${value}"`, '--profile');
      const eq = item.lastIndexOf('=');
      const name = eq >= 0 ? item.slice(0, eq).trim() : item;
      const weight = eq >= 0 ? Number(item.slice(eq + 1)) : 1;
      if (name === '') throw new UsageError(`--profile: missing profile name in "${item}"`, '--profile');
      if (!(Number.isFinite(weight) && weight > 0)) throw new UsageError(`--profile: weight of ${name} must be a positive number, got ${item.slice(eq + 1)}`, '--profile');
      if (out.some((p) => p.name === name)) throw new UsageError(`--profile: ${name} is given more than once`, '--profile');
      out.push({ name, weight, weighted: eq >= 0 });
    }
  }
  // the draw divides by the total: weights whose sum overflows (1e308 twice) made every log the last profile's
  if (!Number.isFinite(out.reduce((s, p) => s + p.weight, 0))) throw new UsageError('--profile: the weights add up to more than a number can hold; use smaller ones (only their ratios matter)', '--profile');
  return out;
}

/** Parses `YYYY-MM-DD..YYYY-MM-DD` (inclusive). */
export function parsePeriod(text: string): { start: string; end: string } {
  const m = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(text.trim());
  if (!m) throw new UsageError(`--period expects YYYY-MM-DD..YYYY-MM-DD, got ${text}`, '--period');
  try {
    parseDate(m[1]);
    parseDate(m[2]);
  } catch (err) {
    throw new UsageError(`--period: ${(err as Error).message}`, '--period');
  }
  if (m[1] > m[2]) throw new UsageError(`--period: end ${m[2]} is before start ${m[1]}`, '--period');
  return { start: m[1], end: m[2] };
}

/** The smallest period that holds every given one (inclusive dates compare as text). */
export function unionPeriod(periods: ReadonlyArray<{ start: string; end: string }>): { start: string; end: string } {
  let start = periods[0].start;
  let end = periods[0].end;
  for (const p of periods) {
    if (p.start < start) start = p.start;
    if (p.end > end) end = p.end;
  }
  return { start, end };
}

/** Validates CLI options and loads the profiles; every problem is a UsageError naming the option or profile field. */
export function resolveGenerate(o: GenerateCliOptions, env: NodeJS.ProcessEnv = process.env): GenerateRun {
  const count = positiveInt(o.count, '--count');
  const choice = o.shard === undefined ? null : parseShardOption(o.shard, env);
  const shard = choice === null ? null : { k: choice.k, n: choice.n };
  const workers = o.workers === undefined ? null : positiveInt(o.workers, '--workers');
  if (o.seed.trim() === '') throw new UsageError('--seed must not be empty', '--seed');
  const mix = parseProfileMix(o.profile && o.profile.length > 0 ? o.profile : [DEFAULT_PROFILE_MIX]);
  const profiles = mix.map((m) => loadProfile(m.name));
  // Row range and period default to the profiles' own (the shipped ones: 50–300 rows over 2023; a fitted profile its
  // source's), the union when a mix differs; the options set them for every log.
  const rowsMin = o.rowsMin === undefined ? minOf(profiles.map((p) => p.rows.min)) : positiveInt(o.rowsMin, '--rows-min');
  const rowsMax = o.rowsMax === undefined ? maxOf(profiles.map((p) => p.rows.max)) : positiveInt(o.rowsMax, '--rows-max');
  if (rowsMax < rowsMin) throw new UsageError(`--rows-max (${rowsMax}) must be >= --rows-min (${rowsMin})`, '--rows-max');
  if (rowsMax > 100_000) throw new UsageError(`--rows-max must be at most 100000, got ${rowsMax}`, '--rows-max');
  const period = o.period === undefined ? unionPeriod(profiles.map((p) => p.period)) : parsePeriod(o.period);
  const profileHashes: Record<string, string> = {};
  for (const p of profiles) profileHashes[p.name] = profileHash(p);
  const options: GenerateOptions = {
    count,
    profiles: mix.map((m, i) => ({ name: profiles[i].name, weight: m.weight })),
    seed: o.seed,
    rows_min: rowsMin,
    rows_max: rowsMax,
    period,
    shard,
    profile_hashes: profileHashes,
    ...(o.priorLogs !== undefined ? { prior_logs: positiveInt(o.priorLogs, '--prior-logs') } : {}),
  };
  return { out: resolve(o.out), options, profiles, workers, shardFrom: choice?.from ?? null, force: o.force === true };
}

/**
 * Runs a generation into `run.out`: resumes an unfinished run with the same options (finished chunks are kept),
 * writes the missing chunks with `run.workers` threads (by default `defaultWorkers`) while `labels.jsonl` is
 * assembled from the committed chunks in index order, then writes `manifest.json`. `now` gives the manifest's
 * created_at (the only non-deterministic field).
 */
export async function runGenerate(run: GenerateRun, now: () => Date = () => new Date()): Promise<GenerateSummary> {
  const t0 = process.hrtime.bigint();
  // a new or empty directory, or a dataset of ours; locked, so that a second run into it is refused, not raced
  const claim = claimOutputDir(run.out, { kind: 'dataset', force: run.force, command: 'generate' });
  try {
    return await generateInto(run, now, t0);
  } finally {
    claim.release();
  }
}

async function generateInto(run: GenerateRun, now: () => Date, t0: bigint): Promise<GenerateSummary> {
  const { options } = run;
  const status = prepareDataset(run.out, options);
  const shardText = options.shard ? `${options.shard.k}/${options.shard.n}` : null;
  const { first, end } = shardRange(options.count, options.shard);
  if (status === 'complete') {
    // a finished dataset is checked, not trusted: what is missing or differs from the manifest is generated again
    const check = repairDataset(datasetJob(run), { labelsSha256: shardListed(run.out, 'labels.jsonl') });
    const priors = answerPriorsIntact(run.out, run.profiles) ? [] : [ANSWER_PRIORS_FILE];
    if (priors.length > 0) fitPriors(run);
    const { totals } = check.header;
    return summary(run, status, totals.logs, totals.rows, check.generated, totals.logs - check.generated, shardText, 0, t0, [...check.repaired, ...priors]);
  }
  const chunks = chunkRanges(first, end);
  const assembler = new DatasetAssembler(run.out, chunks);
  const progress = createProgress('generate', end - first);
  let reused = 0;
  let generated = 0;
  let workers = 1;
  try {
    const todo: Array<{ start: number; end: number }> = [];
    for (const c of chunks) {
      const done = status === 'resume' ? readCompleteChunk(run.out, c.start, c.end) : null;
      if (done) {
        reused += done.logs.length;
        assembler.add(done);
      } else todo.push(c);
    }
    if (reused > 0) progress.tick(reused);
    workers = run.workers ?? defaultWorkers(end - first - reused);
    await runChunks(
      datasetJob(run),
      todo,
      workers,
      (meta) => {
        generated += meta.logs.length;
        progress.tick(meta.logs.length);
        assembler.add(meta);
      },
    );
  } catch (err) {
    await assembler.abort();
    throw err;
  } finally {
    progress.stop();
  }
  try {
    // before the manifest: a run killed here resumes (and fits again, to the same bytes); a complete run has the file
    fitPriors(run);
  } catch (err) {
    await assembler.abort();
    throw err;
  }
  const manifest = await assembler.finish(options, now().toISOString());
  return summary(run, status, manifest.totals.logs, manifest.totals.rows, generated, reused, shardText, workers, t0);
}

/** What every chunk of the run shares: where, the seed, the profiles with their weights, the period and row range. */
function datasetJob(run: GenerateRun): Omit<ChunkJob, 'start' | 'end'> {
  const { options } = run;
  return { out: run.out, seed: options.seed, profiles: run.profiles, weights: options.profiles.map((p) => p.weight), period: options.period, rowsMin: options.rows_min, rowsMax: options.rows_max };
}

/** Fits and writes the run's `answer-priors.json` (`fitDatasetPriors`), with a progress bar on a terminal. */
function fitPriors(run: GenerateRun): void {
  const { options } = run;
  const count = options.prior_logs ?? CUSTOM_PRIOR_LOGS;
  const todo = profilesToFit(run.profiles).length;
  if (todo === 0) return;
  const progress = createProgress('generate: answer priors', todo * count * (1 + BUILDER_PASSES));
  try {
    fitDatasetPriors(run.out, run.profiles, { count, period: options.period, rowsMin: options.rows_min, rowsMax: options.rows_max, onLog: () => progress.tick() });
  } finally {
    progress.stop();
  }
}

function summary(
  run: GenerateRun,
  status: GenerateSummary['status'],
  logs: number,
  rows: number,
  generated: number,
  reused: number,
  shard: string | null,
  workers: number,
  t0: bigint,
  repaired: string[] = [],
): GenerateSummary {
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { out: run.out, status, logs, rows, generated, reused, repaired, shard, workers, seconds: Math.round(seconds * 1000) / 1000, logs_per_s: seconds > 0 ? Math.round(generated / seconds) : 0 };
}

/** Declares `cclupe generate`. */
export function register(program: Command): void {
  program
    .command('generate')
    .description('Generate seeded synthetic transaction logs with latent risk signals, labels and a manifest')
    .option('-n, --count <n>', 'number of logs', '100')
    .option('-p, --profile <name[=weight],...>', `profile name or file; repeatable, or a weighted mix such as personal-healthy=3,sme-overdue=1 (default: ${DEFAULT_PROFILE_MIX})`, (v: string, prev: string[] = []) => [...prev, v])
    .option('-s, --seed <seed>', 'master seed: the same seed and options give byte-identical output', '42')
    .option('-o, --out <dir>', 'dataset directory (logs/, labels.jsonl, manifest.json)', 'dataset')
    .option('--rows-min <n>', `fewest rows per log (default: the profiles' rows.min, ${DEFAULT_ROWS.min} for the shipped ones)`)
    .option('--rows-max <n>', `most rows per log (default: the profiles' rows.max, ${DEFAULT_ROWS.max} for the shipped ones)`)
    .option('--period <start..end>', `period of every log, inclusive dates (default: the profiles' period, ${DEFAULT_PERIOD.start}..${DEFAULT_PERIOD.end} for the shipped ones)`)
    .option('-w, --workers <n>', `parallel threads: this one plus n-1 worker threads (default: the number of cores, but at most one per ${LOGS_PER_WORKER} logs to generate); the output does not depend on it`)
    .option('--shard <k/N|auto/N>', `${SHARD_HELP}. A shard writes the contiguous index range of shard k and a shard.json (options hash, k, N, range, files with SHA-256); the union of all shards equals the whole run`)
    .option('--questions', 'also build the questions (questions.jsonl and questions-coverage.json), as `cclupe questions` does')
    .option('--prior-logs <n>', `calibration logs per custom or fitted profile for its answer priors (answer-priors.json; default ${CUSTOM_PRIOR_LOGS})`)
    .option('--json', 'print a JSON summary on stdout')
    .option('--force', 'write into a directory that holds other files (none of them is removed; files of ours such as labels.jsonl are replaced)')
    .addHelpText(
      'after',
      `
A run killed half-way and started again with the same arguments resumes and ends byte-identical to an
uninterrupted run; a finished directory run again is checked against its manifest, and what is missing or
damaged is generated again. A directory holding a run with other options is refused, and so is a directory that
holds anything but a dataset of ours (unless --force). A second run into a directory in use is refused (lock).`,
    )
    .action(async (o: GenerateCliOptions) => {
      const run = resolveGenerate(o);
      const s = await runGenerate(run);
      // Questions are built after the dataset is whole, so a resumed run builds them from the same bytes.
      const questionsCommand = o.questions ? await import('./questions.js') : null;
      const q = questionsCommand ? questionsCommand.runQuestions({ dir: s.out, allowEmpty: run.options.shard !== null, ...(run.options.shard !== null ? { balance: false as const } : {}) }) : null;
      const questions = q ? { items: q.items.length, problems: q.problems.length, failed_logs: q.failedLogs.length, file: q.files.questions } : undefined;
      const shard = run.options.shard ? finishShard(run, s.status, o.questions === true) : undefined;
      if (o.json) process.stdout.write(JSON.stringify({ ...s, questions, shard_manifest: shard }) + '\n');
      else {
        const what = s.status === 'complete' ? `already complete, ${formatRepaired(s.repaired)}` : `${s.generated} generated${s.reused ? `, ${s.reused} reused from an interrupted run` : ''}`;
        const which = s.shard ? `shard ${s.shard}${run.shardFrom ? ` (${run.shardFrom}=${(run.options.shard?.k ?? 1) - 1})` : ''}: ` : '';
        process.stdout.write(`cclupe generate: ${which}${s.logs} logs, ${s.rows} rows in ${s.out} (${what}; ${s.seconds}s)\n`);
        if (q) {
          const short = q.problems.length ? `; ${questionsCommand!.shortLogsLine(q, 'see questions-coverage.json')}` : '';
          process.stdout.write(`cclupe generate: ${q.items.length} questions in ${q.files.questions}${short}\n`);
        }
        if (shard) process.stdout.write(`cclupe generate: ${shard.status === 'verified' ? 'shard verified complete against' : 'shard manifest'} ${shard.file}\n`);
      }
    });
}

/** What the check of a finished dataset did, for the summary line: `verified`, or `repaired 2 files (logs/…, …)`. */
export function formatRepaired(repaired: readonly string[]): string {
  if (repaired.length === 0) return 'verified';
  const shown = repaired.slice(0, 3).join(', ') + (repaired.length > 3 ? `, … ${repaired.length - 3} more` : '');
  return `repaired ${repaired.length} ${repaired.length === 1 ? 'file' : 'files'} (${shown})`;
}

/**
 * Ends a shard: writes its `shard.json`, or, when the shard was already complete (a retried pod), proves it: every
 * file, every log included, must match the existing `shard.json`, which is then left as it is.
 */
function finishShard(run: GenerateRun, status: GenerateSummary['status'], questions: boolean): { file: string; status: 'written' | 'verified' } {
  const file = resolve(run.out, SHARD_FILE);
  if (status === 'complete' && proveDatasetShard(run.out, run.options, questions) === 'verified') return { file, status: 'verified' };
  writeDatasetShard(run.out, run.options, questions, new Date().toISOString());
  return { file, status: 'written' };
}
