import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { z } from 'zod';
import type { Dialect } from '../schema/dialect.js';
import { ITEM_FLOAT_FIELDS, Item } from '../schema/item.js';
import { LogLabels } from '../schema/labels.js';
import { PerturbRecord } from '../schema/perturb-manifest.js';
import type { ClientKind, Log } from '../schema/log-row.js';
import type { InjectedRows } from '../validity/injection.js';
import type { OracleLog } from '../validity/other-log.js';
import { InputError, UsageError } from '../errors.js';
import { writeFileAtomic, writeJsonAtomic } from './atomic-write.js';
import { insideDataset } from './contained-path.js';
import { readDialect } from './dialect-read.js';
import { formatJsonl, parseJsonl, parseJsonlLine } from './jsonl.js';
import { firstReadError, listLogFiles, readLogFile } from './log-files.js';
import type { ParsedLogText } from '../reader/parse-log.js';
import { readRegularFile, readRegularText } from './read-regular.js';
import { parseJsonText, withoutBom } from './json-text.js';

/**
 * The dataset directory (SPEC §10), read and written by every command through this module: where each file is
 * (`datasetFiles`), and `openDataset`, the one reader that joins logs, labels, manifest and questions. The commands'
 * views (`validate-dataset.ts`, `perturb-dataset.ts`, `eval-dataset.ts`) read through it and add only what their
 * command does with the files.
 */
export interface DatasetFiles {
  dir: string;
  /** `logs/`: one `<log_id>.tsv` per log. */
  logs: string;
  labels: string;
  manifest: string;
  questions: string;
  /** `dialects/`: the dialect of each reformatted log (`<log_id>.json`), as `cclupe perturb` writes it. */
  dialects: string;
  /** `validation.json`, written by `cclupe validate`. */
  validation: string;
  /** `perturbations.jsonl` of a perturbed dataset. */
  perturbations: string;
}

/** The files of the dataset directory `dir`. */
export function datasetFiles(dir: string): DatasetFiles {
  return {
    dir,
    logs: join(dir, 'logs'),
    labels: join(dir, 'labels.jsonl'),
    manifest: join(dir, 'manifest.json'),
    questions: join(dir, 'questions.jsonl'),
    dialects: join(dir, 'dialects'),
    validation: join(dir, 'validation.json'),
    perturbations: join(dir, 'perturbations.jsonl'),
  };
}

/** `logs/<log_id>.tsv` of a dataset. */
export function logFileOf(dir: string, logId: string): string {
  return join(dir, 'logs', `${logId}.tsv`);
}

/** `dialects/<log_id>.json` of a dataset. */
export function dialectFileOf(dir: string, logId: string): string {
  return join(dir, 'dialects', `${logId}.json`);
}

/** What a log takes from its labels line: the client kind, for SME the business category, and the profile. */
export interface LabelFacts {
  client_kind?: ClientKind;
  business_category?: string | null;
  /** The generator profile, when the labels name one. */
  profile?: string;
}

/**
 * Joins a log with its labels: the client kind and business category the file does not carry. `override` lets the
 * labels win over what the reader found (perturbation sources, whose labels are the truth); otherwise they only fill
 * what is missing.
 */
export function joinLabelFacts(log: Log, facts: LabelFacts | null | undefined, override = false): Log {
  if (!facts) return log;
  if (override) return { ...log, clientKind: facts.client_kind, businessCategory: facts.business_category ?? undefined };
  if (facts.client_kind && !log.clientKind) log.clientKind = facts.client_kind;
  if (facts.business_category && !log.businessCategory) log.businessCategory = facts.business_category;
  if (facts.profile && !log.profile) log.profile = facts.profile;
  return log;
}

/** One non-blank line of `labels.jsonl` read leniently: JSON with a string `log_id`, the rest as written. */
export interface LabelsRecord {
  /** Line number, from 1. */
  line: number;
  /** The line as written (less a trailing CR). */
  raw: string;
  value: { log_id: string } & Record<string, unknown>;
}

/**
 * The lines of a JSON Lines text, each with its number (from 1), blank ones left out and a trailing CR removed: the
 * one splitter of every labels reader (strict ones throw on a bad line, the validator's turns it into an issue).
 */
export function* jsonlLines(text: string): Generator<{ line: number; raw: string }> {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = (i === 0 ? withoutBom(lines[i]) : lines[i]).replace(/\r$/, '');
    if (raw.trim() !== '') yield { line: i + 1, raw };
  }
}

/** What `Dataset.logs` read: every log, with client kind and business category joined from the labels. */
export interface DatasetLogs {
  logs: Log[];
  /** Files that hold no log (a header and no rows); a file with a row the reader cannot read is an `InputError`. */
  unreadable: string[];
  /** Master seed from manifest.json, when present. */
  masterSeed: string | null;
}

/** Where one record of a JSON Lines file is: its bytes and its line number. */
interface LineSpan {
  start: number;
  end: number;
  line: number;
}

/**
 * A JSON Lines file indexed by log id, so that one log's records are read on their own: opening it reads and
 * validates every line (a bad line is an `InputError` then, before any work) but keeps only where each line is.
 * With `lastOnly`, a log id keeps its last record (as a map built from the whole file would).
 */
export class JsonlByLog<T> {
  private readonly spans = new Map<string, LineSpan[]>();
  private fd: number | null = null;

  constructor(
    private readonly path: string,
    private readonly schema: z.ZodType<T>,
    keyOf: (record: T) => string,
    lastOnly: boolean,
  ) {
    if (!existsSync(path)) return;
    const buf = readRegularFile(path);
    let line = 0;
    for (let start = 0; start <= buf.length; ) {
      const nl = buf.indexOf(10, start);
      const end = nl < 0 ? buf.length : nl;
      line++;
      const record = parseJsonlLine(buf.toString('utf8', start, end), schema, path, line);
      if (record !== undefined) {
        const id = keyOf(record);
        const list = this.spans.get(id);
        if (list && !lastOnly) list.push({ start, end, line });
        else this.spans.set(id, [{ start, end, line }]);
      }
      if (nl < 0) break;
      start = nl + 1;
    }
    if (this.spans.size > 0) this.fd = openSync(path, 'r');
  }

  /** The records of one log, in file order. */
  read(id: string): T[] {
    const spans = this.spans.get(id);
    if (!spans || this.fd === null) return [];
    return spans.map((s) => {
      const buf = Buffer.allocUnsafe(s.end - s.start);
      let got = 0;
      while (got < buf.length) {
        const n = readSync(this.fd!, buf, got, buf.length - got, s.start + got);
        if (n === 0) throw new InputError('file changed while it was read', { file: this.path, line: s.line });
        got += n;
      }
      const record = parseJsonlLine(buf.toString('utf8'), this.schema, this.path, s.line);
      if (record === undefined) throw new InputError('file changed while it was read', { file: this.path, line: s.line });
      return record;
    });
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/**
 * A dataset directory opened for reading: each file is read when first asked for (labels once), paths built from
 * data stay inside the directory (`insideDataset`), and a bad line or file is an `InputError` naming file and line.
 */
export class Dataset {
  readonly files: DatasetFiles;
  private labelLines: LabelsRecord[] | null = null;
  private corrupted: ReadonlySet<string> | null = null;

  constructor(readonly dir: string) {
    this.files = datasetFiles(dir);
  }

  /** Whether the dataset has `questions.jsonl`. */
  hasQuestions(): boolean {
    return existsSync(this.files.questions);
  }

  /** The bytes of `questions.jsonl` (for a content hash). */
  questionBytes(): Buffer {
    return readRegularFile(this.files.questions);
  }

  /** The items of `questions.jsonl`, validated; from `bytes` when the caller has read them already. */
  questions(bytes?: Buffer): Item[] {
    const text = bytes ? bytes.toString('utf8') : readRegularText(this.files.questions);
    return parseJsonl(text, Item, this.files.questions);
  }

  /** `questions.jsonl` indexed by log id, for reading one log's items at a time. */
  questionsByLog(): JsonlByLog<Item> {
    return new JsonlByLog(this.files.questions, Item, (it) => it.log_id, false);
  }

  /** `labels.jsonl` validated against the labels schema and indexed by log id (the last line of a log wins). */
  labelsByLog(): JsonlByLog<LogLabels> {
    return new JsonlByLog(this.files.labels, LogLabels, (l) => l.log_id, true);
  }

  /**
   * The lines of `labels.jsonl` read leniently (none when there is no such file): only JSON and a string `log_id`
   * are required, so that a command reads the fields it uses from datasets of other versions.
   */
  labels(): LabelsRecord[] {
    if (this.labelLines) return this.labelLines;
    const path = this.files.labels;
    const out: LabelsRecord[] = [];
    if (existsSync(path)) {
      for (const { line, raw } of jsonlLines(readRegularText(path))) {
        const value = parseJsonText(raw, path, line) as { log_id?: unknown };
        if (typeof value?.log_id !== 'string') throw new InputError('log_id: expected a string', { file: path, line, column: 1 });
        out.push({ line, raw, value: value as LabelsRecord['value'] });
      }
    }
    return (this.labelLines = out);
  }

  /** Each log's client kind, business category and profile from `labels.jsonl`. */
  labelFacts(): Map<string, LabelFacts> {
    const out = new Map<string, LabelFacts>();
    for (const { value: rec } of this.labels()) {
      const kind = rec.client_kind === 'personal' || rec.client_kind === 'sme' ? rec.client_kind : undefined;
      out.set(rec.log_id, {
        client_kind: kind,
        business_category: typeof rec.business_category === 'string' ? rec.business_category : null,
        ...(typeof rec.profile === 'string' ? { profile: rec.profile } : {}),
      });
    }
    return out;
  }

  /** The master seed of `manifest.json`, or null without a manifest or a seed in it. */
  masterSeed(): string | null {
    const m = this.manifestJson();
    return typeof m?.master_seed === 'string' ? m.master_seed : null;
  }

  /** `manifest.json` as plain JSON, or null without one; a file that is not JSON is an `InputError`. */
  private manifestJson(): { master_seed?: unknown; logs?: unknown } | null {
    const manifest = this.files.manifest;
    if (!existsSync(manifest)) return null;
    return parseJsonText(readRegularText(manifest), manifest) as { master_seed?: unknown; logs?: unknown };
  }

  /**
   * The log files, sorted (`logs/*` of a dataset, or the log files of a plain directory). A dataset is read whole or
   * not at all: `logs` that is not a directory, or a log that `labels.jsonl` or `manifest.json` names without a
   * regular file `logs/<id>.tsv`, is an `InputError` naming it (a directory of a log's name is listed, and reading
   * refuses it).
   */
  logFiles(): string[] {
    const logsDir = this.files.logs;
    if (existsSync(logsDir) && !statSync(logsDir).isDirectory()) throw new InputError('logs is not a directory', { file: logsDir });
    const files = listLogFiles(this.dir);
    if (!existsSync(logsDir)) return files;
    const present = new Set(files.map((f) => basename(f)));
    for (const { id, file, line } of this.namedLogs()) {
      if (present.has(`${id}.tsv`)) continue;
      throw new InputError(`log ${id} named by ${basename(file)}${line ? ` line ${line}` : ''} is missing`, { file: join(logsDir, `${id}.tsv`) });
    }
    return files;
  }

  /** The logs `labels.jsonl` and `manifest.json` name, with where each is named (labels first). */
  private namedLogs(): Array<{ id: string; file: string; line?: number }> {
    const out: Array<{ id: string; file: string; line?: number }> = this.labels().map(({ line, value }) => ({ id: value.log_id, file: this.files.labels, line }));
    const logs = this.manifestJson()?.logs;
    if (!Array.isArray(logs)) return out;
    for (const l of logs) if (typeof (l as { log_id?: unknown })?.log_id === 'string') out.push({ id: (l as { log_id: string }).log_id, file: this.files.manifest });
    return out;
  }

  /**
   * The logs a perturbed dataset corrupted on purpose (`perturbations.jsonl`: applied and not preserving): their
   * unreadable rows are what a model is asked about (the integrity item), so they are read as far as they go.
   */
  corruptedOnPurpose(): ReadonlySet<string> {
    if (this.corrupted) return this.corrupted;
    const path = this.files.perturbations;
    const records = existsSync(path) ? parseJsonl(readRegularText(path), PerturbRecord, path) : [];
    return (this.corrupted = new Set(records.filter((r) => r.status === 'applied' && !r.preserving).map((r) => r.log_id)));
  }

  /** Refuses a file of log `id` on which the reader raised an error, unless the dataset corrupted that log on purpose. */
  private whole(id: string, parsed: ParsedLogText, file: string): ParsedLogText {
    const err = firstReadError(parsed.issues, file);
    if (err && !this.corruptedOnPurpose().has(id)) throw err;
    return parsed;
  }

  /** The log files with the log id each file is named after, in log-id order. */
  logFilesById(): Array<{ path: string; id: string }> {
    return this.logFiles()
      .map((path) => ({ path, id: basename(path).replace(/\.[^.]+$/, '') }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** `logs/<id>.tsv`, refused when a log id from the data would lead out of the directory. */
  logPath(id: string): string {
    return insideDataset(this.dir, `log ${id}`, 'logs', `${id}.tsv`);
  }

  /** The dialect of log `id` from `dialects/<id>.json`, when the dataset has one for it. */
  dialectOf(id: string): Dialect | undefined {
    const path = insideDataset(this.dir, `dialect of log ${id}`, 'dialects', `${id}.json`);
    return existsSync(path) ? readDialect(path) : undefined;
  }

  /**
   * Reads log `id` from `path` (in `dialect`, canonical by default): the log of that id, or the file's first.
   * A file that yields no log is an `InputError` with the reader's first issue.
   */
  readLog(id: string, path: string, dialect?: Dialect): Log {
    const parsed = this.whole(id, readLogFile(path, { logId: id, dialect }), path);
    const log = parsed.logs.find((l) => l.logId === id) ?? parsed.logs[0];
    if (!log) {
      const first = parsed.issues[0];
      throw new InputError(`log ${id} could not be read${first ? `: ${first.message}` : ''}`, { file: path });
    }
    return log;
  }

  /**
   * Log `id` from `logs/<id>.tsv` in its own dialect (`dialectOf`), with the file's bytes and that dialect; null when
   * the file is missing.
   */
  logWithBytes(id: string): { path: string; bytes: Buffer; dialect: Dialect | undefined; log: Log } | null {
    const path = this.logPath(id);
    if (!existsSync(path)) return null;
    const bytes = readRegularFile(path);
    const dialect = this.dialectOf(id);
    return { path, bytes, dialect, log: this.readLog(id, path, dialect) };
  }

  /** Log `id` as `cclupe show` finds it: `logs/<id>.tsv` or `<id>.tsv`, with its labels joined. */
  findLog(id: string): Log {
    const candidates = [this.logPath(id), insideDataset(this.dir, `log ${id}`, `${id}.tsv`)];
    const file = candidates.find((f) => existsSync(f));
    if (!file) throw new InputError(`no log file for ${id} (looked for logs/${id}.tsv)`, { file: this.files.logs });
    const parsed = this.whole(id, readLogFile(file), file);
    const log = parsed.logs.find((l) => l.logId === id) ?? (parsed.logs.length === 1 && basename(file) === `${id}.tsv` ? parsed.logs[0] : undefined);
    if (!log) throw new InputError(`could not read ${id}: ${parsed.issues[0]?.code ?? 'no rows'}`, { file });
    return joinLabelFacts(log, this.labelFacts().get(id));
  }

  /**
   * Reads every log (canonical reader), joining client kind and category from the labels; a file with a row the
   * reader cannot read is an `InputError` at its line (`whole`), a file of no rows is listed as unreadable. `select` keeps a part of the sorted list of log files (a shard's range),
   * `onFiles`/`onFile` report progress.
   */
  logs(opts: { select?(files: string[]): string[]; onFiles?(total: number): void; onFile?(): void } = {}): DatasetLogs {
    const labels = this.labelFacts();
    const logs: Log[] = [];
    const unreadable: string[] = [];
    const all = this.logFiles();
    const files = opts.select ? opts.select(all) : all;
    opts.onFiles?.(files.length);
    for (const file of files) {
      const parsed = this.whole(basename(file).replace(/\.[^.]+$/, ''), readLogFile(file), file);
      opts.onFile?.();
      if (parsed.logs.length === 0) {
        unreadable.push(`${file}: ${parsed.issues.find((i) => i.severity === 'error')?.code ?? 'no rows'}`);
        continue;
      }
      for (const log of parsed.logs) logs.push(joinLabelFacts(log, labels.get(log.logId)));
    }
    return { logs, unreadable, masterSeed: this.masterSeed() };
  }

  /** Writes `questions.jsonl` and `questions-coverage.json` atomically. */
  writeQuestions(items: readonly Item[], coverage: unknown): { questions: string; coverage: string } {
    const q = this.files.questions;
    const c = join(this.dir, 'questions-coverage.json');
    writeFileAtomic(q, formatJsonl(items, ITEM_FLOAT_FIELDS));
    writeJsonAtomic(c, coverage);
    return { questions: q, coverage: c };
  }
}

/** Opens the dataset directory (or plain directory of log files) `dir` for reading; nothing is read yet. */
export function openDataset(dir: string): Dataset {
  return new Dataset(dir);
}

/** A dataset as the validity audit reads it: items, logs with profile and kind, injected rows, master seed. */
export interface ValidityDataset {
  dir: string;
  items: Item[];
  logs: OracleLog[];
  injected: InjectedRows[];
  masterSeed: string | null;
}

/** The items of a dataset for the audit; a missing or empty `questions.jsonl` is a usage error (nothing to audit). */
export function readAuditItems(dir: string): Item[] {
  const ds = openDataset(dir);
  const file = ds.files.questions;
  if (!ds.hasQuestions()) throw new UsageError(`${file} does not exist; build it with cclupe questions (or generate --questions)`, 'dataset');
  const items = ds.questions();
  if (items.length === 0) throw new UsageError(`${file} holds no questions`, 'dataset');
  return items;
}

/** Reads a dataset for the audit: questions, logs, and from labels.jsonl each log's profile and injected rows. */
export function readValidityDataset(dir: string): ValidityDataset {
  const items = readAuditItems(dir);
  const ds = openDataset(dir);
  const data = ds.logs();
  const profiles = new Map<string, { profile: string; kind: ClientKind }>();
  const injected: InjectedRows[] = [];
  for (const { value } of ds.labels()) {
    const rec = value as { log_id: string; profile?: unknown; client_kind?: unknown; signals?: Record<string, { injected?: unknown; evidence?: unknown }> };
    const kind: ClientKind | null = rec.client_kind === 'personal' || rec.client_kind === 'sme' ? rec.client_kind : null;
    if (kind) profiles.set(rec.log_id, { profile: typeof rec.profile === 'string' ? rec.profile : kind, kind });
    for (const [signal, s] of Object.entries(rec.signals ?? {})) {
      if (s && s.injected === true && Array.isArray(s.evidence)) {
        injected.push({ logId: rec.log_id, signal, txnIds: s.evidence.filter((x): x is string => typeof x === 'string') });
      }
    }
  }
  const logs: OracleLog[] = [];
  for (const log of data.logs) {
    const p = profiles.get(log.logId);
    const kind = p?.kind ?? log.clientKind ?? (log.logId.startsWith('s') ? 'sme' : 'personal');
    logs.push({ log, profile: p?.profile ?? kind, kind });
  }
  return { dir, items, logs, injected, masterSeed: data.masterSeed };
}
