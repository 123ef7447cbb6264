import { Command, CommanderError, Help, type Option } from 'commander';
import { CclupeError, InputError, NetworkError, UsageError } from '../errors.js';
import { VERSION } from '../version.js';
import { environmentErrorLine } from './environment-error.js';
import { COMMAND_HELP, examplesText } from './help.js';

/**
 * Each verb lives in `src/cli/commands/<verb>.ts` and exports `register(program)`, which declares its options
 * and calls the library. Add a verb by adding its module here, keyed by the verb's name, and its summary and examples
 * to `COMMAND_HELP`. Only the module of the verb being run is loaded: `cclupe --version` and `cclupe --help` load
 * none (the top-level list is built from `COMMAND_HELP`), and `cclupe score` never pays for vega or openai.
 */
const COMMANDS: Record<string, () => Promise<{ register(program: Command): void }>> = {
  generate: () => import('./commands/generate.js'),
  validate: () => import('./commands/validate.js'),
  reference: () => import('./commands/reference.js'),
  fit: () => import('./commands/fit.js'),
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
  merge: () => import('./commands/merge.js'),
  validity: () => import('./commands/validity.js'),
  export: () => import('./commands/export.js'),
};

/** The verb whose module must be loaded: the one named on the command line (also after `help`), or none. */
function verbToLoad(args: string[]): string | null {
  const first = args.find((a) => !a.startsWith('-'));
  if (first === 'help') {
    const target = args[args.indexOf('help') + 1];
    return target && target in COMMANDS ? target : null;
  }
  return first !== undefined && first in COMMANDS ? first : null;
}

/** Defaults in one form everywhere: `(default: value)`, never commander's quoted `(default: "value")`. */
class CclupeHelp extends Help {
  override optionDescription(option: Option): string {
    const extra: string[] = [];
    if (option.argChoices) extra.push(`choices: ${option.argChoices.join(', ')}`);
    const dv: unknown = option.defaultValue;
    if (dv !== undefined && !(option.negate && dv === true) && typeof dv !== 'boolean') {
      extra.push(`default: ${option.defaultValueDescription ?? (Array.isArray(dv) ? dv.join(',') : String(dv))}`);
    }
    return extra.length ? `${option.description} (${extra.join(', ')})` : option.description;
  }
}

/**
 * Runs `cclupe` with `argv` (`[node, script, ...args]`): output on `process.stdout`/`process.stderr`, the exit code in
 * `process.exitCode`. `main.ts` calls it for the installed command; tests call it in process to skip a node start.
 */
export async function main(argv: string[]): Promise<void> {
  // `cclupe help reference build` is `cclupe reference build --help` (commander's help command takes one name)
  if (argv[2] === 'help' && argv.length > 4) argv = [argv[0], argv[1], ...argv.slice(3), '--help'];
  const args = argv.slice(2);
  const json = args.includes('--json');
  quietOnEpipe();
  const program = new Command('cclupe')
    .description('cclupe-kit: seeded credit-risk transaction logs, validation, drift, questions, model runs and CCLUPE scoring')
    .version(VERSION, '-V, --version')
    .exitOverride()
    .addHelpText('after', `\nExit codes: 0 success, 1 bad input, failed check or unreachable endpoint, 2 usage error.\nRun cclupe <command> --help for a command's options and examples.\n`);
  program.createHelp = () => Object.assign(new CclupeHelp(), program.configureHelp());
  if (json) {
    // With --json, errors are one JSON object on stderr (see exitCodeFor), so commander's own text is held back.
    program.configureOutput({ outputError: () => {} });
  } else {
    program.showHelpAfterError('(run with --help for usage)');
  }
  const verb = verbToLoad(args);
  if (verb !== null) {
    (await COMMANDS[verb]()).register(program);
    const cmd = program.commands.find((c) => c.name() === verb);
    if (cmd) {
      const help = COMMAND_HELP[verb];
      if (help) cmd.summary(help.summary);
      cmd.addHelpText('after', examplesText(verb));
      cmd.createHelp = () => Object.assign(new CclupeHelp(), cmd.configureHelp());
      for (const sub of cmd.commands) {
        sub.createHelp = () => Object.assign(new CclupeHelp(), sub.configureHelp());
        sub.addHelpText('after', examplesText(verb, sub.name()));
      }
    }
  } else {
    // The top-level list (and `unknown command` suggestions) need only the names and summaries.
    for (const name of Object.keys(COMMANDS)) program.command(name).summary(COMMAND_HELP[name]?.summary ?? '');
  }
  try {
    await program.parseAsync(argv);
  } catch (err) {
    process.exitCode = exitCodeFor(err, json);
  }
}

/** Whether `quietOnEpipe` has set its handlers (once per process, however often `main` runs). */
let epipeHandled = false;

/** `cclupe … | head`: when the reader of stdout (or stderr) goes away, end quietly instead of printing a stack trace. */
function quietOnEpipe(): void {
  if (epipeHandled) return;
  epipeHandled = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
      throw err;
    });
  }
}

/** One error as a script reads it with `--json`: the exit code, a kind, the message and where it points. */
function errorJson(kind: string, exit: number, message: string, where: Record<string, unknown> = {}): string {
  return JSON.stringify({ error: { kind, exit, message, ...where } }) + '\n';
}

/**
 * Turns a thrown error into one line on stderr (one JSON object with `--json`) and an exit code: 0 for help and
 * version, 2 usage, 1 everything else (bad input, a failed check, an unreachable endpoint, an internal error).
 */
function exitCodeFor(err: unknown, json: boolean): number {
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help' || err.exitCode === 0) return 0;
    // Without --json commander has already printed its message.
    if (json) process.stderr.write(errorJson('usage', 2, err.message.replace(/^error: /, ''), { code: err.code }));
    return 2;
  }
  if (err instanceof UsageError) {
    process.stderr.write(json ? errorJson('usage', 2, err.message, err.field ? { field: err.field } : {}) : `cclupe: ${err.message}\n`);
    return 2;
  }
  if (err instanceof InputError) {
    process.stderr.write(json ? errorJson('input', 1, err.message, { ...err.location }) : `cclupe: ${err.format()}\n`);
    return 1;
  }
  if (err instanceof NetworkError) {
    process.stderr.write(json ? errorJson('network', 1, err.message) : `cclupe: ${err.message}\n`);
    return 1;
  }
  const environment = environmentErrorLine(err); // a full disk, no permission …: the path, exit 1
  if (environment !== null) {
    process.stderr.write(json ? errorJson('environment', 1, environment) : `cclupe: ${environment}\n`);
    return 1;
  }
  const message = err instanceof Error ? err.message : String(err);
  const kind = err instanceof CclupeError ? 'error' : 'internal error';
  process.stderr.write(json ? errorJson(kind === 'error' ? 'error' : 'internal', 1, message) : `cclupe: ${kind}: ${message}\n`);
  if (process.env.CCLUPE_DEBUG && err instanceof Error && err.stack) process.stderr.write(err.stack + '\n');
  return 1;
}

