import type { Command } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import { buildDatasetQuestions } from '../../questions/dataset.js';
import type { Coverage } from '../../questions/coverage.js';
import type { BalanceReport } from '../../questions/balance.js';
import { openDataset } from '../../io/dataset.js';
import { readAnswerPriors } from '../../io/answer-priors-file.js';
import { TEMPLATES } from '../../questions/templates/index.js';
import { DOMAIN_TITLES, COGNITION_TITLES } from '../../questions/taxonomy.js';
import { SUB_DOMAIN_TITLES } from '../../schema/signal-id.js';
import type { Item } from '../../schema/item.js';
import { join, resolve } from 'node:path';
import { listLogFiles } from '../../io/log-files.js';
import { shardRange } from '../../io/dataset-layout.js';
import { SHARD_FILE } from '../../io/shard-manifest.js';
import { ensureDir } from '../../io/output-guard.js';
import { proveQuestionsShard, questionsShardRun, readDatasetSeed, writeQuestionsShard } from '../../io/questions-shard.js';
import { parseShardOption, SHARD_HELP } from '../shard-option.js';
import { maxOf } from '../../log/extremes.js';
import { createProgress } from '../progress.js';

/** Options of `runQuestions`. */
export interface RunQuestionsOptions {
  /** Dataset directory (with `logs/`, `labels.jsonl`, `manifest.json`) or a folder of TSV logs. */
  dir: string;
  /** Question seed; default the manifest's master seed, else "0". */
  seed?: string;
  /** Build only the questions of shard k of n of the sorted log files. */
  shard?: { k: number; n: number };
  /** Where to write the question files (default `dir`). */
  out?: string;
  /** Write empty question files for a directory without logs (a generate shard of an empty range) instead of failing. */
  allowEmpty?: boolean;
  /**
   * `false` writes phase-1 items only, without the dataset balancing pass: a shard (`shard` here, or a generate shard)
   * sees part of the dataset, so `cclupe merge` balances the merged items.
   */
  balance?: false;
}

/**
 * "3 logs could not support a full balanced set (5 problems; `note`)": logs are counted once however many shortfalls
 * they have, and the problem count is given when it differs.
 */
export function shortLogsLine(r: Pick<RunQuestionsResult, 'problems' | 'failedLogs'>, note?: string): string {
  const n = r.failedLogs.length;
  const notes = [...(r.problems.length === n ? [] : [`${r.problems.length} problems`]), ...(note === undefined ? [] : [note])];
  return `${n} log${n === 1 ? '' : 's'} could not support a full balanced set${notes.length ? ` (${notes.join('; ')})` : ''}`;
}

/** What `runQuestions` wrote and found. */
export interface RunQuestionsResult {
  items: Item[];
  problems: string[];
  /** The distinct logs behind `problems` (a log may have several). */
  failedLogs: string[];
  unreadable: string[];
  coverage: Coverage & { seed: string; templates: number; problems: string[]; unreadable: string[]; balancing?: BalanceReport };
  files: { questions: string; coverage: string };
}

/**
 * Builds the questions of a dataset and writes `questions.jsonl` and `questions-coverage.json` atomically.
 * Logs that cannot support a full balanced set are listed in `problems`, never padded. Used by
 * `cclupe questions` and by `cclupe generate --questions`.
 */
export function runQuestions(options: RunQuestionsOptions): RunQuestionsResult {
  const range = options.shard ? shardRange(listLogFiles(options.dir).length, options.shard) : null;
  // Two bars on a TTY (reading the logs, then building their items): 20,000 logs take minutes.
  const reading = createProgress('questions: read', 0);
  const data = openDataset(options.dir).logs({
    ...(range ? { select: (files: string[]) => files.slice(range.first, range.end) } : {}),
    onFiles: (n) => reading.setTotal(n),
    onFile: () => reading.tick(),
  });
  reading.stop();
  if (data.logs.length === 0 && !options.shard && !options.allowEmpty) {
    throw new InputError(`no readable logs${data.unreadable.length ? ` (${data.unreadable.length} unreadable)` : ''}`, { file: options.dir });
  }
  const seed = options.seed ?? data.masterSeed ?? '0';
  // the priors fitted for the dataset's custom and fitted profiles, when it has any (`cclupe generate` wrote them)
  const priorTable = readAnswerPriors(options.dir);
  const building = createProgress('questions: build', data.logs.length);
  const balance = options.shard || options.balance === false ? false : undefined;
  // a log with several shortfalls has several problems: the logs themselves are counted from the builder's report
  const failedLogs = new Set<string>();
  const onLog = (l: { logId: string; problems: readonly string[] }) => {
    if (l.problems.length > 0) failedLogs.add(l.logId);
    building.tick();
  };
  const built = buildDatasetQuestions(data.logs, { seed, priorTable, onLog, ...(balance === false ? { balance } : {}) });
  building.stop();
  const coverage = {
    seed,
    templates: TEMPLATES.length,
    ...built.coverage,
    problems: built.problems,
    unreadable: data.unreadable,
    ...(built.balancing ? { balancing: built.balancing } : {}),
  };
  const files = openDataset(options.out ?? options.dir).writeQuestions(built.items, coverage);
  return { items: built.items, problems: built.problems, failedLogs: [...failedLogs], unreadable: data.unreadable, coverage, files };
}

/**
 * Runs one questions shard into `out` and writes its `shard.json`; a shard already complete there for this run (a
 * retried task) is verified instead of rebuilt.
 */
export function runQuestionsShard(dir: string, out: string, shard: { k: number; n: number }, seedOption: string | undefined): { status: 'written' | 'verified'; items: number; file: string } {
  // a file where the shard directory should be is a one-line usage error before any work
  ensureDir(out, '--out');
  const seed = seedOption ?? readDatasetSeed(dir) ?? '0';
  const run = questionsShardRun(dir, seed);
  const file = join(out, SHARD_FILE);
  const items = proveQuestionsShard(out, run, shard);
  if (items !== null) return { status: 'verified', items, file };
  const r = runQuestions({ dir, seed, shard, out });
  writeQuestionsShard(dir, out, run, shard);
  return { status: 'written', items: r.items.length, file };
}

function block(title: string, counts: Record<string, number>, label: (k: string) => string = (k) => k): string[] {
  const total = Object.values(counts).reduce((s, x) => s + x, 0) || 1;
  const width = Math.max(maxOf(Object.keys(counts).map((k) => label(k).length)), title.length);
  return [
    title,
    ...Object.entries(counts).map(([k, n]) => `  ${label(k).padEnd(width)}  ${String(n).padStart(7)}  ${((100 * n) / total).toFixed(1).padStart(5)}%`),
  ];
}

/** The coverage summary as a plain-text table. */
export function formatCoverageTable(c: Coverage): string {
  const lines = [
    `logs ${c.logs}, with items ${c.logs_with_items}, items ${c.items}`,
    '',
    ...block('domain', c.domain, (k) => DOMAIN_TITLES[k as keyof typeof DOMAIN_TITLES] ?? k),
    '',
    ...block('sub-domain', c.sub_domain, (k) => SUB_DOMAIN_TITLES[k as keyof typeof SUB_DOMAIN_TITLES] ?? k),
    '',
    ...block('cognition', c.cognition, (k) => COGNITION_TITLES[k as keyof typeof COGNITION_TITLES] ?? k),
    '',
    ...block('difficulty', c.difficulty),
    '',
    ...block('format', c.format),
    '',
    ...block('answer position (single, calc)', c.answer_position),
    '',
    ...block('correct keys (multi)', c.multi_answer_keys),
    '',
    ...block('perspective / logic', c.logic),
  ];
  const missing = Object.entries(c.missing).filter(([, v]) => v.length);
  lines.push('', missing.length ? `missing: ${missing.map(([k, v]) => `${k}: ${v.join(', ')}`).join('; ')}` : 'missing: none');
  return lines.join('\n');
}

/** Registers `cclupe questions`. */
export function register(program: Command): void {
  program
    .command('questions')
    .description('build 15 computed questions per log (single, multi-select, calc) and write questions.jsonl plus a coverage summary')
    .argument('<dataset>', 'dataset directory (logs/, labels.jsonl, manifest.json) or a folder of canonical TSV logs')
    .option('--seed <seed>', 'question seed (default: the manifest master seed, else 0)')
    .option('--json', 'print the coverage summary as JSON instead of a table')
    .option('--shard <k/N|auto/N>', `${SHARD_HELP}. Shards split the sorted log files into contiguous ranges; needs --out`)
    .option('-o, --out <dir>', 'with --shard: the shard directory (questions.jsonl, questions-coverage.json, shard.json)')
    .action((dir: string, o: { seed?: string; json?: boolean; shard?: string; out?: string }) => {
      if (o.seed !== undefined && o.seed.trim() === '') throw new UsageError('--seed must not be empty', '--seed');
      if (o.shard !== undefined || o.out !== undefined) {
        if (o.shard === undefined) throw new UsageError('--out is for a shard (--shard k/N) only: without --shard, questions.jsonl is written into the dataset directory', '--out');
        if (o.out === undefined) throw new UsageError('--shard needs --out: a shard writes its questions to its own directory', '--out');
        const shard = parseShardOption(o.shard);
        const r = runQuestionsShard(dir, resolve(o.out), { k: shard.k, n: shard.n }, o.seed);
        if (o.json) process.stdout.write(JSON.stringify({ shard: `${shard.k}/${shard.n}`, ...r }) + '\n');
        else process.stdout.write(`cclupe questions: shard ${shard.k}/${shard.n}${shard.from ? ` (${shard.from}=${shard.k - 1})` : ''}: ${r.items} items; ${r.status === 'verified' ? 'already complete, verified against' : 'shard manifest'} ${r.file}\n`);
        return;
      }
      const r = runQuestions({ dir, seed: o.seed });
      if (o.json) process.stdout.write(JSON.stringify(r.coverage, null, 2) + '\n');
      else {
        process.stdout.write(formatCoverageTable(r.coverage) + '\n');
        process.stdout.write(`\nwrote ${r.files.questions} (${r.items.length} items) and ${r.files.coverage}\n`);
        const b = r.coverage.balancing;
        if (b) process.stdout.write(`balancing: ${b.logs_rebuilt} logs rebuilt in ${b.rounds} rounds (${b.swaps} swaps, ${b.rejected} rebuilds refused); measures over their quota ${b.over_before} before, ${b.over_after} after${b.left.length ? ` (${b.left.join(', ')})` : ''}\n`);
        if (r.problems.length) {
          process.stdout.write(`${shortLogsLine(r)}:\n`);
          for (const p of r.problems.slice(0, 20)) process.stdout.write(`  ${p}\n`);
          if (r.problems.length > 20) process.stdout.write(`  … and ${r.problems.length - 20} more (see questions-coverage.json)\n`);
        }
        for (const u of r.unreadable) process.stdout.write(`unreadable: ${u}\n`);
      }
    });
}
