import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../errors.js';
import { parseJsonl } from './jsonl.js';
import { readDialect } from './dialect-read.js';
import { readLogFile } from './log-files.js';
import { datasetFiles, dialectFileOf, logFileOf } from './dataset.js';
import { formatLogTsv, withoutLogIdColumn } from '../log/format-tsv.js';
import { Item } from '../schema/item.js';
import type { Log } from '../schema/log-row.js';
import { sha256Hex } from '../hash.js';
import { readRegularFile } from './read-regular.js';
import { insideDataset } from './contained-path.js';

/** What a run needs from a dataset directory: its items, the logs they ask about, and a content hash. */
export interface EvalDataset {
  dir: string;
  items: Item[];
  logs: Map<string, Log>;
  /**
   * The file text of every log whose file is not the canonical serialisation of the log it reads as
   * (a perturbed copy: other column order, number or date spelling, CRLF, padding…), so that the model can be
   * shown the file as written rather than the reader's normalised view (less its leading `log_id` column, which the
   * canonical prompt leaves out too).
   */
  texts: Map<string, string>;
  /** SHA-256 over `questions.jsonl` and every referenced log file (by sorted log id). */
  hash: string;
}

/**
 * Reads `<dir>/questions.jsonl` and `<dir>/logs/<log_id>.tsv` for every log an item refers to, each with its own
 * dialect when `<dir>/dialects/<log_id>.json` exists (as `cclupe perturb` writes for reformatted logs).
 * Throws `InputError` for a missing file, a malformed item or a log file that yields no log.
 */
export function loadEvalDataset(dir: string): EvalDataset {
  const qPath = datasetFiles(dir).questions;
  if (!existsSync(qPath)) throw new InputError('no questions.jsonl in the dataset directory (run cclupe questions first)', { file: qPath });
  const qBytes = readRegularFile(qPath);
  const items = parseJsonl(qBytes.toString('utf8'), Item, qPath);
  const logIds = [...new Set(items.map((it) => it.log_id))].sort();
  const logs = new Map<string, Log>();
  const texts = new Map<string, string>();
  const parts: string[] = [`questions.jsonl:${sha256Hex(qBytes)}`];
  for (const id of logIds) {
    const path = insideDataset(dir, `log ${id}`, 'logs', `${id}.tsv`);
    if (!existsSync(path)) throw new InputError(`log ${id} referenced by questions.jsonl is missing`, { file: path });
    const bytes = readRegularFile(path);
    const dialectPath = insideDataset(dir, `dialect of log ${id}`, 'dialects', `${id}.json`);
    const dialect = existsSync(dialectPath) ? readDialect(dialectPath) : undefined;
    const parsed = readLogFile(path, { logId: id, dialect });
    const log = parsed.logs.find((l) => l.logId === id) ?? parsed.logs[0];
    if (!log) {
      const first = parsed.issues[0];
      throw new InputError(`log ${id} could not be read${first ? `: ${first.message}` : ''}`, { file: path });
    }
    logs.set(id, log);
    const text = bytes.toString('utf8');
    // the prompt shows the rows without the log_id column (format version 2), as written otherwise
    if (text !== formatLogTsv(log)) texts.set(id, withoutLogIdColumn(text, id, dialect?.separator ?? '\t'));
    parts.push(`${id}:${sha256Hex(bytes)}`);
  }
  return { dir: resolve(dir), items, logs, texts, hash: sha256Hex(parts.join('\n')) };
}
