import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { readRegularFile, UnreadableFileError } from './read-regular.js';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import type { Issue } from '../schema/issue.js';
import { makeIssue } from '../schema/issue-codes.js';
import { parseLogBytes, type BytesSource, type ParseLogOptions, type ParsedLogText } from '../reader/parse-log.js';

/** File name endings read as transaction logs when a directory is listed. */
export const LOG_FILE_EXTENSIONS = ['.tsv', '.csv', '.txt'] as const;

function isLogName(name: string): boolean {
  return !name.startsWith('.') && LOG_FILE_EXTENSIONS.some((e) => name.toLowerCase().endsWith(e));
}

function listDir(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    // a directory, FIFO or device of a log's name is listed, and reading reports it: never skipped silently
    .filter((e) => isLogName(e.name))
    .map((e) => join(dir, e.name))
    .sort();
}

/**
 * The log files named by `paths`, in a stable order: a file stays as given; a dataset directory (one with `logs/`)
 * gives `logs/*.tsv|csv|txt`; any other directory gives its own such files (not recursive, hidden files skipped).
 * A path that does not exist is kept, so that reading it reports a `READ_ERROR` rather than the run crashing.
 */
export function listLogFiles(paths: string | readonly string[]): string[] {
  const out: string[] = [];
  for (const p of typeof paths === 'string' ? [paths] : paths) {
    let isDir = false;
    try {
      isDir = statSync(p).isDirectory();
    } catch {
      out.push(p);
      continue;
    }
    if (!isDir) {
      out.push(p);
      continue;
    }
    const logsDir = join(p, 'logs');
    let hasLogs = false;
    try {
      hasLogs = statSync(logsDir).isDirectory();
    } catch {
      hasLogs = false;
    }
    try {
      for (const x of listDir(hasLogs ? logsDir : p)) out.push(x);
    } catch {
      out.push(p);
    }
  }
  return out;
}

/**
 * Reads one transaction file from disk and parses it (`parseLogText`). Never throws: an unreadable file
 * (missing, no permission, a directory, FIFO or device, larger than `maxBytes`) is one `READ_ERROR` issue naming
 * why, and no logs. Only regular files are read (checked with `fstat` after a non-blocking open).
 */
export function readLogFile(path: string, opts: Omit<ParseLogOptions, 'file'> & { file?: string; maxBytes?: number; hash?: boolean } = {}): ParsedLogText {
  const file = opts.file ?? path;
  const source: BytesSource = { bytes: null };
  try {
    source.bytes = readRegularFile(path, { maxBytes: opts.maxBytes, display: file });
  } catch (err) {
    const note = err instanceof UnreadableFileError ? err.message : ((err as NodeJS.ErrnoException).code ?? (err as Error).message);
    return { logs: [], issues: [makeIssue({ code: 'READ_ERROR', file, note: `(${note})` })] };
  }
  const { maxBytes: _max, hash, ...parse } = opts;
  const sha256 = hash ? createHash('sha256').update(source.bytes).digest('hex') : undefined;
  // the reader takes the bytes and lets them go once decoded: a file's bytes and its text are never both held while
  // its rows are read (issue 15: validate's peak memory)
  const parsed = parseLogBytes(source, { ...parse, file });
  if (sha256 !== undefined) parsed.sha256 = sha256;
  return parsed;
}

/**
 * The reader's first error on a file as an `InputError` at its file, line and column (the column's name in the
 * message: `amount: not a number: got abc (BAD_NUMBER; run cclupe validate)`), or null when it raised none. Warnings do not count.
 */
export function firstReadError(issues: readonly Issue[], file: string): InputError | null {
  const bad = issues.find((i) => i.severity === 'error');
  if (!bad) return null;
  const what = `${bad.column !== undefined ? `${bad.column}: ` : ''}${bad.message} (${bad.code}; run cclupe validate)`;
  return new InputError(what, { file: bad.file ?? file, ...(bad.line !== undefined ? { line: bad.line } : {}) });
}

/**
 * Reads one log file whole or not at all (`readLogFile`, then `firstReadError`): the one path by which the commands
 * that compute on a dataset's logs read them, so that a row the reader cannot read is an `InputError` naming file,
 * line and column and never a row silently left out of an answer, a reference or an export.
 */
export function readWholeLogFile(path: string, opts: Parameters<typeof readLogFile>[1] = {}): ParsedLogText {
  const parsed = readLogFile(path, opts);
  const err = firstReadError(parsed.issues, opts.file ?? path);
  if (err) throw err;
  return parsed;
}
