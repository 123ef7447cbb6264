import type { z } from 'zod';
import { InputError } from '../errors.js';
import { readRegularText } from './read-regular.js';

/** Serialises records as JSON Lines: one compact JSON object per line, each line ending in LF. */
export function formatJsonl(records: readonly unknown[]): string {
  let out = '';
  for (const r of records) out += JSON.stringify(r) + '\n';
  return out;
}

/**
 * Parses JSON Lines text, validating each record with `schema`.
 * Blank lines are allowed; a malformed or invalid line throws an `InputError` naming file, line and column.
 */
export function parseJsonl<T>(text: string, schema: z.ZodType<T>, file: string): T[] {
  const out: T[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      const m = /position (\d+)/.exec(String((err as Error).message));
      const column = m ? Number(m[1]) + 1 : 1;
      throw new InputError(`invalid JSON: ${(err as Error).message}`, { file, line: i + 1, column });
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue.path.join('.') || '(record)';
      throw new InputError(`${path}: ${issue.message}`, { file, line: i + 1, column: 1 });
    }
    out.push(parsed.data);
  }
  return out;
}

/** Reads and validates a JSON Lines file. */
export function readJsonl<T>(file: string, schema: z.ZodType<T>): T[] {
  return parseJsonl(readRegularText(file), schema, file);
}
