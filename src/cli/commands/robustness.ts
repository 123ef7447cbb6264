import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { readPerturbations, readRobustnessSide } from '../../io/perturb-dataset.js';
import { analyzeRobustness, formatRobustnessTable } from '../../perturb/robustness.js';
import { BASELINES, isBaselineName } from '../../score/baselines.js';
import { DEFAULT_BOOTSTRAP } from '../../score/bootstrap.js';
import { DEFAULT_SCORE_PARAMS } from '../../score/params.js';
import { MAX_REPLICATES, parseIntegerOption } from '../integer-option.js';

/** Options of `cclupe robustness`. */
export interface RobustnessCliOptions {
  cleanDataset?: string;
  perturbedDataset?: string;
  baseline?: string;
  lambda: string;
  seed: string;
  replicates: string;
  json?: boolean;
}

/** Runs `cclupe robustness` and returns the text to print. */
export function runRobustness(clean: string, perturbed: string, options: RobustnessCliOptions): string {
  const lambda = Number(options.lambda);
  if (!(lambda >= 0)) throw new UsageError(`--lambda must be a number ≥ 0, got ${options.lambda}`, '--lambda');
  const replicates = parseIntegerOption(options.replicates, '--replicates', { min: 0, max: MAX_REPLICATES });
  if (options.baseline !== undefined && !isBaselineName(options.baseline)) {
    throw new UsageError(`--baseline must be one of ${BASELINES.join(', ')}, got ${options.baseline}`, '--baseline');
  }
  const baseline = options.baseline as (typeof BASELINES)[number] | undefined;
  const a = readRobustnessSide(clean, options.cleanDataset, baseline, options.seed);
  const b = readRobustnessSide(perturbed, options.perturbedDataset, baseline, options.seed);
  const records = readPerturbations(b.dataset);
  const report = analyzeRobustness(
    { cleanItems: a.items, cleanPredictions: a.predictions, perturbedItems: b.items, perturbedPredictions: b.predictions, records },
    { lambda, bootstrap: replicates === 0 ? false : { seed: options.seed, replicates, level: DEFAULT_BOOTSTRAP.level } },
  );
  if (options.json) return JSON.stringify({ clean: a.dataset, perturbed: b.dataset, baseline: baseline ?? null, ...report }, null, 2) + '\n';
  const head = `robustness: ${baseline ? `baseline ${baseline}` : 'model run'} on ${a.dataset} (clean) vs ${b.dataset} (perturbed); S_item ×100, λ = ${lambda}; Δ = perturbed − clean`;
  return `${head}\n\n${formatRobustnessTable(report)}\n`;
}

/** Declares `cclupe robustness`. */
export function register(program: Command): void {
  program
    .command('robustness')
    .summary('compare a run on a dataset with a run on its perturbed copy, per perturbation operator')
    .description(
      'Per perturbation operator (and per severity): the paired S_item difference perturbed − clean on the repeated ' +
        'questions, with a cluster-bootstrap 95% CI over source logs; the share of answers that changed; and the accuracy on ' +
        'integrity items ("which of these inconsistencies does the log contain?"). <clean> and <perturbed> are eval run ' +
        'directories, predictions JSONL files (with --clean-dataset/--perturbed-dataset), or, with --baseline, dataset directories.',
    )
    .argument('<clean>', 'run directory, predictions file, or (with --baseline) the clean dataset')
    .argument('<perturbed>', 'run directory, predictions file, or (with --baseline) the perturbed dataset')
    .option('--clean-dataset <dir>', 'dataset of the clean predictions (default: from the run manifest)')
    .option('--perturbed-dataset <dir>', 'dataset of the perturbed predictions (default: from the run manifest)')
    .option('--baseline <name>', `answer both datasets with an offline baseline: ${BASELINES.join(', ')}`)
    .option('--lambda <λ>', 'penalty on wrong selections in S_item', String(DEFAULT_SCORE_PARAMS.lambda))
    .option('--seed <seed>', 'seed of the bootstrap and of the random baseline', DEFAULT_BOOTSTRAP.seed)
    .option('--replicates <n>', 'bootstrap replicates; 0 for no CI', String(DEFAULT_BOOTSTRAP.replicates))
    .option('--json', 'print JSON')
    .action((clean: string, perturbed: string, options: RobustnessCliOptions) => {
      process.stdout.write(runRobustness(clean, perturbed, options));
    });
}
