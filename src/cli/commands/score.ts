import { basename, extname, join } from 'node:path';
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import { writeJsonAtomic } from '../../io/atomic-write.js';
import { claimOutputFile } from '../../io/output-guard.js';
import { checkPredictionIds, readPredictionsFile, readScoredQuestions } from '../../io/predictions.js';
import type { RunScores } from '../../schema/results.js';
import { BASELINES, baselinePredictions, isBaselineName } from '../../score/baselines.js';
import { DEFAULT_BOOTSTRAP } from '../../score/bootstrap.js';
import { formatLeaderboard, formatRunCsv, formatRunReport, formatScorePercent } from '../../score/format-results.js';
import { DEFAULT_SCORE_PARAMS } from '../../score/params.js';
import { scoreRun } from '../../score/score-run.js';
import { ALL_SCORE_FORMATS, parseCountOption, parseNumberOption, resolveFormat } from './score-options.js';

/** Options of `cclupe score`. */
export interface ScoreOptions {
  predictions?: string;
  questions?: string;
  baseline?: string;
  lambda?: string;
  eta?: string;
  delta?: string;
  tolerance?: string;
  label?: string;
  seed?: string;
  replicates?: string;
  format?: string;
  json?: boolean;
  out?: string;
  allowPartial?: boolean;
}

/** Where the questions are: `--questions FILE`, else `<dataset>/questions.jsonl`. */
function questionsPath(dataset: string | undefined, questions: string | undefined): string {
  if (questions) return questions;
  if (!dataset) throw new UsageError('give a dataset directory or --questions FILE', '--questions');
  const file = join(dataset, 'questions.jsonl');
  if (!existsSync(file)) throw new UsageError(`${file} does not exist; build it with cclupe questions or pass --questions`, 'dataset');
  return file;
}

/** Scores predictions (or a built-in baseline) against a dataset's questions and prints or writes the results. */
export function runScore(dataset: string | undefined, options: ScoreOptions): string {
  const format = resolveFormat(options.format, options.json, ALL_SCORE_FORMATS);
  if (options.predictions && options.baseline) throw new UsageError('give either --predictions or --baseline, not both', '--baseline');
  if (!options.predictions && !options.baseline) throw new UsageError('--predictions FILE or --baseline NAME is required', '--predictions');
  const params = {
    lambda: parseNumberOption(options.lambda, '--lambda'),
    eta: parseNumberOption(options.eta, '--eta'),
    delta: parseNumberOption(options.delta, '--delta'),
    numericTolerance: parseNumberOption(options.tolerance, '--tolerance'),
  };
  for (const [key, flag] of [['lambda', '--lambda'], ['eta', '--eta'], ['delta', '--delta'], ['numericTolerance', '--tolerance']] as const) {
    const v = params[key];
    if (v === undefined) continue;
    if (v < 0 || (key === 'eta' && v > 1)) throw new UsageError(`${flag} must be ${key === 'eta' ? 'in [0, 1]' : '≥ 0'}, got ${v}`, flag);
  }
  const replicates = parseCountOption(options.replicates, '--replicates') ?? DEFAULT_BOOTSTRAP.replicates;
  const seed = options.seed ?? DEFAULT_BOOTSTRAP.seed;
  const bootstrap = replicates === 0 ? (false as const) : { seed, replicates };
  const qfile = questionsPath(dataset, options.questions);
  const { items, dataset: scored } = readScoredQuestions(qfile);
  if (items.length === 0) throw new UsageError(`${qfile} holds no questions`, '--questions');

  if (options.baseline) {
    const names = options.baseline === 'all' ? [...BASELINES] : [options.baseline];
    for (const n of names) {
      if (!isBaselineName(n)) throw new UsageError(`--baseline must be one of ${BASELINES.join(', ')} or all, got ${n}`, '--baseline');
    }
    const runs = names.map((n) =>
      scoreRun(items, baselinePredictions(n as (typeof BASELINES)[number], items, { seed }), params, { label: names.length > 1 ? n : (options.label ?? n), bootstrap, dataset: scored }),
    );
    if (runs.length > 1) {
      if (options.out) throw new UsageError('--out takes one run; score the baselines one by one to write them', '--out');
      if (format === 'json') return JSON.stringify(runs, null, 2) + '\n';
      return formatLeaderboard(runs, format, { sort: 'none' });
    }
    return emit(runs[0], format, options.out);
  }
  const read = readPredictionsFile(options.predictions!);
  checkPredictionIds(read, new Set(items.map((i) => i.id)));
  // an empty file (or /dev/null) is never a run: scoring it would print zeros as if a model had answered
  if (read.predictions.length === 0) throw new InputError('holds no predictions: nothing to score', { file: read.file });
  if (read.predictions.length < items.length && !options.allowPartial) {
    const pct = formatScorePercent(read.predictions.length / items.length);
    throw new InputError(
      `covers ${read.predictions.length} of ${items.length} items (${pct}%); finish the run, or pass --allow-partial to score the predicted items alone`,
      { file: read.file },
    );
  }
  const label = options.label ?? basename(options.predictions!, extname(options.predictions!));
  return emit(scoreRun(items, read.predictions, params, { label, bootstrap, partial: options.allowPartial === true, dataset: scored }), format, options.out);
}

function emit(scores: RunScores, format: ReturnType<typeof resolveFormat>, out: string | undefined): string {
  if (out) writeJsonAtomic(claimOutputFile(out, '--out'), scores);
  if (format === 'json') return JSON.stringify(scores, null, 2) + '\n';
  if (format === 'csv') return formatRunCsv(scores);
  return formatRunReport(scores, format);
}

/** Declares `cclupe score`. */
export function register(program: Command): void {
  program
    .command('score')
    .summary('score predictions with the CCLUPE misunderstanding penalty, balanced aggregation and Log-Score')
    .description(
      'Score a predictions JSONL file (or a built-in baseline) against a dataset\'s questions.jsonl: S_item = max(0, |G∩M|/|G| − λ·|M\\G|/|M|), ' +
        'S_unbiased = η·S_dom + (1−η)·S_cog, Mrate, LogScore = S_unbiased·(1−Mrate)^δ; CCLUPE Table 3 and Table A12 rows, per-domain and ' +
        'per-difficulty scores, counts, and 95% CIs by a seeded bootstrap over logs. Predictions format: docs/score.md.',
    )
    .argument('[dataset]', 'dataset directory holding questions.jsonl')
    .option('--predictions <file>', 'predictions JSONL: {"item_id", "selected": ["A"], "value"?, "raw"?, "status"?} per line')
    .option('--questions <file>', 'questions JSONL to score against (default: <dataset>/questions.jsonl)')
    .option('--baseline <name>', `score a built-in baseline instead of predictions: ${BASELINES.join(', ')}, or all (a leaderboard of every baseline)`)
    .option('--lambda <λ>', 'penalty on wrong selections (paper: λ > 1)', String(DEFAULT_SCORE_PARAMS.lambda))
    .option('--eta <η>', 'weight of S_dom against S_cog, in [0, 1]', String(DEFAULT_SCORE_PARAMS.eta))
    .option('--delta <δ>', 'Log-Score severity exponent (paper: δ ≥ 1)', String(DEFAULT_SCORE_PARAMS.delta))
    .option('--tolerance <rel>', 'relative tolerance for free-response numeric answers in S_item (0.002 = ±0.2%)', String(DEFAULT_SCORE_PARAMS.numericTolerance))
    .option('--label <name>', 'name of the run in tables (default: predictions file name or baseline name)')
    .option('--seed <seed>', 'seed of the bootstrap and of the random baseline', DEFAULT_BOOTSTRAP.seed)
    .option('--replicates <n>', 'bootstrap replicates for the 95% CIs; 0 for none', String(DEFAULT_BOOTSTRAP.replicates))
    .option('--format <format>', 'output: text, json, markdown or csv', 'text')
    .option('--json', 'print JSON (same as --format json)')
    .option('-o, --out <file>', 'also write the full results JSON to this file (atomically)')
    .option(
      '--allow-partial',
      'score predictions that cover only some items over those items alone (every output says so); without it, coverage below 100% exits 1',
    )
    .action((dataset: string | undefined, options: ScoreOptions) => {
      process.stdout.write(runScore(dataset, options));
    });
}
