import { Dialect } from '../schema/dialect.js';
import { InputError, UsageError } from '../errors.js';
import { readRegularText } from './read-regular.js';
import { parseStructuredText } from './structured-text.js';

/** Validates a parsed dialect object; a bad one is a `UsageError` naming the first wrong field and the file. */
export function parseDialect(value: unknown, source: string): Dialect {
  const parsed = Dialect.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue.path.join('.') || '(dialect)';
    throw new UsageError(`${source}: dialect field ${path}: ${issue.message}`, path);
  }
  const d = parsed.data;
  const known = new Set(Object.keys(d.columns));
  const refs: Array<[string, string]> = [
    ['timestamp.column', d.timestamp.column],
    ['balance.column', d.balance.column],
  ];
  if (d.amount.mode === 'debit-credit') refs.push(['amount.debit', d.amount.debit], ['amount.credit', d.amount.credit]);
  else refs.push(['amount.column', d.amount.column]);
  if (d.amount.mode === 'type-sign') refs.push(['amount.signColumn', d.amount.signColumn]);
  if (d.account) refs.push(['account', d.account]);
  for (const [field, spec] of Object.entries(d.fields)) {
    spec.sources.forEach((s, i) => {
      if (typeof s === 'string') refs.push([`fields.${field}.sources.${i}`, s]);
      else if ('column' in s) refs.push([`fields.${field}.sources.${i}.column`, s.column]);
      else if ('template' in s) for (const m of s.template.matchAll(/\{([^}]+)\}/g)) refs.push([`fields.${field}.sources.${i}.template`, m[1]]);
    });
  }
  for (const [path, key] of refs) {
    if (!known.has(key)) throw new UsageError(`${source}: dialect field ${path}: unknown column key "${key}"`, path);
  }
  return d;
}

/** Reads a dialect file (`.json`, `.yaml` or `.yml`) and validates it with the `Dialect` schema. */
export function readDialect(path: string): Dialect {
  let text: string;
  try {
    text = readRegularText(path);
  } catch (err) {
    throw new UsageError(`cannot read dialect ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, '--dialect');
  }
  let value: unknown;
  try {
    value = parseStructuredText(text, path);
  } catch (err) {
    if (err instanceof InputError) throw new UsageError(`dialect ${err.format()}`, '--dialect');
    throw err;
  }
  return parseDialect(value, path);
}
