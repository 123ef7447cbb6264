import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { readRegularText } from './read-regular.js';

/**
 * One guard for every output path of every command (SPEC §10, issue 15 D4/D7): an output directory is either new,
 * empty, or a dataset or run of ours; anything else is refused unless `--force`. The guard takes the directory's
 * lock (`.lock`, holding the pid; a lock left by a dead process is taken over), so two runs never write into one
 * directory, and names the run's scratch after the run's id, so that only that is ever removed.
 */

/** What a command writes into its output directory. */
export type OutputKind = 'dataset' | 'run' | 'perturbed' | 'filtered' | 'export';

/** The marker file a claimed directory gets: which kind of output of ours it holds. */
export const OUTPUT_MARKER = '.cclupe-output.json';
/** The lock file of a claimed directory. */
export const LOCK_FILE = '.lock';

/** What `claimOutputDir` gives: the absolute directory, the run's id and scratch name, and how to let go. */
export interface OutputClaim {
  dir: string;
  /** `<pid>-<8 hex>`: unique to this run. */
  runId: string;
  /** `<dir>/.cclupe-tmp-<runId>`, created on first use by `scratch()`; removed by `release()`. */
  scratchPath: string;
  /** Creates (once) and returns the scratch directory. */
  scratch(): string;
  /** Removes the run's own scratch and the lock. Idempotent. */
  release(): void;
  /**
   * Removes the marker once the output is whole, for a kind its own files mark (`OWN_MARKS`): an export's folder is
   * uploaded as it is (a Hugging Face dataset), so it holds nothing but the export; one killed half-way keeps the
   * marker, and the next run into it is accepted either way.
   */
  unmark(): void;
}

/** Options of `claimOutputDir`. */
export interface ClaimOptions {
  kind: OutputKind;
  /** The option that named the directory, for messages (`--out`). */
  field?: string;
  /** Write into a directory that holds other files (never removing any). */
  force?: boolean;
  /** Take the directory's lock (default true). */
  lock?: boolean;
  /** The command, for the lock holder message (`generate`). */
  command?: string;
}

/** Files a directory of each kind may hold besides our marker and lock (their presence marks an older output of ours). */
const OWN_MARKS: Record<OutputKind, (dir: string) => boolean> = {
  dataset: (dir) => manifestKind(join(dir, 'manifest.json')) === 'cclupe-dataset' || existsSync(join(dir, '.parts', 'options.json')),
  run: (dir) => manifestKind(join(dir, 'manifest.json'))?.startsWith('cclupe-run') === true || existsSync(join(dir, 'responses.jsonl')),
  perturbed: (dir) => manifestKind(join(dir, 'manifest.json')) === 'cclupe-perturbed-dataset' || existsSync(join(dir, 'perturbations.jsonl')),
  filtered: () => false,
  // an export killed before this guard held it left only its first table
  export: (dir) => existsSync(join(dir, 'logs.parquet')) || existsSync(join(dir, 'data', 'logs.parquet')),
};

/**
 * The folders (relative to the output directory) where each kind of output writes files by a temporary sibling and a
 * rename (`writeFileAtomic`, `AtomicFileWriter`, `writeFileReplace`: `.<name>.tmp-<pid>-…`), swept when the directory
 * is claimed: a run killed with SIGKILL cannot remove its own, and the claim's lock means no live run owns any.
 */
const TEMP_DIRS: Record<OutputKind, readonly string[]> = {
  dataset: ['.', 'logs', '.parts'],
  run: ['.'],
  perturbed: ['.', 'logs', 'dialects'],
  filtered: ['.', 'logs'],
  export: ['.', 'data'],
};

/** A temporary file our atomic writes name `.<name>.tmp-<pid>-…`. */
export function isTempName(name: string): boolean {
  return /^\..+\.tmp-\d+-/.test(name);
}

/**
 * Removes what killed runs left in `dir`: temporary files (`isTempName`) in it and in `subdirs`, the runs' scratch
 * directories (`.cclupe-tmp-<runId>`) and whatever else `scratch(name)` accepts in a folder (a dataset's thread
 * scratch under `.parts/`). Only for a directory whose lock the caller holds: then no live run owns any of them.
 */
export function sweepStaleTemps(dir: string, subdirs: readonly string[], scratch: (folder: string, name: string) => boolean = () => false): void {
  for (const sub of subdirs) {
    const folder = join(dir, sub);
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const n of names) {
      if (isTempName(n)) rmSync(join(folder, n), { force: true });
      else if ((sub === '.' && n.startsWith('.cclupe-tmp-')) || scratch(sub, n)) rmSync(join(folder, n), { recursive: true, force: true });
    }
  }
}

function manifestKind(path: string): string | null {
  try {
    const v = JSON.parse(readRegularText(path, { maxBytes: 64 * 1024 * 1024 })) as { kind?: unknown; schema?: unknown };
    const kind = v?.kind ?? v?.schema;
    return typeof kind === 'string' ? kind : null;
  } catch {
    return null;
  }
}

/** Marks `dir` as an output of ours of the given kind (what `claimOutputDir` and `cclupe merge` write). */
export function writeOutputMarker(dir: string, kind: OutputKind): void {
  writeFileSync(join(dir, OUTPUT_MARKER), JSON.stringify({ kind, tool: 'cclupe-kit' }) + '\n');
}

function markerKind(dir: string): string | null {
  try {
    const v = JSON.parse(readRegularText(join(dir, OUTPUT_MARKER), { maxBytes: 4096 })) as { kind?: unknown };
    return typeof v?.kind === 'string' ? v.kind : null;
  } catch {
    return null;
  }
}

/**
 * Creates a directory and its missing parents one level at a time (Node's recursive mkdir loops for ever under
 * `/proc`), with a one-line `UsageError` naming the option when a parent is a file.
 */
export function ensureDir(dir: string, field = '--out'): void {
  const abs = resolve(dir);
  let st: ReturnType<typeof statSync> | null = null;
  try {
    st = statSync(abs);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (st) {
    if (!st.isDirectory()) throw new UsageError(`${field}: ${dir} is a file, not a directory`, field);
    return;
  }
  const parent = dirname(abs);
  if (parent !== abs) ensureDir(parent, field);
  try {
    mkdirSync(abs);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST' && statSync(abs).isDirectory()) return;
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') throw new UsageError(`${field}: ${parent} is a file, not a directory`, field);
    throw err;
  }
}

/**
 * Checks an output file's path: not a directory, its parent created if missing (and not a file). Returns the
 * absolute path. A file output is written atomically (temp + rename), so an existing file is replaced whole.
 */
export function claimOutputFile(path: string, field = '--out'): string {
  const abs = resolve(path);
  try {
    if (statSync(abs).isDirectory()) throw new UsageError(`${field}: ${path} is a directory, not a file`, field);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') throw new UsageError(`${field}: a parent of ${path} is a file, not a directory`, field);
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  ensureDir(dirname(abs), field);
  return abs;
}

/** Our own names in a directory: they never make it "someone else's". */
function isOwnName(name: string): boolean {
  return name === OUTPUT_MARKER || name === LOCK_FILE || name.startsWith('.cclupe-tmp-');
}

/**
 * Claims `dir` as the output of a `kind` run: creates it when new; accepts it when empty or when it holds an
 * output of ours of the same kind; refuses anything else unless `force` (a file where a directory is wanted is
 * always refused). Then takes the lock, removes the temporary files a killed run left (`sweepStaleTemps`) and writes
 * the marker. Every refusal is a one-line `UsageError` (exit 2).
 */
export function claimOutputDir(dir: string, opts: ClaimOptions): OutputClaim {
  const field = opts.field ?? '--out';
  const abs = resolve(dir);
  let exists = false;
  try {
    const st = lstatSync(abs);
    exists = true;
    if (!st.isDirectory() && !(st.isSymbolicLink() && statSync(abs).isDirectory())) throw new UsageError(`${field}: ${dir} is a file, not a directory`, field);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') throw new UsageError(`${field}: a parent of ${dir} is a file, not a directory`, field);
    if (code !== 'ENOENT') throw err;
  }
  if (!exists) ensureDir(abs, field);
  else {
    const others = readdirSync(abs).filter((n) => !isOwnName(n));
    const marked = markerKind(abs);
    if (marked !== null && marked !== opts.kind && !opts.force) {
      throw new UsageError(`${field}: ${dir} holds a cclupe ${marked} output, not ${/^[aeiou]/.test(opts.kind) ? 'an' : 'a'} ${opts.kind}; use another directory`, field);
    }
    const ours = marked === opts.kind || OWN_MARKS[opts.kind](abs);
    if (others.length > 0 && !ours && !opts.force) {
      const shown = others.slice(0, 3).join(', ') + (others.length > 3 ? ', …' : '');
      throw new UsageError(`${field}: ${dir} is not empty and holds no cclupe ${opts.kind} (${shown}); use a new directory, or --force to write into it (nothing of yours is removed)`, field);
    }
  }
  const release = opts.lock === false ? () => {} : acquireLock(abs, field, opts.command ?? 'cclupe');
  try {
    if (opts.lock !== false) sweepStaleTemps(abs, TEMP_DIRS[opts.kind]);
    if (markerKind(abs) === null) writeOutputMarker(abs, opts.kind);
  } catch (err) {
    release();
    throw err;
  }
  const runId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const scratchPath = join(abs, `.cclupe-tmp-${runId}`);
  let released = false;
  return {
    dir: abs,
    runId,
    scratchPath,
    scratch() {
      mkdirSync(scratchPath, { recursive: true });
      return scratchPath;
    },
    release() {
      if (released) return;
      released = true;
      rmSync(scratchPath, { recursive: true, force: true });
      release();
    },
    unmark() {
      if (OWN_MARKS[opts.kind](abs)) rmSync(join(abs, OUTPUT_MARKER), { force: true });
    },
  };
}

/**
 * Takes `<dir>/.lock` (holding the pid) so that two runs never write into one directory; a lock left by a process
 * that no longer exists (after `kill -9`) is taken over. Returns the release function.
 */
export function acquireLock(dir: string, field = '--out', command = 'cclupe'): () => void {
  const path = join(dir, LOCK_FILE);
  for (let tries = 0; ; tries++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 2) throw err;
      let pid = NaN;
      try {
        pid = Number(readRegularText(path, { maxBytes: 64 }).trim());
      } catch {
        // an unreadable lock is stale
      }
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new UsageError(`another ${command} (pid ${pid}) is using ${dir}; wait for it or remove ${path} if it is gone`, field);
      }
      rmSync(path, { force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the entries of `dir` that `own(name)` accepts (our scratch and bookkeeping), then the directory itself
 * only when nothing else is left in it: files we did not write are never removed.
 */
export function removeOwnEntries(dir: string, own: (name: string) => boolean): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) if (own(n)) rmSync(join(dir, n), { recursive: true, force: true });
  try {
    rmdirSync(dir);
  } catch {
    // not empty: someone else's files stay
  }
}
