import { Dialect } from '../schema/dialect.js';

/**
 * The canonical TSV (SPEC §1) as a dialect: the reader's default, and the same as `dialects/canonical.json`.
 * It is strict about the layout it writes and lenient about "preserving" changes (header synonyms, column order,
 * other date formats, number spellings, CRLF, BOM, whitespace), which it reads back to the same log with a warning.
 */
export const CANONICAL_DIALECT: Dialect = Dialect.parse({
  name: 'canonical',
  description: 'cclupe canonical TSV: UTF-8, LF, tab-separated, one header row, signed amounts with two decimals',
  separator: '\t',
  quote: null,
  header: true,
  columns: {
    log_id: ['log_id', 'log'],
    txn_id: ['txn_id', 'transaction_id', 'txn', 'trans_id', 'id', 'reference'],
    timestamp: ['timestamp', 'datetime', 'date_time', 'transaction_time', 'time', 'date'],
    type: ['type', 'transaction_type', 'txn_type', 'kind'],
    channel: ['channel', 'medium', 'via'],
    counterparty: ['counterparty', 'counter_party', 'merchant', 'payee', 'party'],
    amount: ['amount', 'amt', 'value', 'sum'],
    balance: ['balance', 'running_balance', 'balance_after', 'bal'],
    status: ['status', 'state', 'result'],
    location: ['location', 'country', 'country_code'],
    remark: ['remark', 'remarks', 'memo', 'note', 'description', 'narrative'],
  },
  // format version 2 names the log on every row; version 1 files (no log_id column) still read, named by the file
  optionalColumns: ['log_id'],
  account: 'log_id',
  strictHeader: true,
  lineEnding: 'lf',
  bom: false,
  whitespace: 'warn',
  strictText: true,
  fields: {
    txn_id: { sources: ['txn_id'] },
    type: { sources: ['type'] },
    channel: { sources: ['channel'] },
    counterparty: { sources: ['counterparty'] },
    status: { sources: ['status'] },
    location: { sources: ['location'] },
    remark: { sources: ['remark'] },
  },
  timestamp: {
    column: 'timestamp',
    format: 'YYYY-MM-DD HH:mm:ss',
    alternatives: [
      'YYYY-MM-DDTHH:mm:ss',
      'YYYY/MM/DD HH:mm:ss',
      'DD/MM/YYYY HH:mm:ss',
      'DD.MM.YYYY HH:mm:ss',
      'DD-MM-YYYY HH:mm:ss',
      'YYYYMMDD HH:mm:ss',
      'YYYYMMDDHHmmss',
      'YYYYMMDD HHmmss',
    ],
    twoDigitYearBase: 2000,
  },
  amount: { mode: 'signed', column: 'amount' },
  balance: { column: 'balance' },
  number: { decimal: '.', thousands: null, places: 2, negative: ['minus'], currency: [], lenient: true },
  checks: {},
});
