import type { Log, LogRow } from '../schema/log-row.js';
import { CANONICAL_COLUMNS } from '../schema/transaction-types.js';
import { formatCents } from './money.js';

/** The canonical header line (format version 2, with `log_id`), without newline. */
export const CANONICAL_HEADER = CANONICAL_COLUMNS.join('\t');
/** The header of the row table without the `log_id` column (what a prompt shows; format version 1), without newline. */
export const ROWS_HEADER = CANONICAL_COLUMNS.slice(1).join('\t');

/** One row as a line without the `log_id` cell and without newline (string concatenation: cheaper than a join per row). */
export function formatRow(row: LogRow): string {
  return (
    row.txn_id +
    '\t' +
    row.timestamp +
    '\t' +
    row.type +
    '\t' +
    row.channel +
    '\t' +
    row.counterparty +
    '\t' +
    formatCents(row.amountCents) +
    '\t' +
    formatCents(row.balanceCents) +
    '\t' +
    row.status +
    '\t' +
    row.location +
    '\t' +
    row.remark
  );
}

/**
 * A whole log as canonical TSV (SPEC §1, format version 2): UTF-8, LF, one header row, tab-separated, trailing
 * newline, the log's id in the first column of every row.
 */
export function formatLogTsv(log: Pick<Log, 'rows' | 'logId'>): string {
  let out = CANONICAL_HEADER + '\n';
  const lead = log.logId + '\t';
  const rows = log.rows;
  for (let i = 0; i < rows.length; i++) out += lead + formatRow(rows[i]) + '\n';
  return out;
}

/**
 * A log file's text without its leading `log_id` column, as a prompt shows it: on each line that starts with the
 * column's header name or the log's id followed by the separator (after a byte-order mark), that cell and separator
 * are cut; other lines (a header where log_id is not first, a continuation of a field broken by a newline) are kept
 * as written, and so are the line endings. The text of a version 1 file comes back unchanged.
 */
export function withoutLogIdColumn(text: string, logId: string, separator: string): string {
  const heads = [CANONICAL_COLUMNS[0] + separator, logId + separator];
  return text.replace(/^(\uFEFF?)(.*)$/gm, (line: string, bom: string, rest: string) => {
    for (const h of heads) if (rest.startsWith(h)) return bom + rest.slice(h.length);
    return line;
  });
}

/** The rows as a table without the `log_id` column (the prompt's view of one log, where the id would only repeat). */
export function formatRowsTsv(log: Pick<Log, 'rows'>): string {
  let out = ROWS_HEADER + '\n';
  const rows = log.rows;
  for (let i = 0; i < rows.length; i++) out += formatRow(rows[i]) + '\n';
  return out;
}
