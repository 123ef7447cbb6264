import type { ClientKind, Log } from '../schema/log-row.js';
import type { Dialect } from '../schema/dialect.js';
import type { Issue } from '../schema/issue.js';
import { InputError, UsageError } from '../errors.js';
import { listLogFiles } from './log-files.js';
import { streamCorpus } from './reference-file.js';

/** What reading a corpus for `cclupe fit` saw: counts, the hash, and every row that could not be read. */
export interface FitCorpusSummary {
  files: number;
  logs: number;
  rows: number;
  corpusHash: string;
  /** Error issues of rows left out (file and line each), in reading order. */
  unreadable: Issue[];
  /** Rows left out: one per unreadable line. */
  unreadableRows: number;
}

/**
 * Streams the logs of files and directories one file at a time for a fit (`streamCorpus`: memory holds one file,
 * never the corpus). A file whose header lacks a column the dialect needs is an `InputError` naming the file and the
 * column; rows that fail to parse are left out of the logs by the reader and returned as issues with file and line,
 * never dropped silently. `onLog` gets each readable log with its source's capabilities and client kind.
 */
export function streamFitCorpus(
  paths: readonly string[],
  options: { dialect?: Dialect; onLog: (log: Log, info: { channel: boolean; timeOfDay: boolean; kind: ClientKind | undefined }) => void; onFile?: () => void },
): FitCorpusSummary {
  if (listLogFiles(paths).length === 0) throw new UsageError(`no log files found in ${paths.join(', ')}`, 'paths');
  const unreadable: Issue[] = [];
  let unreadableRows = 0;
  const summary = streamCorpus(paths, {
    dialect: options.dialect,
    onIssues: (issues, file) => {
      const header = issues.find((i) => i.severity === 'error' && i.code === 'HEADER');
      if (header) throw new InputError(`${header.message}; cclupe fit needs the date, type, amount and balance of every row`, { file, line: header.line ?? 1 });
      for (const issue of issues) if (issue.severity === 'error' && issue.line !== undefined) unreadable.push(issue);
    },
    onLog: (log, info) => {
      unreadableRows += log.unreadableLines?.length ?? 0;
      options.onLog(log, { channel: info.hasChannel, timeOfDay: log.hasTimeOfDay, kind: info.kind });
    },
    onFile: options.onFile,
  });
  return { files: summary.files, logs: summary.logs, rows: summary.rows, corpusHash: summary.corpusHash, unreadable, unreadableRows };
}
