import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { makeIssue } from '../schema/issue-codes.js';
import { parseLogText, type ParseLogOptions, type ParsedLogText } from '../reader/parse-log.js';

/** File name endings read as transaction logs when a directory is listed. */
export const LOG_FILE_EXTENSIONS = ['.tsv', '.csv', '.txt'] as const;

function isLogName(name: string): boolean {
  return !name.startsWith('.') && LOG_FILE_EXTENSIONS.some((e) => name.toLowerCase().endsWith(e));
}

function listDir(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => (e.isFile() || e.isSymbolicLink()) && isLogName(e.name))
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
      out.push(...listDir(hasLogs ? logsDir : p));
    } catch {
      out.push(p);
    }
  }
  return out;
}

/**
 * Reads one transaction file from disk and parses it (`parseLogText`). Never throws: an unreadable file
 * (missing, a directory, no permission) is one `READ_ERROR` issue and no logs.
 */
export function readLogFile(path: string, opts: Omit<ParseLogOptions, 'file'> & { file?: string } = {}): ParsedLogText {
  const file = opts.file ?? path;
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    return { logs: [], issues: [makeIssue({ code: 'READ_ERROR', file, note: `(${code})` })] };
  }
  return parseLogText(bytes, { ...opts, file });
}
