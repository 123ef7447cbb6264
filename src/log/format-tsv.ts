import type { Log, LogRow } from '../schema/log-row.js';
import { CANONICAL_COLUMNS } from '../schema/transaction-types.js';
import { formatCents } from './money.js';

/** The canonical header line, without newline. */
export const CANONICAL_HEADER = CANONICAL_COLUMNS.join('\t');

/** One row as a canonical TSV line, without newline. */
export function formatRow(row: LogRow): string {
  return [
    row.txn_id,
    row.timestamp,
    row.type,
    row.channel,
    row.counterparty,
    formatCents(row.amountCents),
    formatCents(row.balanceCents),
    row.status,
    row.location,
    row.remark,
  ].join('\t');
}

/** A whole log as canonical TSV (SPEC §1): UTF-8, LF, one header row, tab-separated, trailing newline. */
export function formatLogTsv(log: Pick<Log, 'rows'>): string {
  let out = CANONICAL_HEADER + '\n';
  for (const row of log.rows) out += formatRow(row) + '\n';
  return out;
}
