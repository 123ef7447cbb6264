import type { Command } from 'commander';
import { readRunScoresFile } from '../../io/predictions.js';
import { DEFAULT_BOOTSTRAP } from '../../score/bootstrap.js';
import { comparePaired } from '../../score/compare-paired.js';
import { formatComparison } from '../../score/format-results.js';
import { parseCountOption, resolveFormat } from './score-options.js';
import { InputError } from '../../errors.js';
import { otherQuestions, unidentifiedRuns } from '../../score/scored-dataset.js';

/** Options of `cclupe compare`. */
export interface CompareCliOptions {
  seed?: string;
  replicates?: string;
  format?: string;
  json?: boolean;
}

/** Compares two result files on their shared items and returns the printed report. */
export function runCompare(fileA: string, fileB: string, options: CompareCliOptions): string {
  const format = resolveFormat(options.format, options.json, ['text', 'markdown', 'json']);
  const replicates = parseCountOption(options.replicates, '--replicates') ?? DEFAULT_BOOTSTRAP.replicates;
  const a = readRunScoresFile(fileA);
  const b = readRunScoresFile(fileB);
  const why = otherQuestions(a, b);
  if (why) throw new InputError(`not comparable with ${fileA}: ${why}; item ids repeat across datasets, so pairing them would compare different questions`, { file: fileB });
  for (const i of unidentifiedRuns([a, b])) {
    process.stderr.write(`cclupe compare: warning: ${[fileA, fileB][i]} records no dataset identity (results written before cclupe-kit recorded one): that both runs answered the same questions is not checked\n`);
  }
  const cmp = comparePaired(a, b, {
    bootstrap: replicates === 0 ? false : { seed: options.seed ?? DEFAULT_BOOTSTRAP.seed, replicates },
  });
  if (format === 'json') return JSON.stringify(cmp, null, 2) + '\n';
  return formatComparison(cmp, format === 'markdown' ? 'markdown' : 'text');
}

/** Declares `cclupe compare`. */
export function register(program: Command): void {
  program
    .command('compare')
    .summary('paired comparison of two scored runs on the same items')
    .description(
      'Compare run B against run A on the items both scored: B − A for every Table 3 column, S_dom, S_cog and Mrate with a paired ' +
        'cluster-bootstrap 95% CI (logs resampled together for both runs), and exact McNemar tests on single-choice correctness and on ' +
        'exact-match correctness of all items. Inputs are results files from `cclupe score --out` or a run\'s results.json; results of ' +
        'other questions (another dataset: item ids repeat across datasets) are refused, and results that record no dataset are compared with a warning.',
    )
    .argument('<a>', 'results of run A (the baseline)')
    .argument('<b>', 'results of run B (the candidate)')
    .option('--seed <seed>', 'bootstrap seed', DEFAULT_BOOTSTRAP.seed)
    .option('--replicates <n>', 'bootstrap replicates; 0 for none', String(DEFAULT_BOOTSTRAP.replicates))
    .option('--format <format>', 'output: text, markdown or json', 'text')
    .option('--json', 'print JSON (same as --format json)')
    .action((a: string, b: string, options: CompareCliOptions) => {
      process.stdout.write(runCompare(a, b, options));
    });
}
