import { resolve } from 'node:path';
import { InputError } from '../errors.js';
import { openDataset } from './dataset.js';
import { formatLogTsv, withoutLogIdColumn } from '../log/format-tsv.js';
import type { Item } from '../schema/item.js';
import type { Log } from '../schema/log-row.js';
import { sha256Hex } from '../hash.js';
import type { ScoredDataset } from '../schema/results.js';

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
  /** The questions' identity a run's scores record (`RunScores.dataset`), as `cclupe score` records it. */
  scored: ScoredDataset;
}

/**
 * Reads `<dir>/questions.jsonl` and `<dir>/logs/<log_id>.tsv` for every log an item refers to, each with its own
 * dialect when `<dir>/dialects/<log_id>.json` exists (as `cclupe perturb` writes for reformatted logs), through the
 * dataset reader (`openDataset`). Throws `InputError` for a missing file, a malformed item or a log file that yields
 * no log.
 */
export function loadEvalDataset(dir: string): EvalDataset {
  const ds = openDataset(dir);
  const qPath = ds.files.questions;
  if (!ds.hasQuestions()) throw new InputError('no questions.jsonl in the dataset directory (run cclupe questions first)', { file: qPath });
  const qBytes = ds.questionBytes();
  const items = ds.questions(qBytes);
  const logIds = [...new Set(items.map((it) => it.log_id))].sort();
  const logs = new Map<string, Log>();
  const texts = new Map<string, string>();
  const parts: string[] = [`questions.jsonl:${sha256Hex(qBytes)}`];
  for (const id of logIds) {
    const read = ds.logWithBytes(id);
    if (!read) throw new InputError(`log ${id} referenced by questions.jsonl is missing`, { file: ds.logPath(id) });
    const { bytes, dialect, log } = read;
    logs.set(id, log);
    const text = bytes.toString('utf8');
    // the prompt shows the rows without the log_id column (format version 2), as written otherwise
    if (text !== formatLogTsv(log)) texts.set(id, withoutLogIdColumn(text, id, dialect?.separator ?? '\t'));
    parts.push(`${id}:${sha256Hex(bytes)}`);
  }
  let seed: string | null = null;
  try {
    seed = ds.masterSeed();
  } catch {
    // a manifest.json that is not JSON names no seed (as readScoredQuestions reads it)
  }
  const scored = { questions_sha256: sha256Hex(qBytes), master_seed: seed };
  return { dir: resolve(dir), items, logs, texts, hash: sha256Hex(parts.join('\n')), scored };
}
