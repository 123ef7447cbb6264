import os from 'node:os';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { PerturbDatasetOptions } from '../../perturb/dataset.js';
import { formatMatrixTable, type DetectionMatrix } from '../../perturb/matrix.js';
import { OPERATORS } from '../../perturb/operators/index.js';
import { estimatePerturbOutput, openDatasetForPerturb, type PerturbSourceDataset } from '../../io/perturb-dataset.js';
import { perturbToDataset } from '../../io/perturb-run.js';
import type { SeverityLevel } from '../../perturb/types.js';
import { CHECK_IDS } from '../../validate/registry.js';
import { claimOutputDir } from '../../io/output-guard.js';
import { createProgress } from '../progress.js';

/** Options of `cclupe perturb`. */
export interface PerturbCliOptions {
  ops: string;
  severity: string;
  seed: string;
  out?: string;
  force?: boolean;
  rate?: string;
  cover: string;
  check?: boolean;
  json?: boolean;
  skipChecks?: string;
  workers?: string;
}

/**
 * Source logs per thread: a thread takes a fraction of a second to start and compile its code, about what one
 * source log perturbed with every operator costs, so a handful of logs is done sooner on one thread.
 */
export const LOGS_PER_PERTURB_WORKER = 4;

/** The default thread count: one per core, but no more than one per `LOGS_PER_PERTURB_WORKER` source logs. */
export function defaultPerturbWorkers(logs: number, cores: number = os.availableParallelism()): number {
  return Math.max(1, Math.min(cores, Math.floor(logs / LOGS_PER_PERTURB_WORKER)));
}

/** Expands `--ops`: a comma list of operator ids, or `all`, `preserving`, `corrupting`. */
export function parseOps(text: string): string[] {
  const ids = OPERATORS.map((o) => o.id);
  const out: string[] = [];
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (part === 'all') for (const x of ids) out.push(x);
    else if (part === 'preserving' || part === 'corrupting') for (const x of OPERATORS.filter((o) => o.kind === part).map((o) => o.id)) out.push(x);
    else if (ids.includes(part)) out.push(part);
    else throw new UsageError(`--ops: unknown operator ${part}; known: ${ids.join(', ')} (or all, preserving, corrupting)`, '--ops');
  }
  if (out.length === 0) throw new UsageError('--ops names no operator', '--ops');
  return [...new Set(out)];
}

/** Parses `--severity`: a comma list of 1–5, or a range such as `1-5`. */
export function parseSeverities(text: string): SeverityLevel[] {
  const out = new Set<number>();
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([1-5])(?:-([1-5]))?$/.exec(part);
    if (!m) throw new UsageError(`--severity must list levels 1–5 (e.g. 1,3,5 or 1-5), got ${part}`, '--severity');
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    for (let s = Math.min(a, b); s <= Math.max(a, b); s++) out.add(s);
  }
  if (out.size === 0) throw new UsageError('--severity names no level', '--severity');
  return [...out].sort() as SeverityLevel[];
}

/** Bytes as a person reads them: 812 KB, 1.4 GB. */
export function formatBytes(n: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let x = n;
  while (x >= 1000 && i < units.length - 1) {
    x /= 1000;
    i++;
  }
  return i === 0 ? `${n} bytes` : `${x < 10 ? x.toFixed(1) : Math.round(x)} ${units[i]}`;
}

/**
 * Runs `cclupe perturb`: says on stderr what it will write (files, bytes; not with --json), then reads, perturbs and
 * writes one source log at a time (memory bounded by about one log), and returns what to print.
 */
export async function runPerturb(dataset: string, options: PerturbCliOptions): Promise<{ text: string; matrix: DetectionMatrix | null }> {
  if (!options.out) throw new UsageError('--out <dir> is required', '--out');
  if (resolve(options.out) === resolve(dataset)) throw new UsageError('--out must differ from the source dataset', '--out');
  const rate = options.rate === undefined ? undefined : Number(options.rate);
  if (rate !== undefined && !(rate > 0 && rate <= 1)) throw new UsageError(`--rate must be in (0, 1], got ${options.rate}`, '--rate');
  if (options.cover !== 'all' && options.cover !== 'rotate') throw new UsageError(`--cover must be all or rotate, got ${options.cover}`, '--cover');
  const workers = options.workers === undefined ? undefined : Number(options.workers);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1 && workers <= 256)) throw new UsageError(`--workers must be a whole number from 1 to 256, got ${options.workers}`, '--workers');
  const skipChecks = options.skipChecks ? options.skipChecks.split(',').map((s) => s.trim()).filter(Boolean) : [];
  for (const id of skipChecks) if (!CHECK_IDS.includes(id)) throw new UsageError(`--skip-checks: unknown check ${id}; known: ${CHECK_IDS.join(', ')}`, '--skip-checks');
  const opts: PerturbDatasetOptions = {
    ops: parseOps(options.ops),
    severities: parseSeverities(options.severity),
    seed: options.seed,
    cover: options.cover,
    skipChecks,
    ...(rate !== undefined ? { rate } : {}),
  };
  // the output directory is checked (and locked) before anything is read or announced
  const claim = claimOutputDir(options.out, { kind: 'perturbed', force: options.force === true, command: 'cclupe perturb' });
  try {
    if (!options.json) {
      const preserving = opts.ops.filter((id) => OPERATORS.find((o) => o.id === id)?.kind === 'preserving').length;
      const e = estimatePerturbOutput(dataset, opts, preserving);
      process.stderr.write(
        `cclupe perturb: will write up to ${e.files.toLocaleString('en-US')} files, about ${formatBytes(e.bytes)}, to ${options.out} ` +
          `(${e.logs.toLocaleString('en-US')} logs × ${e.operators} operators × ${e.severities} ${e.severities === 1 ? 'severity' : 'severities'})\n`,
      );
    }
    const source = openDatasetForPerturb(dataset);
    if (source.count === 0) throw new UsageError(`${dataset} holds no logs`, 'dataset');
    return await perturbInto(dataset, claim.dir, options, opts, source, workers ?? defaultPerturbWorkers(source.count));
  } finally {
    claim.release();
  }
}

async function perturbInto(
  dataset: string,
  out: string,
  options: PerturbCliOptions,
  opts: PerturbDatasetOptions,
  source: PerturbSourceDataset,
  workers: number,
): Promise<{ text: string; matrix: DetectionMatrix | null }> {
  const bar = createProgress('perturb', source.count);
  let written: Awaited<ReturnType<typeof perturbToDataset>>;
  try {
    written = await perturbToDataset(source, { sourceDir: dataset, out, options: opts, check: options.check === true, workers, onLog: () => bar.tick() });
  } finally {
    bar.stop();
  }
  const { logs, items, notApplicable, matrix } = written;
  const summary = `perturbed ${source.count} logs → ${logs} files (${notApplicable.length} not applicable), ${items} items, in ${options.out}`;
  if (!matrix) {
    return { text: options.json ? JSON.stringify({ logs, not_applicable: notApplicable.length, items }, null, 2) + '\n' : summary + '\n', matrix: null };
  }
  if (options.json) return { text: JSON.stringify({ ...matrix, logs, not_applicable: notApplicable.length, items }, null, 2) + '\n', matrix };
  const verdict = matrix.pass
    ? 'PASS: every corrupting operator detected at every severity; every preserving file reads back exactly, without errors'
    : 'FAIL: see the rows with missed > 0, or round-trip < logs, or errors > 0';
  return { text: `${summary}\n\n${formatMatrixTable(matrix)}\n\n${verdict}\n`, matrix };
}

/** Declares `cclupe perturb`. */
export function register(program: Command): void {
  program
    .command('perturb')
    .summary('derive a perturbed copy of a dataset (preserving or corrupting operators) and check the validator catches it')
    .description(
      'Apply perturbation operators to every log of a dataset, each at every given severity, one operator per ' +
        'perturbed log. Preserving operators (format, text noise) keep the questions and gold and write a dialect file under ' +
        'which the log reads back exactly; corrupting operators get an integrity item ("which of these inconsistencies does the ' +
        'log contain?"). perturbations.jsonl records every edit and the validator codes expected to catch it. With --check, ' +
        'prints the detection matrix per operator × severity and exits 1 unless every corruption is detected. Operators: ' +
        OPERATORS.map((o) => o.id).join(', ') +
        '. Severity tables: docs/perturb.md.',
    )
    .argument('<dataset>', 'source dataset directory (logs/, labels.jsonl, questions.jsonl)')
    .option('--ops <list>', 'operator ids, comma-separated, or all / preserving / corrupting', 'all')
    .option('--severity <levels>', 'severities 1–5, e.g. 1,3,5 or 1-5', '3')
    .option('--seed <seed>', 'master seed; each (log, operator, severity) draws from its own stream', 'perturb')
    .option('-o, --out <dir>', 'directory of the perturbed dataset (required; new, empty, or a perturbed dataset of ours)')
    .option('--force', 'write into a directory that holds other files (none of them is removed)')
    .option('--rate <share>', "override every operator's share of rows/cells touched, in (0, 1]")
    .option('--cover <mode>', 'all: every log × operator × severity; rotate: one severity per log × operator, rotating', 'all')
    .option('--check', 'validate every perturbed log and print the detection matrix; exit 1 unless it passes')
    .option('--skip-checks <ids>', 'validator checks to skip during --check, e.g. labels (saves the detector re-run)')
    .option('--workers <n>', 'threads perturbing source logs (default: one per core; the output is the same for any count)')
    .option('--json', 'print JSON instead of text')
    .action(async (dataset: string, options: PerturbCliOptions) => {
      const { text, matrix } = await runPerturb(dataset, options);
      process.stdout.write(text);
      if (matrix && !matrix.pass) process.exitCode = 1;
    });
}
