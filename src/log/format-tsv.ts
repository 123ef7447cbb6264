import type { Log, LogRow } from '../schema/log-row.js';
import { CANONICAL_COLUMNS } from '../schema/transaction-types.js';
import { formatCents } from './money.js';

/** The canonical header line, without newline. */
export const CANONICAL_HEADER = CANONICAL_COLUMNS.join('\t');

/** One row as a canonical TSV line, without newline (string concatenation: cheaper than an array join per row). */
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

/** A whole log as canonical TSV (SPEC §1): UTF-8, LF, one header row, tab-separated, trailing newline. */
export function formatLogTsv(log: Pick<Log, 'rows'>): string {
  let out = CANONICAL_HEADER + '\n';
  const rows = log.rows;
  for (let i = 0; i < rows.length; i++) out += formatRow(rows[i]) + '\n';
  return out;
}
