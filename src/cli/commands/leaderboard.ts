import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { readRunScoresFile } from '../../io/predictions.js';
import { formatLeaderboard, leaderboardItemsWarning, type LeaderboardSort, type LeaderboardTable } from '../../score/format-results.js';
import { runCoverage } from '../../score/score-run.js';
import { TABLE3_KEYS, TABLE_A12_KEYS } from '../../score/table-columns.js';
import { ALL_SCORE_FORMATS, resolveFormat } from './score-options.js';

/** Options of `cclupe leaderboard`. */
export interface LeaderboardOptions {
  table?: string;
  sort?: string;
  format?: string;
  json?: boolean;
}

/** One leaderboard table from several result files. */
export function runLeaderboard(files: readonly string[], options: LeaderboardOptions): string {
  const format = resolveFormat(options.format, options.json, ALL_SCORE_FORMATS);
  const table = (options.table ?? 'table3') as LeaderboardTable;
  if (table !== 'table3' && table !== 'a12') throw new UsageError(`--table must be table3 or a12, got ${table}`, '--table');
  const sort = (options.sort ?? 'logscore') as LeaderboardSort;
  if (sort !== 'logscore' && sort !== 'none') throw new UsageError(`--sort must be logscore or none, got ${sort}`, '--sort');
  const runs = files.map((f) => readRunScoresFile(f));
  const warning = leaderboardItemsWarning(runs);
  if (warning) process.stderr.write(warning + '\n');
  if (format === 'json') {
    const keys: readonly string[] = table === 'a12' ? TABLE_A12_KEYS : TABLE3_KEYS;
    const rows = formatLeaderboardRows(runs, table, sort, keys);
    return JSON.stringify(rows, null, 2) + '\n';
  }
  return formatLeaderboard(runs, format, { table, sort });
}

function formatLeaderboardRows(
  runs: ReturnType<typeof readRunScoresFile>[],
  table: LeaderboardTable,
  sort: LeaderboardSort,
  keys: readonly string[],
): Array<Record<string, unknown>> {
  const ordered = sort === 'logscore' ? [...runs].sort((a, b) => b.table3.logScore - a.table3.logScore || b.table3.avg - a.table3.avg) : runs;
  return ordered.map((r) => {
    const row = (table === 'a12' ? r.tableA12 : r.table3) as Record<string, number | null>;
    return { label: r.label, params: r.params, items: r.counts.items, coverage: runCoverage(r), ...Object.fromEntries(keys.map((k) => [k, row[k]])) };
  });
}

/** Declares `cclupe leaderboard`. */
export function register(program: Command): void {
  program
    .command('leaderboard')
    .summary('one CCLUPE table from several result files')
    .description(
      'Print one Table 3 (Mem., Com., Ana., Eva., Sin., Mul., Cal., Avg., LogScore) or Table A12 (16 sub-domains + Others) with a row per ' +
        'result file (`cclupe score --out` or a run\'s results.json), ×100 with one decimal, sorted by LogScore, with each run\'s n (items ' +
        'scored) and coverage (predicted items of all; "partial" when only those were scored). Warns on stderr when the runs differ in items.',
    )
    .argument('<results...>', 'result files')
    .option('--table <table>', 'table3 or a12', 'table3')
    .option('--sort <order>', 'logscore (descending) or none (file order)', 'logscore')
    .option('--format <format>', 'output: text, markdown, csv or json', 'text')
    .option('--json', 'print JSON rows (fractions, not ×100)')
    .action((files: string[], options: LeaderboardOptions) => {
      process.stdout.write(runLeaderboard(files, options));
    });
}
