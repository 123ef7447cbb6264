#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { CclupeError, InputError, NetworkError, UsageError } from '../errors.js';
import { VERSION } from '../version.js';

/**
 * Each verb lives in `src/cli/commands/<verb>.ts` and exports `register(program)`, which declares its options
 * and calls the library. Add a verb by adding its module here, keyed by the verb's name.
 * Only the module of the verb being run is loaded, so `cclupe score` never pays for vega or openai.
 */
const COMMANDS: Record<string, () => Promise<{ register(program: Command): void }>> = {
  generate: () => import('./commands/generate.js'),
  validate: () => import('./commands/validate.js'),
  reference: () => import('./commands/reference.js'),
  drift: () => import('./commands/drift.js'),
  questions: () => import('./commands/questions.js'),
  show: () => import('./commands/show.js'),
  score: () => import('./commands/score.js'),
  compare: () => import('./commands/compare.js'),
  leaderboard: () => import('./commands/leaderboard.js'),
  stability: () => import('./commands/stability.js'),
  eval: () => import('./commands/eval.js'),
  perturb: () => import('./commands/perturb.js'),
  robustness: () => import('./commands/robustness.js'),
};

/** The verbs whose modules must be loaded: the one named on the command line, or all of them for top-level help. */
function verbsToLoad(args: string[]): string[] {
  const first = args.find((a) => !a.startsWith('-'));
  if (first === 'help') {
    const target = args[args.indexOf('help') + 1];
    return target && target in COMMANDS ? [target] : Object.keys(COMMANDS);
  }
  return first !== undefined && first in COMMANDS ? [first] : Object.keys(COMMANDS);
}

async function main(argv: string[]): Promise<void> {
  const program = new Command('cclupe')
    .description('cclupe-kit: seeded credit-risk transaction logs, validation, drift, questions, model runs and CCLUPE scoring')
    .version(VERSION, '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  for (const verb of verbsToLoad(argv.slice(2))) (await COMMANDS[verb]()).register(program);
  try {
    await program.parseAsync(argv);
  } catch (err) {
    process.exitCode = exitCodeFor(err);
  }
}

/** Turns a thrown error into one line on stderr and an exit code: 2 usage, 1 bad input, 70 internal. */
function exitCodeFor(err: unknown): number {
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0) return 0;
    return 2; // commander has already printed its message
  }
  if (err instanceof UsageError) {
    process.stderr.write(`cclupe: ${err.message}\n`);
    return 2;
  }
  if (err instanceof InputError) {
    process.stderr.write(`cclupe: ${err.format()}\n`);
    return 1;
  }
  if (err instanceof NetworkError) {
    process.stderr.write(`cclupe: ${err.message}\n`);
    return 1;
  }
  const message = err instanceof Error ? err.message : String(err);
  const kind = err instanceof CclupeError ? 'error' : 'internal error';
  process.stderr.write(`cclupe: ${kind}: ${message}\n`);
  if (process.env.CCLUPE_DEBUG && err instanceof Error && err.stack) process.stderr.write(err.stack + '\n');
  return 70;
}

await main(process.argv);
