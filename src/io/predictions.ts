import { InputError } from '../errors.js';
import { Item } from '../schema/item.js';
import { Prediction } from '../schema/prediction.js';
import { RESULTS_SCHEMA_VERSION, RunScores, type ScoredDataset } from '../schema/results.js';
import { parseJsonl } from './jsonl.js';
import { readRegularFile } from './read-regular.js';
import { parseJsonText } from './json-text.js';
import { dirname } from 'node:path';
import { sha256Hex } from '../hash.js';
import { readDatasetSeed } from './questions-shard.js';

/** Reads a text file, turning a missing or unreadable file into an `InputError` naming it (exit 1, not a crash). */
export function readScoreInputText(file: string): string {
  return readScoreInputBytes(file).toString('utf8');
}

/** `readScoreInputText`'s bytes. */
function readScoreInputBytes(file: string): Buffer {
  try {
    return readRegularFile(file);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new InputError(e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'is a directory, expected a file' : e.message, { file });
  }
}

/** Reads a questions JSONL file for scoring; throws `InputError` at file:line for a bad record. */
export function readQuestionsForScoring(file: string): Item[] {
  return readScoredQuestions(file).items;
}

/**
 * Reads a questions JSONL file for scoring with its identity (`RunScores.dataset`): the SHA-256 of its bytes and the
 * master seed of the `manifest.json` beside it (null when there is none, or it holds no seed or is not JSON: the seed
 * only names the dataset, the hash tells datasets apart). Throws `InputError` at file:line for a bad record.
 */
export function readScoredQuestions(file: string): { items: Item[]; dataset: ScoredDataset } {
  const bytes = readScoreInputBytes(file);
  const items = parseJsonl(bytes.toString('utf8'), Item, file);
  let seed: string | null = null;
  try {
    seed = readDatasetSeed(dirname(file));
  } catch {
    // a manifest.json that is not JSON names no seed
  }
  return { items, dataset: { questions_sha256: sha256Hex(bytes), master_seed: seed } };
}

/** Predictions read from a JSONL file, with the 1-based line of each record for error messages. */
export interface PredictionsFile {
  file: string;
  predictions: Prediction[];
  lines: number[];
}

/**
 * Reads a predictions JSONL file (docs/score.md): one `{item_id, selected?, value?, raw?, status?}` per line.
 * Throws `InputError` at file:line for malformed JSON, a record that fails the schema, or a repeated `item_id`.
 */
export function readPredictionsFile(file: string): PredictionsFile {
  const text = readScoreInputText(file);
  const predictions = parseJsonl(text, Prediction, file);
  const lines: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.replace(/\r$/, '').trim() !== '') lines.push(i + 1);
  });
  const seen = new Map<string, number>();
  predictions.forEach((p, i) => {
    const first = seen.get(p.item_id);
    if (first !== undefined) {
      throw new InputError(`item_id: duplicate prediction for ${p.item_id} (first on line ${first})`, { file, line: lines[i], column: 1 });
    }
    seen.set(p.item_id, lines[i]);
  });
  return { file, predictions, lines };
}

/** Throws `InputError` at the first prediction whose `item_id` is not among the questions' ids. */
export function checkPredictionIds(read: PredictionsFile, itemIds: ReadonlySet<string>): void {
  read.predictions.forEach((p, i) => {
    if (!itemIds.has(p.item_id)) {
      throw new InputError(`item_id: no question with id ${p.item_id}`, { file: read.file, line: read.lines[i], column: 1 });
    }
  });
}

/**
 * Reads scores from a result file: either a `RunScores` object itself (`cclupe score --out`) or a run's
 * `results.json` that embeds it under `scores`. Throws `InputError` naming the file and the first bad field.
 */
export function readRunScoresFile(file: string): RunScores {
  const text = readScoreInputText(file);
  const value = parseJsonText(text, file);
  const record = value && typeof value === 'object' ? (value as { schema?: unknown; scores?: unknown }) : undefined;
  const candidate = record && record.schema !== RESULTS_SCHEMA_VERSION && record.scores !== undefined ? record.scores : value;
  const parsed = RunScores.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${issue.path.join('.') || '(file)'}: ${issue.message} (expected cclupe score results)`, { file });
  }
  return parsed.data;
}
