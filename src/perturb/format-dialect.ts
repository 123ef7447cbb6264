import { CANONICAL_DIALECT } from '../reader/dialect-canonical.js';
import { Dialect } from '../schema/dialect.js';
import type { FormatSpec } from './format-spec.js';

/**
 * The reader dialect (`src/schema/dialect.ts`) under which a file written in `format` parses back to exactly the
 * canonical log: the canonical dialect with this file's header names first, its timestamp layout, number spelling,
 * line ending, BOM and whitespace. Column order needs nothing: the reader maps columns by header name.
 * Values the strict number reader does not cover (currency marks, parentheses, trailing minus) are read by the
 * lenient reader, which the dialect keeps on and tells about the currency mark.
 */
export function formatToDialect(format: FormatSpec, name: string): Dialect {
  // one validated dialect per format (a run writes tens of thousands of files in a few dozen formats); only the
  // name and the description, plain strings, differ between logs
  const key = JSON.stringify(format);
  let shared = byFormat.get(key);
  if (!shared) {
    shared = dialectOf(format, name);
    if (byFormat.size >= 256) byFormat.clear();
    byFormat.set(key, shared);
  }
  return { ...shared, name, description: describe(name) };
}

const byFormat = new Map<string, Dialect>();

function describe(name: string): string {
  return `perturbed copy of the canonical TSV (${name}); reads back to the source log`;
}

function dialectOf(format: FormatSpec, name: string): Dialect {
  const base = CANONICAL_DIALECT;
  const columns: Record<string, string[]> = {};
  for (const [key, names] of Object.entries(base.columns)) {
    const own = format.headerNames[key as keyof FormatSpec['headerNames']] ?? key;
    columns[key] = [own, ...names.filter((n) => n !== own)];
  }
  return Dialect.parse({
    ...base,
    name,
    description: describe(name),
    separator: format.delimiter,
    columns,
    strictHeader: false,
    lineEnding: format.lineEnding === '\r\n' ? 'crlf' : 'lf',
    bom: format.bom,
    whitespace: 'trim',
    timestamp: { ...base.timestamp, format: format.timestampFormat, alternatives: [] },
    number: {
      decimal: format.decimalSeparator,
      thousands: format.thousandsSeparator === '' ? null : format.thousandsSeparator,
      places: 2,
      negative: [format.negative === 'trailing' ? 'trailing-minus' : format.negative],
      currency: format.currency ? [format.currency.symbol] : [],
      lenient: true,
    },
  });
}
