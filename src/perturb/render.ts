import type { Log, LogRow } from '../schema/log-row.js';
import type { CanonicalColumn } from '../schema/transaction-types.js';
import { formatCents } from '../log/money.js';
import type { FormatSpec } from './format-spec.js';

const CANONICAL_TIMESTAMP = 'YYYY-MM-DD HH:mm:ss';
import type { CellTable } from './types.js';

/**
 * Writes integer cents in the given number format: thousands groups of three, decimal separator,
 * negative style and currency mark. `formatMoney(-123456, canonical)` is `-1234.56`.
 */
export function formatMoney(cents: number, f: FormatSpec): string {
  if (f.thousandsSeparator === '' && f.decimalSeparator === '.' && f.currency === null && f.negative === 'minus') return formatCents(cents);
  const abs = Math.abs(cents);
  const units = String(Math.floor(abs / 100));
  const frac = String(abs % 100).padStart(2, '0');
  let grouped = units;
  if (f.thousandsSeparator !== '') grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, f.thousandsSeparator);
  let text = `${grouped}${f.decimalSeparator}${frac}`;
  if (f.currency) {
    const gap = f.currency.space ? ' ' : '';
    text = f.currency.position === 'prefix' ? `${f.currency.symbol}${gap}${text}` : `${text}${gap}${f.currency.symbol}`;
  }
  if (cents < 0) {
    if (f.negative === 'minus') text = `-${text}`;
    else if (f.negative === 'parentheses') text = `(${text})`;
    else text = `${text}-`;
  }
  return text;
}

/** Rewrites a canonical `YYYY-MM-DD HH:MM:SS` timestamp in the tokens of `format` (YYYY MM DD HH mm ss). */
export function formatTimestamp(ts: string, format: string): string {
  if (format === CANONICAL_TIMESTAMP) return ts;
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(ts);
  if (!m) return ts;
  const parts: Record<string, string> = { YYYY: m[1], MM: m[2], DD: m[3], HH: m[4], mm: m[5], ss: m[6] };
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (t) => parts[t]);
}

/** The text of one canonical column of a row of log `logId`, written in format `f`. */
export function renderCell(row: LogRow, column: CanonicalColumn, f: FormatSpec, logId: string): string {
  switch (column) {
    case 'log_id':
      return logId;
    case 'amount':
      return formatMoney(row.amountCents, f);
    case 'balance':
      return formatMoney(row.balanceCents, f);
    case 'timestamp':
      return formatTimestamp(row.timestamp, f.timestampFormat);
    default:
      return row[column];
  }
}

/** Renders a log into header and cells under a format. */
export function renderTable(log: Pick<Log, 'rows' | 'logId'>, f: FormatSpec): CellTable {
  return {
    header: f.columnOrder.map((c) => f.headerNames[c]),
    columns: [...f.columnOrder],
    rows: log.rows.map((row) => f.columnOrder.map((c) => renderCell(row, c, f, log.logId))),
    format: f,
  };
}

/** Joins a cell table into the file text: BOM, delimiter, line ending, trailing line ending. */
export function serializeTable(t: CellTable): string {
  const eol = t.format.lineEnding;
  let out = t.format.bom ? '\uFEFF' : '';
  out += t.header.join(t.format.delimiter) + eol;
  for (const cells of t.rows) out += cells.join(t.format.delimiter) + eol;
  return out;
}
