import { CANONICAL_COLUMNS, type CanonicalColumn } from '../schema/transaction-types.js';

/** How negative money is written: `-1.50`, `(1.50)` or `1.50-`. */
export type NegativeStyle = 'minus' | 'parentheses' | 'trailing';

/** A currency mark around money values, e.g. `¥1.50` or `1.50 CNY`. */
export interface CurrencyMark {
  symbol: string;
  position: 'prefix' | 'suffix';
  /** A space between the mark and the number. */
  space: boolean;
}

/**
 * How a log is written to text. The canonical TSV (SPEC §1) is `CANONICAL_FORMAT`; preserving operators change
 * one aspect each, and `formatToDialect` turns the result into the reader's dialect file.
 * Date formats use tokens YYYY MM DD HH mm ss; every format keeps all six fields so nothing is lost.
 */
export interface FormatSpec {
  delimiter: string;
  /** Canonical columns in file order. */
  columnOrder: CanonicalColumn[];
  /** Header text per canonical column. */
  headerNames: Record<CanonicalColumn, string>;
  timestampFormat: string;
  decimalSeparator: '.' | ',';
  /** Empty string for none. */
  thousandsSeparator: '' | ',' | '.' | ' ' | "'";
  negative: NegativeStyle;
  currency: CurrencyMark | null;
  lineEnding: '\n' | '\r\n';
  bom: boolean;
  /** Cells carry surrounding spaces that the reader must trim. */
  trimCells: boolean;
}

/** The canonical TSV format: UTF-8 without BOM, LF, tab-separated, canonical header and columns, `-1234.50`. */
export const CANONICAL_FORMAT: FormatSpec = Object.freeze({
  delimiter: '\t',
  columnOrder: [...CANONICAL_COLUMNS],
  headerNames: Object.fromEntries(CANONICAL_COLUMNS.map((c) => [c, c])) as Record<CanonicalColumn, string>,
  timestampFormat: 'YYYY-MM-DD HH:mm:ss',
  decimalSeparator: '.',
  thousandsSeparator: '',
  negative: 'minus',
  currency: null,
  lineEnding: '\n',
  bom: false,
  trimCells: false,
}) as FormatSpec;

/** A deep copy of a format, safe to modify. */
export function cloneFormat(f: FormatSpec): FormatSpec {
  return {
    ...f,
    columnOrder: [...f.columnOrder],
    headerNames: { ...f.headerNames },
    currency: f.currency ? { ...f.currency } : null,
  };
}

/** True when the format is exactly the canonical TSV. */
export function isCanonicalFormat(f: FormatSpec): boolean {
  if (f === CANONICAL_FORMAT) return true;
  const c = CANONICAL_FORMAT;
  if (f.delimiter !== c.delimiter || f.timestampFormat !== c.timestampFormat || f.decimalSeparator !== c.decimalSeparator) return false;
  if (f.thousandsSeparator !== c.thousandsSeparator || f.negative !== c.negative || f.currency !== null) return false;
  if (f.lineEnding !== c.lineEnding || f.bom !== c.bom || f.trimCells !== c.trimCells) return false;
  return c.columnOrder.every((col, i) => f.columnOrder[i] === col && f.headerNames[col] === col);
}
