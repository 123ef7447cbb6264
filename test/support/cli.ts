import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The built command, as `npm test` builds it before the suite. */
export const CLI = resolve(import.meta.dirname, '../../dist/cli/main.js');
/** The built program behind it (`main(argv)`), for runs in this process. */
const PROGRAM = resolve(import.meta.dirname, '../../dist/cli/program.js');

/** What a run of `cclupe` gave: its exit status and what it wrote. */
export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Working directory of the run. */
  cwd?: string;
  /** Variables set for the run (`undefined` removes one); the rest of the environment is this process's. */
  env?: Record<string, string | undefined>;
}

/**
 * Runs the built `cclupe` with `args` in a child process: for the few end-to-end cases per command (the shebang, the
 * exit code the shell sees, a real stdout pipe) and for what a process has once (signals, `process.exit`).
 */
export function cclupeSpawn(args: readonly string[], opts: CliOptions = {}): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: opts.cwd, env: { ...process.env, CI: '1', ...opts.env }, maxBuffer: 256 * 1024 * 1024 });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

let program: Promise<{ main(argv: string[]): Promise<void> }> | null = null;
/** One run at a time: the process's stdout, stderr, exit code, environment and directory are borrowed. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs the built `cclupe` with `args` in this process (the same `dist/` code as the command, without a node start
 * and module load per run, which is most of a small command's time): stdout and stderr are captured, the exit code is
 * `process.exitCode` as `main` leaves it, and `CI` is set as `cclupeSpawn` sets it. Everything borrowed is restored.
 */
export function cclupe(args: readonly string[], opts: CliOptions = {}): Promise<CliResult> {
  const run = queue.then(() => runInProcess(args, opts));
  queue = run.catch(() => undefined);
  return run;
}

async function runInProcess(args: readonly string[], opts: CliOptions): Promise<CliResult> {
  program ??= import(pathToFileURL(PROGRAM).href) as Promise<{ main(argv: string[]): Promise<void> }>;
  const { main } = await program;
  const out: string[] = [];
  const err: string[] = [];
  const writes = { out: process.stdout.write, err: process.stderr.write };
  const capture = (into: string[]) =>
    ((chunk: string | Uint8Array, encoding?: BufferEncoding | ((e?: Error | null) => void), cb?: (e?: Error | null) => void): boolean => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(typeof encoding === 'string' ? encoding : 'utf8'));
      const done = typeof encoding === 'function' ? encoding : cb;
      if (done) queueMicrotask(() => done());
      return true;
    }) as typeof process.stdout.write;
  const env = { CI: '1', ...opts.env };
  const savedEnv = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const cwd = process.cwd();
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  try {
    if (opts.cwd) process.chdir(opts.cwd);
    await main([process.execPath, CLI, ...args]);
    const code = process.exitCode;
    return { status: typeof code === 'number' ? code : code === undefined ? 0 : Number(code), stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
    process.chdir(cwd);
    for (const [k, v] of Object.entries(savedEnv)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    process.exitCode = exitCode;
  }
}
