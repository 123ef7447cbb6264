import type { z } from 'zod';
import { InputError } from '../errors.js';
import { readRegularText } from './read-regular.js';
import { parseJsonText } from './json-text.js';

/**
 * One record as compact JSON, with every whole number under a key of `floats` written as a float (`0.0`, `1.0`):
 * a column that is real-valued then reads as floats in every line, and readers that infer a type from the first
 * lines (polars reads 100) do not settle on integers. Deterministic: the same record gives the same bytes.
 * The record is serialised natively and the whole numbers after those keys are then given their `.0`: in compact
 * JSON a key is a quoted name right after `{` or `,`, and a quote inside a string is always escaped, so only real
 * keys match (a replacer function would call back into JavaScript for every value, several times slower).
 */
export function jsonLine(record: unknown, floats?: ReadonlySet<string>): string {
  const text = JSON.stringify(record);
  if (floats === undefined || floats.size === 0) return text;
  return text.replace(floatKeysRe(floats), '$1.0');
}

const floatKeyRes = new WeakMap<ReadonlySet<string>, RegExp>();

/** `{"key":12` or `,"key":-3` (the number whole, a comma or brace after it) for the keys of `floats`. */
function floatKeysRe(floats: ReadonlySet<string>): RegExp {
  let re = floatKeyRes.get(floats);
  if (!re) {
    const keys = [...floats].map((k) => JSON.stringify(k).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    re = new RegExp(`([{,](?:${keys.join('|')}):-?\\d+)(?=[,}])`, 'g');
    floatKeyRes.set(floats, re);
  }
  return re;
}

/**
 * Serialises records as JSON Lines: one compact JSON object per line, each line ending in LF; numbers under the keys
 * in `floats` are always written as floats (`jsonLine`).
 */
export function formatJsonl(records: readonly unknown[], floats?: ReadonlySet<string>): string {
  let out = '';
  for (const r of records) out += jsonLine(r, floats) + '\n';
  return out;
}

/**
 * Parses one line of a JSON Lines file (number `line`, from 1), validating it with `schema`; `undefined` for a blank
 * line. A malformed or invalid line throws an `InputError` naming file, line and column.
 */
export function parseJsonlLine<T>(text: string, schema: z.ZodType<T>, file: string, line: number): T | undefined {
  const trimmed = text.replace(/\r$/, '');
  if (trimmed.trim() === '') return undefined;
  const value = parseJsonText(trimmed, file, line);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue.path.join('.') || '(record)';
    throw new InputError(`${path}: ${issue.message}`, { file, line, column: 1 });
  }
  return parsed.data;
}

/**
 * Parses JSON Lines text, validating each record with `schema`.
 * Blank lines are allowed; a malformed or invalid line throws an `InputError` naming file, line and column.
 */
export function parseJsonl<T>(text: string, schema: z.ZodType<T>, file: string): T[] {
  const out: T[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const record = parseJsonlLine(lines[i], schema, file, i + 1);
    if (record !== undefined) out.push(record);
  }
  return out;
}

/** Reads and validates a JSON Lines file. */
export function readJsonl<T>(file: string, schema: z.ZodType<T>): T[] {
  return parseJsonl(readRegularText(file), schema, file);
}
