import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ClientKind, Log } from '../schema/log-row.js';
import type { Item } from '../schema/item.js';
import { Item as ItemSchema } from '../schema/item.js';
import { InputError } from '../errors.js';
import { readLogFile } from '../io/read-log.js';
import { listLogFiles } from '../io/log-files.js';
import { formatJsonl, parseJsonl } from '../io/jsonl.js';
import { writeFileAtomic, writeJsonAtomic } from '../io/atomic-write.js';
import { readRegularText } from '../io/read-regular.js';
import { insideDataset } from '../io/contained-path.js';

/** What the questions command needs from a dataset directory: its logs, with client kind and business category. */
export interface DatasetLogs {
  logs: Log[];
  /** Files that could not be read as logs, with the reader's first issue. */
  unreadable: string[];
  /** Master seed from manifest.json, when present. */
  masterSeed: string | null;
}

interface LabelFacts {
  client_kind?: ClientKind;
  business_category?: string | null;
}

/** Reads labels.jsonl leniently: only `log_id`, `client_kind` and `business_category` are used here. */
export function readLabelFacts(dir: string): Map<string, LabelFacts> {
  const path = join(dir, 'labels.jsonl');
  const out = new Map<string, LabelFacts>();
  if (!existsSync(path)) return out;
  const lines = readRegularText(path).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    let rec: { log_id?: unknown; client_kind?: unknown; business_category?: unknown };
    try {
      rec = JSON.parse(line);
    } catch (err) {
      throw new InputError(`invalid JSON: ${(err as Error).message}`, { file: path, line: i + 1, column: 1 });
    }
    if (typeof rec.log_id !== 'string') throw new InputError('log_id: expected a string', { file: path, line: i + 1, column: 1 });
    const kind = rec.client_kind === 'personal' || rec.client_kind === 'sme' ? rec.client_kind : undefined;
    out.set(rec.log_id, { client_kind: kind, business_category: typeof rec.business_category === 'string' ? rec.business_category : null });
  }
  return out;
}

/** Reads every log of a dataset directory (or a folder of TSV files), joining client kind and category from labels. */
export function readDatasetLogs(dir: string): DatasetLogs {
  const labels = readLabelFacts(dir);
  const logs: Log[] = [];
  const unreadable: string[] = [];
  for (const file of listLogFiles(dir)) {
    const parsed = readLogFile(file);
    const fatal = parsed.issues.find((i) => i.severity === 'error');
    if (parsed.logs.length === 0) {
      unreadable.push(`${file}: ${fatal ? fatal.code : 'no rows'}`);
      continue;
    }
    for (const log of parsed.logs) {
      const l = labels.get(log.logId);
      if (l?.client_kind && !log.clientKind) log.clientKind = l.client_kind;
      if (l?.business_category && !log.businessCategory) log.businessCategory = l.business_category;
      logs.push(log);
    }
  }
  let masterSeed: string | null = null;
  const manifest = join(dir, 'manifest.json');
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
  const l = readLabelFacts(dir).get(logId);
  if (l?.client_kind && !log.clientKind) log.clientKind = l.client_kind;
  if (l?.business_category && !log.businessCategory) log.businessCategory = l.business_category;
  return log;
}

/** Writes `questions.jsonl` and `questions-coverage.json` atomically. */
export function writeQuestionFiles(dir: string, items: readonly Item[], coverage: unknown): { questions: string; coverage: string } {
  const q = join(dir, 'questions.jsonl');
  const c = join(dir, 'questions-coverage.json');
  writeFileAtomic(q, formatJsonl(items));
  writeJsonAtomic(c, coverage);
  return { questions: q, coverage: c };
}
