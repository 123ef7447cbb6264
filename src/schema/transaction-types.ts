/**
 * Transaction types, channels and statuses of the canonical log (SPEC §1), kept as data.
 * The label is what appears in the TSV `type` column.
 */
export const TRANSACTION_TYPES = [
  'Salary',
  'Transfer In',
  'Transfer Out',
  'Purchase',
  'Refund',
  'Bill Payment',
  'Rent',
  'Loan Disbursement',
  'Loan Repayment',
  'Card Repayment',
  'ATM Withdrawal',
  'Cash Deposit',
  'Fee',
  'Late Fee',
  'Interest',
  'Investment Buy',
  'Investment Redeem',
  'Subscription',
  'Tax',
  'Payroll',
  'Sales Receipt',
  'Supplier Payment',
] as const;

/** One transaction type label, e.g. `Loan Repayment`. */
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The direction money moves for each type: +1 in, -1 out, 0 either (sign comes from the amount). */
export const TYPE_DIRECTION: Readonly<Record<TransactionType, 1 | -1 | 0>> = {
  Salary: 1,
  'Transfer In': 1,
  'Transfer Out': -1,
  Purchase: -1,
  Refund: 1,
  'Bill Payment': -1,
  Rent: -1,
  'Loan Disbursement': 1,
  'Loan Repayment': -1,
  'Card Repayment': -1,
  'ATM Withdrawal': -1,
  'Cash Deposit': 1,
  Fee: -1,
  'Late Fee': -1,
  Interest: 0,
  'Investment Buy': -1,
  'Investment Redeem': 1,
  Subscription: -1,
  Tax: -1,
  Payroll: -1,
  'Sales Receipt': 1,
  'Supplier Payment': -1,
};

export const CHANNELS = ['POS', 'ONLINE', 'QR', 'ATM', 'TRANSFER', 'AUTO_DEBIT', 'COUNTER'] as const;
/** Where a transaction was made. */
export type Channel = (typeof CHANNELS)[number];

export const STATUSES = ['SUCCESS', 'FAILED'] as const;
/** SUCCESS moves the balance; FAILED (declined) does not. */
export type Status = (typeof STATUSES)[number];

/**
 * Version of the canonical TSV layout. 2 added the leading `log_id` column, so that rows of many logs stay apart
 * when the files are concatenated (pandas, DuckDB, Hugging Face `datasets`); version 1 files (no `log_id`) still read.
 */
export const LOG_FORMAT_VERSION = 2;

/** The column (and dialect column key) that names a row's log. */
export const LOG_ID_COLUMN = 'log_id';

/** Canonical column order of the TSV header (SPEC §1). `log_id` repeats the log's id (the file name) on every row. */
export const CANONICAL_COLUMNS = [
  'log_id',
  'txn_id',
  'timestamp',
  'type',
  'channel',
  'counterparty',
  'amount',
  'balance',
  'status',
  'location',
  'remark',
] as const;
export type CanonicalColumn = (typeof CANONICAL_COLUMNS)[number];
/** The canonical columns a row holds (every one but `log_id`, which belongs to the log). */
export type RowColumn = Exclude<CanonicalColumn, 'log_id'>;
/** The columns of a row's own fields, in canonical order (the canonical columns after `log_id`). */
export const ROW_COLUMNS: readonly RowColumn[] = CANONICAL_COLUMNS.filter((c): c is RowColumn => c !== 'log_id');

/** Words that must never appear in a remark, since they would give a risk label away (SPEC §1, §3). */
export const LEAKAGE_WORDS = [
  'overdue',
  'default',
  'defaulted',
  'risk',
  'risky',
  'delinquent',
  'delinquency',
  'loan shark',
  'distress',
  'arrears',
  'collection agency',
  'debt collector',
  'bad debt',
  'insolvent',
  'bankrupt',
  'fraud',
] as const;
