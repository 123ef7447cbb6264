import { createHash } from 'node:crypto';

import { basename } from 'node:path';
import { InputError, UsageError } from '../errors.js';
import { ReferenceSketch } from '../drift/accumulator.js';
import { Reference } from '../schema/reference.js';
import type { Dialect } from '../schema/dialect.js';
import type { ClientKind, Log } from '../schema/log-row.js';
import type { Issue } from '../schema/issue.js';
import { firstReadError, listLogFiles } from './log-files.js';
import { parseLogText } from '../reader/parse-log.js';
import { writeFileAtomic } from './atomic-write.js';
import { readRegularFile, readRegularText } from './read-regular.js';
import { parseJsonText } from './json-text.js';

const MOD_256 = 1n << 256n;

/**
 * An order-independent hash of a corpus in constant memory: each file gives the line `<sha256 of bytes>  <file name>`
 * (the `sha256sum` layout), the lines' sha256 values are summed modulo 2^256 (a multiset hash, Bellare–Micciancio's
 * AdHash), and the digest is sha256 of `cclupe-corpus-v1`, the file count and that sum. File names only, not
 * directories, so a corpus hashes the same wherever it sits, and a corpus generated in memory hashes the same as the
 * `<log_id>.tsv` files `cclupe generate` writes. Nothing per file is kept, so a million-file corpus costs no memory.
 */
export class CorpusHasher {
  private sum = 0n;
  private count = 0;

  /** Adds one file's bytes. */
  add(name: string, bytes: string | Uint8Array): void {
    const line = `${createHash('sha256').update(bytes).digest('hex')}  ${basename(name)}`;
    this.sum = (this.sum + BigInt(`0x${createHash('sha256').update(line).digest('hex')}`)) % MOD_256;
    this.count++;
  }

  /** Files added so far. */
  get files(): number {
    return this.count;
  }

  /** `sha256:<hex>` of the corpus. */
  digest(): string {
    const body = `cclupe-corpus-v1\n${this.count}\n${this.sum.toString(16).padStart(64, '0')}\n`;
    return `sha256:${createHash('sha256').update(body).digest('hex')}`;
  }
}

/**
 * Whether logs read with a dialect carry a real channel: some channel source copies a column as it is. A channel
 * only derived from other columns (Berka maps it from `operation` with a default) is not measured but made up,
 * so drift treats channel as unavailable for such a source.
 */
export function dialectCarriesChannel(dialect: Dialect | undefined): boolean {
  if (!dialect) return true;
  return dialect.fields.channel.sources.some((s) => typeof s === 'string' || ('column' in s && !('map' in s && s.map)));
}

/** The client kind of a log: declared by the log (or its dialect), else read from a generated id (`p000017`, `s000017`). */
export function clientKindOf(log: Pick<Log, 'clientKind' | 'logId'>): ClientKind | undefined {
  if (log.clientKind) return log.clientKind;
  if (/^p\d{6,}$/.test(log.logId)) return 'personal';
  if (/^s\d{6,}$/.test(log.logId)) return 'sme';
  return undefined;
}

/** What streaming a corpus saw. */
export interface CorpusStreamSummary {
  files: number;
  logs: number;
  rows: number;
  corpusHash: string;
  /** Error-severity issues met while reading (their logs may still have been used, as the reader returned them). */
  errors: number;
  /** The first few error issues, for a message. */
  firstErrors: Issue[];
}

/**
 * Streams the logs of files and directories (`listLogFiles`) one file at a time, hashing the bytes as they are read:
 * memory holds one file, never the corpus. `onLog` gets each log with whether its source carries a channel. A row the
 * reader cannot read stops the stream with an `InputError` unless `onIssues` takes the issues (`cclupe fit` leaves
 * such rows out and says so).
 */
export function streamCorpus(
  paths: readonly string[],
  options: {
    dialect?: Dialect;
    onLog: (log: Log, info: { hasChannel: boolean; kind: ClientKind | undefined }) => void;
    onFile?: () => void;
    /**
     * Every issue the reader raised on a file, before its logs are passed on (it may throw to stop). Without it a
     * reader error is an `InputError` at its file, line and column (`firstReadError`): no row is left out silently.
     */
    onIssues?: (issues: readonly Issue[], file: string) => void;
  },
): CorpusStreamSummary {
  const hasher = new CorpusHasher();
  const hasChannel = dialectCarriesChannel(options.dialect);
  let logs = 0;
  let rows = 0;
  let errors = 0;
  const firstErrors: Issue[] = [];
  for (const file of listLogFiles(paths)) {
    let bytes: Buffer;
    try {
      bytes = readRegularFile(file);
    } catch (err) {
      throw new InputError(`cannot read log file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { file });
    }
    hasher.add(file, bytes);
    const parsed = parseLogText(bytes, { file, ...(options.dialect ? { dialect: options.dialect } : {}) });
    if (options.onIssues) options.onIssues(parsed.issues, file);
    else {
      const err = firstReadError(parsed.issues, file);
      if (err) throw err;
    }
    for (const issue of parsed.issues) {
      if (issue.severity !== 'error') continue;
      errors++;
      if (firstErrors.length < 3) firstErrors.push(issue);
    }
    for (const log of parsed.logs) {
      logs++;
      rows += log.rows.length;
      options.onLog(log, { hasChannel, kind: clientKindOf(log) });
    }
    options.onFile?.();
  }
  return { files: hasher.files, logs, rows, corpusHash: hasher.digest(), errors, firstErrors };
}

/** Reads and validates a reference file; a bad file is an `InputError` naming the field. */
export function readReference(path: string): Reference {
  const value = parseJsonText(readRegularText(path), path);
  const parsed = Reference.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${issue.path.join('.') || '(reference)'}: ${issue.message}`, { file: path });
  }
  return parsed.data;
}

/** JSON with two-space indentation but arrays of numbers or strings kept on one line, so references stay readable. */
export function formatReferenceJson(value: unknown): string {
  const marker = '\u0000';
  const text = JSON.stringify(
    value,
    (_k, v) => (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object') ? marker + JSON.stringify(v) + marker : v),
    2,
  );
  return text.replace(/"\\u0000(.*?)\\u0000"/g, (_m, inner: string) => JSON.parse(`"${inner}"`)) + '\n';
}

/** Writes a reference file atomically. */
export function writeReference(path: string, reference: Reference): void {
  writeFileAtomic(path, formatReferenceJson(reference));
}

/**
 * Builds a reference from log files in one streaming pass (`streamCorpus` into a `ReferenceSketch`, then `fit`).
 * No readable log is an `InputError` naming the first problem; no file at all is a `UsageError`.
 */
export function buildReferenceFromFiles(
  paths: readonly string[],
  options: { dialect?: Dialect; dialectLabel?: string; bins: number; label?: string; createdBy: string; onFile?: () => void },
): Reference {
  const files = listLogFiles(paths);
  if (files.length === 0) throw new UsageError(`no log files found in ${paths.join(', ')}`, 'paths');
  const sketch = new ReferenceSketch();
  const summary = streamCorpus(paths, {
    dialect: options.dialect,
    onLog: (log, info) => sketch.add(log, { kind: info.kind, caps: { timeOfDay: log.hasTimeOfDay, channel: info.hasChannel } }),
    onFile: options.onFile,
  });
  if (summary.logs === 0) {
    const first = summary.firstErrors[0];
    throw new InputError(first ? `no logs could be read: ${first.message}` : 'no logs could be read', { file: first?.file ?? files[0] });
  }
  const label = options.label ?? (options.dialectLabel ? `dialect ${options.dialectLabel}` : undefined);
  return sketch.fit({
    bins: options.bins,
    createdBy: options.createdBy,
    source: { corpusHash: summary.corpusHash, files: summary.files, logs: summary.logs, rows: summary.rows, ...(label ? { label } : {}) },
  });
}
