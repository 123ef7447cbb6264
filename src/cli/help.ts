/**
 * The help text every command shares one style for: a one-line summary (the top-level list shows it without loading
 * the command's module) and an Examples section. Kept as data, apart from the option declarations, so that
 * `cclupe --help` needs no command module and a test can check that every command has both.
 */
export interface CommandHelp {
  /** One line, lower case, no SPEC references: what the command does. */
  summary: string;
  /** Complete command lines, the most common first. */
  examples: readonly string[];
}

export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  generate: {
    summary: 'generate seeded transaction logs with latent risk signals, labels and a manifest',
    examples: [
      'cclupe generate --count 1000 --profile personal-healthy=3,personal-overdue=1 --seed 7 --out data/run1',
      'cclupe generate --count 200 --seed 42 --out data/small --questions',
    ],
  },
  validate: {
    summary: 'check logs: structure, balance chain, refunds, loans, SME alignment, labels, leakage',
    examples: [
      'cclupe validate data/run1',
      'cclupe validate data/run1 --filter-out data/run1-clean',
      'cclupe validate ../shared/data/berka/trans_test.csv --dialect dialects/berka.json',
    ],
  },
  reference: {
    summary: 'freeze reference distributions of logs for drift checks',
    examples: ['cclupe reference build data/run1 -o ref.json', 'cclupe reference build ../shared/data/berka/trans_test.csv --dialect dialects/berka.json -o berka.json'],
  },
  drift: {
    summary: 'compare the feature distributions of logs with a reference (KL, JS, PSI, W1, KS)',
    examples: [
      'cclupe drift data/run1 --reference profiles/reference/personal-healthy.json --html drift.html',
      'cclupe drift data/run1 --against data/run2 -o drift.json',
    ],
  },
  questions: {
    summary: 'build 15 computed questions per log and write questions.jsonl',
    examples: ['cclupe questions data/run1', 'cclupe questions data/run1 --seed 7 --json'],
  },
  show: {
    summary: 'print one item exactly as a model sees it, with its answer and evidence rows',
    examples: ['cclupe show data/run1 p000017-q04', 'cclupe show data/run1 p000017-q04 --style first --json'],
  },
  score: {
    summary: 'score predictions with the CCLUPE penalty and Log-Score (Table 3, CIs)',
    examples: [
      'cclupe score data/run1 --predictions runs/my-model/predictions.jsonl --format markdown',
      'cclupe score data/run1 --baseline all',
      'cclupe score data/run1 --predictions preds.jsonl -o results.json',
    ],
  },
  compare: {
    summary: 'paired comparison of two scored runs on the same items',
    examples: ['cclupe compare runs/a/results.json runs/b/results.json', 'cclupe compare a.json b.json --format markdown'],
  },
  leaderboard: {
    summary: 'one CCLUPE table from several result files',
    examples: ['cclupe leaderboard runs/*/results.json --format markdown', 'cclupe leaderboard runs/*/results.json --table a12'],
  },
  stability: {
    summary: 'mean ± std of each Table 3 column over K repeated runs (CCLUPE Table 5)',
    examples: ['cclupe stability runs/seed1/results.json runs/seed2/results.json runs/seed3/results.json'],
  },
  eval: {
    summary: 'run a model on a dataset through any OpenAI-compatible endpoint',
    examples: [
      'cclupe eval data/run1 --base-url http://127.0.0.1:8000/v1 --model my-model --concurrency 16 -o runs/my-model',
      'OPENAI_BASE_URL=https://api.openai.com/v1 OPENAI_API_KEY=... cclupe eval data/run1 --model gpt-4o-mini -o runs/4o-mini',
      'cclupe eval data/run1 --base-url http://127.0.0.1:8000/v1 --model my-model --limit 300 --sample-seed 1 --dry-run',
      'cclupe eval data/run1 --model baseline:random --seed 3 -o runs/random-3',
    ],
  },
  perturb: {
    summary: 'derive malformed or reformatted copies of a dataset and check the validator catches them',
    examples: ['cclupe perturb data/run1 --ops corrupting --severity 1,3,5 -o data/run1-broken --check', 'cclupe perturb data/run1 --ops preserving -o data/run1-reformatted'],
  },
  robustness: {
    summary: 'compare a run on a dataset with a run on its perturbed copy, per operator',
    examples: ['cclupe robustness runs/clean runs/broken', 'cclupe robustness data/run1 data/run1-broken --baseline random'],
  },
  fit: {
    summary: 'fit a profile to real logs of any dialect, so generated logs resemble them',
    examples: [
      'cclupe fit ../shared/data/berka/trans_test.csv --dialect dialects/berka.json -o berka-fit.json --report fit.html',
      'cclupe fit data/bank-export --dialect dialects/debit-credit.yaml --kind sme -o bank-fit.json --json',
    ],
  },
  validity: {
    summary: 'audit how far answers can be had without reading the log (log-free learners, gates)',
    examples: ['cclupe validity data/run1', 'cclupe validity data/run1 --calibration data/run2 --html validity.html', 'cclupe validity data/mine --profile ./my-bank.json'],
  },
  export: {
    summary: 'write a dataset as Parquet tables, or a Hugging Face datasets layout with a card',
    examples: ['cclupe export data/run1 --format hf -o data/run1-hf', 'cclupe export data/run1 --format parquet -o out/parquet --predictions runs/my-model'],
  },
  merge: {
    summary: 'check the shards of one run and merge them, byte-identical to a single-machine run',
    examples: ['cclupe merge out/shards/* -o out/dataset', 'cclupe merge runs/qwen-shards/* -o runs/qwen --dataset out/dataset', 'cclupe merge out/shards/* --check'],
  },
};

/** The Examples section appended to a command's `--help`. */
export function examplesText(verb: string, sub?: string): string {
  const h = COMMAND_HELP[verb];
  // a subcommand's help shows the verb's examples that run it (`cclupe reference build …`)
  const examples = (h?.examples ?? []).filter((e) => sub === undefined || e.startsWith(`cclupe ${verb} ${sub} `));
  return examples.length ? `\nExamples:\n${examples.map((e) => `  ${e}`).join('\n')}\n` : '';
}
