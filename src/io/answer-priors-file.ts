import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import { stableStringify } from '../hash.js';
import { AnswerPriorFile } from '../schema/answer-priors.js';
import type { PriorTable } from '../questions/answer-priors.js';
import { writeFileAtomic } from './atomic-write.js';
import { readRegularText } from './read-regular.js';
import { parseJsonText } from './json-text.js';

/** The dataset file of the answer priors fitted for its custom and fitted profiles (`cclupe generate`). */
export const ANSWER_PRIORS_FILE = 'answer-priors.json';

/** `answer-priors.json` of a dataset directory. */
export function answerPriorsPath(dir: string): string {
  return join(dir, ANSWER_PRIORS_FILE);
}

/**
 * Writes a dataset's answer priors atomically: one `key: prior` per line, keys sorted at every depth, so that the
 * same fit gives the same bytes (a resumed run, every shard of a run).
 */
export function writeAnswerPriors(dir: string, table: PriorTable): void {
  const keys = Object.keys(table).sort();
  const lines = keys.map((k) => `  ${JSON.stringify(k)}: ${stableStringify(table[k])}`);
  writeFileAtomic(answerPriorsPath(dir), keys.length ? `{\n${lines.join(',\n')}\n}\n` : '{}\n');
}

/**
 * A dataset's answer priors, or undefined when it has none (every profile of its run is shipped, or the directory is
 * a folder of logs). A file that is not valid JSON or not a table of priors is an `InputError` naming it.
 */
export function readAnswerPriors(dir: string): PriorTable | undefined {
  const path = answerPriorsPath(dir);
  if (!existsSync(path)) return undefined;
  const value = parseJsonText(readRegularText(path), path);
  const r = AnswerPriorFile.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new InputError(`not a table of answer priors: ${issue.path.join('.') || '(file)'}: ${issue.message}`, { file: path });
  }
  return r.data;
}
