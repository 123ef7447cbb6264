#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { CclupeError, InputError, UsageError } from '../errors.js';
import { VERSION } from '../version.js';

/**
 * Each verb lives in `src/cli/commands/<verb>.ts` and exports `register(program)`, which declares its options
 * and calls the library. Add a verb by adding its module here.
 */
const COMMANDS: Array<() => Promise<{ register(program: Command): void }>> = [
  () => import('./commands/generate.js'),
  () => import('./commands/validate.js'),
  () => import('./commands/reference.js'),
  () => import('./commands/drift.js'),
  () => import('./commands/score.js'),
  () => import('./commands/compare.js'),
  () => import('./commands/leaderboard.js'),
  () => import('./commands/stability.js'),
  () => import('./commands/eval.js'),
  () => import('./commands/perturb.js'),
  () => import('./commands/robustness.js'),
  () => import('./commands/questions.js'),
  () => import('./commands/show.js'),
];

async function main(argv: string[]): Promise<void> {
  const program = new Command('cclupe')
    .description('cclupe-kit: seeded credit-risk transaction logs, validation, drift, questions, model runs and CCLUPE scoring')
    .version(VERSION, '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  for (const load of COMMANDS) (await load()).register(program);
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
  const message = err instanceof Error ? err.message : String(err);
  const kind = err instanceof CclupeError ? 'error' : 'internal error';
  process.stderr.write(`cclupe: ${kind}: ${message}\n`);
  if (process.env.CCLUPE_DEBUG && err instanceof Error && err.stack) process.stderr.write(err.stack + '\n');
  return 70;
}

await main(process.argv);
