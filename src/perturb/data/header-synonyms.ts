import type { CanonicalColumn } from '../../schema/transaction-types.js';

/**
 * Header names real exports use for each canonical column; the header-synonyms operator draws from these.
 * Each is one the canonical reader also knows (after lower-casing and `_` for spaces), so even a reader without the
 * emitted dialect reads the file, with a HEADER_FORMAT warning.
 */
export const HEADER_SYNONYMS: Readonly<Record<CanonicalColumn, readonly string[]>> = {
  log_id: ['Log ID', 'Log'],
  txn_id: ['Transaction ID', 'Reference', 'Trans ID', 'Txn'],
  timestamp: ['Date Time', 'Transaction Time', 'Datetime'],
  type: ['Transaction Type', 'Txn Type', 'Kind'],
  channel: ['Medium', 'Via', 'Channel'],
  counterparty: ['Counter Party', 'Merchant', 'Payee', 'Party'],
  amount: ['Amt', 'Value', 'Sum', 'Amount'],
  balance: ['Running Balance', 'Balance After', 'Bal'],
  status: ['State', 'Result', 'Status'],
  location: ['Country', 'Country Code', 'Location'],
  remark: ['Memo', 'Note', 'Description', 'Narrative'],
};
