import type { Command } from 'commander';
import { readRunScoresFile } from '../../io/predictions.js';
import { formatStability } from '../../score/format-results.js';
import { InputError } from '../../errors.js';
import { stabilityOverRuns, unlikeRun } from '../../score/stability.js';
import { ALL_SCORE_FORMATS, resolveFormat } from './score-options.js';

/** Options of `cclupe stability`. */
export interface StabilityCliOptions {
  label?: string;
  format?: string;
  json?: boolean;
}

/** Mean ± std per Table 3 column over K result files of repeated runs. */
export function runStability(files: readonly string[], options: StabilityCliOptions): string {
  const format = resolveFormat(options.format, options.json, ALL_SCORE_FORMATS);
  const runs = files.map((f) => readRunScoresFile(f));
  for (let k = 1; k < runs.length; k++) {
    const why = unlikeRun(runs[0], runs[k]);
    if (why) throw new InputError(`not a repeat of ${files[0]}: ${why}`, { file: files[k] });
  }
  const report = stabilityOverRuns(runs, { label: options.label });
  if (format === 'json') return JSON.stringify(report, null, 2) + '\n';
  return formatStability(report, format);
}

/** Declares `cclupe stability`. */
export function register(program: Command): void {
  program
    .command('stability')
    .summary('mean ± std of each Table 3 column over K repeated runs (CCLUPE Table 5)')
    .description(
      'Summarise K result files of the same model on the same items (repeated runs) as mean ± sample standard deviation per Table 3 ' +
        'column, plus S_dom, S_cog and Mrate, as in CCLUPE Table 5.',
    )
    .argument('<results...>', 'result files of the repeated runs')
    .option('--label <name>', 'row name (default: the first run\'s label)')
    .option('--format <format>', 'output: text, markdown, csv or json', 'text')
    .option('--json', 'print JSON (same as --format json)')
    .action((files: string[], options: StabilityCliOptions) => {
      process.stdout.write(runStability(files, options));
    });
}
