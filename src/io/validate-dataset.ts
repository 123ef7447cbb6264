import { existsSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import type { Dialect } from '../schema/dialect.js';
import { LogLabels } from '../schema/labels.js';
import type { Log } from '../schema/log-row.js';
import { Manifest } from '../schema/manifest.js';
import { InputError, UsageError } from '../errors.js';
import { writeFileAtomic, writeJsonAtomic } from './atomic-write.js';
import { CANONICAL_DIALECT } from '../reader/dialect-canonical.js';
import { listLogFiles, readLogFile } from './log-files.js';
import { datasetFiles, jsonlLines } from './dataset.js';
import { toCents } from '../log/money.js';
import { VERSION } from '../version.js';
import { makeIssue, type IssueCode, type ValidationIssue } from '../schema/issue-codes.js';
import { buildReport, fileResult, MAX_KEPT_ISSUES_PER_LOG, type FileResult, type ValidationReport } from '../validate/report.js';
import type { ValidationPeriod } from '../validate/context.js';
import { checksRun, validateLogCapped, type CappedIssues, type ValidateOptions } from '../validate/validate-log.js';
import { claimOutputDir, OUTPUT_MARKER } from './output-guard.js';
import { readRegularFile, readRegularText } from './read-regular.js';
import { parseJsonText } from './json-text.js';

/** Options of `validateDataset`. Options left undefined fall back to the dialect's check settings, then to defaults. */
export interface ValidateDatasetOptions extends Omit<ValidateOptions, 'labels' | 'file' | 'generated' | 'openingBalanceCents'> {
  dialect?: Dialect;
  /** A labels file; default `<dataset>/labels.jsonl` when validating a dataset directory. */
  labelsPath?: string;
  /** Issues listed per file in the report (the rest are counted). Default 50. */
  maxIssuesPerFile?: number;
  /** Write `<dataset>/validation.json` when the input is a dataset directory. Default true. */
  writeValidationJson?: boolean;
  /** Copy the logs that pass (and their labels lines) into this directory. */
  filterOut?: string;
  /** Let `filterOut` write into a directory that holds other files (none of them is removed). */
  force?: boolean;
  /** Count warnings as errors. */
  strict?: boolean;
  /** Largest file read, in bytes (default 1 GiB); a larger file is a `READ_ERROR`. */
  maxFileBytes?: number;
  /** Called after each file. */
  onProgress?: (done: number, total: number) => void;
}

/** What `validateDataset` did: per-file results, the report, and what it wrote. */
export interface DatasetValidation {
  results: FileResult[];
  report: ValidationReport;
  /** Where `validation.json` was written, or null. */
  validationPath: string | null;
  /** Logs copied by `filterOut`, or null when not asked. */
  filtered: { dir: string; logs: number; files: number } | null;
}

/**
 * Whether a dataset directory is whole (issue 15 D8): an unfinished `generate` leaves `.parts/` and no manifest; a
 * directory marked as our dataset must have its manifest; a manifest's logs must all be there with its hashes, and
 * its count must match the log files and the labels lines. Each finding is one `INCOMPLETE_DATASET` error.
 */
function completeness(root: string, manifest: Manifest | null, hashes: ReadonlyMap<string, string>, labelsCount: number | null, display: (p: string) => string): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  const issue = (file: string, note: string) => out.push(makeIssue({ code: 'INCOMPLETE_DATASET', file: display(file), note: `(${note})` }));
  if (existsSync(join(root, '.parts'))) issue(join(root, '.parts'), 'an unfinished generate run left .parts/; run the same generate command again to finish it');
  const marked = markedDataset(root);
  if (!existsSync(join(root, 'manifest.json'))) {
    if (marked || existsSync(join(root, '.parts'))) issue(join(root, 'manifest.json'), 'no manifest.json: the dataset was not finished');
    return out;
  }
  if (!manifest) return out; // an unreadable manifest is already a READ_ERROR
  const mf = join(root, 'manifest.json');
  if (manifest.totals.logs !== manifest.logs.length) issue(mf, `manifest totals say ${manifest.totals.logs} logs but it lists ${manifest.logs.length}`);
  if (hashes.size !== manifest.logs.length) issue(mf, `manifest lists ${manifest.logs.length} logs, logs/ holds ${hashes.size} log files`);
  let missing = 0;
  let changed = 0;
  let firstBad = '';
  for (const l of manifest.logs) {
    const h = hashes.get(l.log_id);
    if (h === undefined) missing++;
    else if (h !== l.sha256) changed++;
    if ((h === undefined || h !== l.sha256) && firstBad === '') firstBad = l.log_id;
  }
  if (missing > 0 || changed > 0) issue(mf, `${missing} logs of the manifest missing, ${changed} with another sha256 than recorded (first: ${firstBad})`);
  if (labelsCount !== null && labelsCount !== manifest.totals.logs) issue(mf, `manifest says ${manifest.totals.logs} logs, labels.jsonl holds ${labelsCount} readable lines`);
  if (labelsCount === null) issue(join(root, 'labels.jsonl'), 'no labels.jsonl next to the manifest');
  return out;
}

/** Whether the directory carries our output marker for a dataset. */
function markedDataset(root: string): boolean {
  try {
    return (JSON.parse(readRegularText(join(root, OUTPUT_MARKER), { maxBytes: 4096 })) as { kind?: unknown }).kind === 'dataset';
  } catch {
    return false;
  }
}

/** Codes that are errors when `--filter-out` builds a clean set. */
const FORMULA_ERROR_CODES: ReadonlySet<IssueCode> = new Set<IssueCode>(['UNSAFE_TEXT']);

interface LabelsLine {
  labels: LogLabels;
  raw: string;
  line: number;
}

/** A directory that looks like a dataset (SPEC §10): it has `logs/`, `labels.jsonl` or `manifest.json`. */
export function isDatasetDir(path: string): boolean {
  try {
    if (!statSync(path).isDirectory()) return false;
  } catch {
    return false;
  }
  return ['logs', 'labels.jsonl', 'manifest.json'].some((n) => existsSync(join(path, n)));
}

/** Reads labels.jsonl leniently: each bad line is an issue, the rest are kept (with their raw text for filtering). */
function readLabels(path: string, display: string, issues: ValidationIssue[], maxBytes?: number): Map<string, LabelsLine> {
  const out = new Map<string, LabelsLine>();
  let text: string;
  try {
    text = readRegularText(path, { maxBytes });
  } catch (err) {
    issues.push(makeIssue({ code: 'READ_ERROR', file: display, note: `(${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` }));
    return out;
  }
  for (const { line, raw } of jsonlLines(text)) {
    let value: unknown;
    try {
      value = parseJsonText(raw, display, line);
    } catch (err) {
      const column = err instanceof InputError ? err.location.column : undefined;
      issues.push(makeIssue({ code: 'READ_ERROR', file: display, line, note: `(${(err as Error).message}${column !== undefined ? ` at column ${column}` : ''})` }));
      continue;
    }
    const parsed = LogLabels.safeParse(value);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      issues.push(makeIssue({ code: 'LABELS_MISMATCH', file: display, line, note: `(labels line does not fit the schema at ${first.path.join('.') || 'the record'}: ${first.message})` }));
      continue;
    }
    if (out.has(parsed.data.log_id)) {
      issues.push(makeIssue({ code: 'LABELS_MISMATCH', file: display, line, note: '(second labels line for one log)', actual: parsed.data.log_id }));
      continue;
    }
    out.set(parsed.data.log_id, { labels: parsed.data, raw, line });
  }
  return out;
}

function readManifest(path: string, display: string, issues: ValidationIssue[], maxBytes?: number): Manifest | null {
  try {
    const parsed = Manifest.safeParse(parseJsonText(readRegularText(path, { maxBytes }), display));
    if (parsed.success) return parsed.data;
    issues.push(makeIssue({ code: 'READ_ERROR', file: display, note: `(manifest does not fit the schema at ${parsed.error.issues[0].path.join('.')})` }));
  } catch (err) {
    const at = err instanceof InputError && err.location.line !== undefined ? ` at line ${err.location.line}, column ${err.location.column}` : '';
    issues.push(makeIssue({ code: 'READ_ERROR', file: display, note: `(${(err as Error).message}${at})` }));
  }
  return null;
}

/** A dialect's amount in currency units as cents (`log/money.ts`'s rounding), passing null and undefined through. */
function centsOf(units: number | null | undefined): number | null | undefined {
  return units === null || units === undefined ? units : toCents(units);
}

/**
 * Validates a dataset directory (`logs/`, `labels.jsonl`, `manifest.json`), a plain directory of log files, or a list
 * of files (SPEC §4). All reading happens here; each log is then checked by the pure `validateLog`.
 * A malformed or unreadable file is reported and the next one is read. When the input is one dataset directory,
 * `validation.json` is written into it atomically.
 */
export function validateDataset(paths: string | readonly string[], options: ValidateDatasetOptions = {}): DatasetValidation {
  const inputs = typeof paths === 'string' ? [paths] : [...paths];
  if (inputs.length === 0) throw new UsageError('validate needs at least one file or directory', 'paths');
  const dialect = options.dialect ?? CANONICAL_DIALECT;
  const root = inputs.length === 1 && isDatasetDir(inputs[0]) ? inputs[0] : null;
  const display = (p: string): string => (root ? relative(root, p) || p : p);
  const extra: ValidationIssue[] = [];
  const layout = root ? datasetFiles(root) : null;
  const labelsPath = options.labelsPath ?? (layout && existsSync(layout.labels) ? layout.labels : undefined);
  const labels = labelsPath ? readLabels(labelsPath, display(labelsPath), extra, options.maxFileBytes) : new Map<string, LabelsLine>();
  const manifestPath = layout && existsSync(layout.manifest) ? layout.manifest : undefined;
  const manifest = manifestPath ? readManifest(manifestPath, display(manifestPath), extra, options.maxFileBytes) : null;
  const generated = labelsPath !== undefined || manifestPath !== undefined;
  const manifestPeriod: ValidationPeriod | null = manifest ? manifest.options.period : null;
  // a dataset generated with other row limits is checked against the limits it was made with
  const manifestRows = manifest ? { min: manifest.options.rows_min, max: manifest.options.rows_max } : undefined;
  const dc = dialect.checks;
  // enough kept per log to list what is asked for, never the millions a broken file can yield
  const keptPerLog = Math.max(MAX_KEPT_ISSUES_PER_LOG, options.maxIssuesPerFile ?? 0);
  // a cell a spreadsheet would run as a formula never reaches a clean set: an error under --filter-out (and --strict)
  const resultOptions = { strict: options.strict, keepPerLog: keptPerLog, errorCodes: options.filterOut ? FORMULA_ERROR_CODES : undefined };

  const files = listLogFiles(inputs);
  if (files.length === 0) throw new UsageError(`no log files (.tsv, .csv, .txt) in ${inputs.join(', ')}`, 'paths');
  const results: FileResult[] = [];
  const hashes = new Map<string, string>();
  const seen = new Set<string>();
  const logsByFile = new Map<string, Array<Pick<Log, 'logId' | 'lines'>>>();
  files.forEach((path, k) => {
    const file = display(path);
    const parsed = readLogFile(path, { dialect, file, maxBytes: options.maxFileBytes, hash: manifest !== null });
    if (parsed.sha256 !== undefined) hashes.set(basename(path).replace(/\.[^.]*$/, ''), parsed.sha256);
    const perLog = new Map<Log, CappedIssues>();
    for (const log of parsed.logs) {
      seen.add(log.logId);
      const entry = labels.get(log.logId);
      const l = entry?.labels ?? null;
      perLog.set(
        log,
        validateLogCapped(log, {
          labels: l,
          generated,
          file,
          period: options.period !== undefined ? options.period : l ? l.period : manifestPeriod,
          rowCount: options.rowCount !== undefined ? options.rowCount : manifestRows ?? dc.rowCount,
          reorderWithinDay: options.reorderWithinDay ?? dc.reorderWithinDay,
          toleranceCents: options.toleranceCents ?? centsOf(dc.tolerance) ?? undefined,
          openingBalanceCents: l ? l.opening_balance_cents : centsOf(dc.openingBalance) ?? null,
          refundWindowDays: options.refundWindowDays,
          installmentGraceDays: options.installmentGraceDays,
          only: options.only,
          skip: options.skip,
        }, keptPerLog),
      );
    }
    results.push(fileResult(file, parsed.logs, parsed.issues, perLog, resultOptions));
    // only what --filter-out needs of a many-log file: each log's lines (a one-log file is copied whole)
    if (options.filterOut && parsed.logs.length > 1) logsByFile.set(path, parsed.logs.map((l) => ({ logId: l.logId, lines: l.lines ?? [] })));
    options.onProgress?.(k + 1, files.length);
  });
  if (root) for (const i of completeness(root, manifest, hashes, labelsPath ? labels.size : null, display)) extra.push(i);
  if (labelsPath) {
    for (const [id, entry] of labels) {
      if (!seen.has(id) && root) extra.push(makeIssue({ code: 'LABELS_MISMATCH', file: display(labelsPath), line: entry.line, note: '(labels for a log that has no file)', actual: id }));
    }
  }
  if (extra.length > 0) {
    const byFile = new Map<string, ValidationIssue[]>();
    for (const i of extra) {
      const f = i.file ?? '(dataset)';
      const list = byFile.get(f);
      if (list) list.push(i);
      else byFile.set(f, [i]);
    }
    for (const [f, list] of byFile) results.push(fileResult(f, [], list, new Map(), { ...resultOptions, dataset: true }));
  }
  const report = buildReport(results, { version: VERSION, dialect: dialect.name, maxIssuesPerFile: options.maxIssuesPerFile ?? 50, ran: checksRun(options) });

  let filtered: DatasetValidation['filtered'] = null;
  if (options.filterOut) filtered = filterOut(options.force === true, options.filterOut, files, results, logsByFile, root, labels, labelsPath, options.maxFileBytes);
  let validationPath: string | null = null;
  if (root && options.writeValidationJson !== false) {
    validationPath = datasetFiles(root).validation;
    writeJsonAtomic(validationPath, report);
  }
  return { results, report, validationPath, filtered };
}

/**
 * Copies the logs that passed into `dir`: a file whose logs all pass is copied byte for byte; a many-log file (Berka)
 * with some failing logs is written with its header and the lines of its passing logs only. Labels lines of the
 * passing logs go to `dir/labels.jsonl`. A dataset keeps its layout (`dir/logs/…`). Every write is atomic.
 */
function filterOut(force: boolean, ...args: Parameters<typeof copyPassing>): { dir: string; logs: number; files: number } {
  const [dir, , , , root] = args;
  if (root && resolve(dir) === resolve(root)) throw new UsageError('--filter-out must name a directory other than the dataset', '--filter-out');
  const claim = claimOutputDir(dir, { kind: 'filtered', field: '--filter-out', command: 'cclupe validate', force });
  try {
    return copyPassing(...args);
  } finally {
    claim.release();
  }
}

function copyPassing(
  dir: string,
  files: string[],
  results: FileResult[],
  logsByFile: Map<string, Array<Pick<Log, 'logId' | 'lines'>>>,
  root: string | null,
  labels: Map<string, LabelsLine>,
  labelsPath: string | undefined,
  maxFileBytes?: number,
): { dir: string; logs: number; files: number } {
  const passing = new Set<string>();
  const used = new Set<string>();
  let nFiles = 0;
  files.forEach((path, k) => {
    const r = results[k];
    const ok = new Set(r.logs.filter((l) => l.passed).map((l) => l.logId));
    if (ok.size === 0) return;
    let bytes: Buffer;
    try {
      bytes = readRegularFile(path, { maxBytes: maxFileBytes });
    } catch {
      return;
    }
    let name = root ? relative(root, path) : basename(path);
    if (used.has(name)) name = `${k + 1}-${name}`;
    used.add(name);
    if (ok.size === r.logs.length) writeFileAtomic(join(dir, name), bytes);
    else {
      const keep = new Set<number>();
      for (const log of logsByFile.get(path) ?? []) if (ok.has(log.logId)) for (const l of log.lines ?? []) keep.add(l);
      const text = bytes.toString('utf8');
      const lines = text.split('\n');
      const header = lines.findIndex((l) => l.trim() !== '');
      const out: string[] = [];
      for (let i = 0; i < lines.length; i++) if (i === header || keep.has(i + 1)) out.push(lines[i]);
      writeFileAtomic(join(dir, name), out.join('\n') + '\n');
    }
    for (const id of ok) passing.add(id);
    nFiles++;
  });
  if (labelsPath) {
    const kept = [...labels.values()].filter((e) => passing.has(e.labels.log_id)).sort((a, b) => a.line - b.line);
    writeFileAtomic(datasetFiles(dir).labels, kept.map((e) => e.raw + '\n').join(''));
  }
  return { dir, logs: passing.size, files: nFiles };
}
