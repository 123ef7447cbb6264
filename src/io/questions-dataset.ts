import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Log } from '../schema/log-row.js';
import type { Item } from '../schema/item.js';
import { ITEM_FLOAT_FIELDS, Item as ItemSchema } from '../schema/item.js';
import { InputError } from '../errors.js';
import { listLogFiles, readLogFile } from './log-files.js';
import { formatJsonl, parseJsonl } from './jsonl.js';
import { writeFileAtomic, writeJsonAtomic } from './atomic-write.js';
import { datasetFiles, joinLabelFacts, logFileOf, type LabelFacts } from './dataset.js';
import { readRegularText } from './read-regular.js';
import { insideDataset } from './contained-path.js';

/** What the questions command needs from a dataset directory: its logs, with client kind and business category. */
export interface DatasetLogs {
  logs: Log[];
  /** Files that could not be read as logs, with the reader's first issue. */
  unreadable: string[];
  /** Master seed from manifest.json, when present. */
  masterSeed: string | null;
}

/** Reads labels.jsonl leniently: only `log_id`, `client_kind`, `business_category` and `profile` are used here. */
export function readLabelFacts(dir: string): Map<string, LabelFacts> {
  const path = datasetFiles(dir).labels;
  const out = new Map<string, LabelFacts>();
  if (!existsSync(path)) return out;
  const lines = readRegularText(path).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    let rec: { log_id?: unknown; client_kind?: unknown; business_category?: unknown; profile?: unknown };
    try {
      rec = JSON.parse(line);
    } catch (err) {
      throw new InputError(`invalid JSON: ${(err as Error).message}`, { file: path, line: i + 1, column: 1 });
    }
    if (typeof rec.log_id !== 'string') throw new InputError('log_id: expected a string', { file: path, line: i + 1, column: 1 });
    const kind = rec.client_kind === 'personal' || rec.client_kind === 'sme' ? rec.client_kind : undefined;
    out.set(rec.log_id, {
      client_kind: kind,
      business_category: typeof rec.business_category === 'string' ? rec.business_category : null,
      ...(typeof rec.profile === 'string' ? { profile: rec.profile } : {}),
    });
  }
  return out;
}

/**
 * Reads every log of a dataset directory (or a folder of TSV files), joining client kind and category from labels;
 * `select` keeps a part of the sorted list of log files (a shard's range), `onFiles`/`onFile` report progress.
 */
export function readDatasetLogs(
  dir: string,
  opts: { select?(files: string[]): string[]; onFiles?(total: number): void; onFile?(): void } = {},
): DatasetLogs {
  const labels = readLabelFacts(dir);
  const logs: Log[] = [];
  const unreadable: string[] = [];
  const all = listLogFiles(dir);
  const files = opts.select ? opts.select(all) : all;
  opts.onFiles?.(files.length);
  for (const file of files) {
    const parsed = readLogFile(file);
    opts.onFile?.();
    const fatal = parsed.issues.find((i) => i.severity === 'error');
    if (parsed.logs.length === 0) {
      unreadable.push(`${file}: ${fatal ? fatal.code : 'no rows'}`);
      continue;
    }
    for (const log of parsed.logs) logs.push(joinLabelFacts(log, labels.get(log.logId)));
  }
  let masterSeed: string | null = null;
  const manifest = datasetFiles(dir).manifest;
  if (existsSync(manifest)) {
    try {
      const m = JSON.parse(readRegularText(manifest)) as { master_seed?: unknown };
      if (typeof m.master_seed === 'string') masterSeed = m.master_seed;
    } catch (err) {
      throw new InputError(`invalid JSON: ${(err as Error).message}`, { file: manifest, line: 1, column: 1 });
    }
  }
  return { logs, unreadable, masterSeed };
}

/** Reads and validates `questions.jsonl`. */
export function readQuestions(path: string): Item[] {
  return parseJsonl(readRegularText(path), ItemSchema, path);
}

/** Reads one log of a dataset by id (`<dir>/logs/<id>.tsv`, or `<dir>/<id>.tsv`), with its labels joined. */
export function readDatasetLog(dir: string, logId: string): Log {
  const candidates = [insideDataset(dir, `log ${logId}`, 'logs', `${logId}.tsv`), insideDataset(dir, `log ${logId}`, `${logId}.tsv`)];
  const file = candidates.find((f) => existsSync(f));
  if (!file) throw new InputError(`no log file for ${logId} (looked for logs/${logId}.tsv)`, { file: join(dir, 'logs') });
  const parsed = readLogFile(file);
  const log = parsed.logs.find((l) => l.logId === logId) ?? (parsed.logs.length === 1 && basename(file) === `${logId}.tsv` ? parsed.logs[0] : undefined);
  if (!log) throw new InputError(`could not read ${logId}: ${parsed.issues[0]?.code ?? 'no rows'}`, { file });
  return joinLabelFacts(log, readLabelFacts(dir).get(logId));
}

/** Writes `questions.jsonl` and `questions-coverage.json` atomically. */
export function writeQuestionFiles(dir: string, items: readonly Item[], coverage: unknown): { questions: string; coverage: string } {
  const q = datasetFiles(dir).questions;
  const c = join(dir, 'questions-coverage.json');
  writeFileAtomic(q, formatJsonl(items, ITEM_FLOAT_FIELDS));
  writeJsonAtomic(c, coverage);
  return { questions: q, coverage: c };
}
