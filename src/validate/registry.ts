import type { CheckEntry } from './context.js';
import { checkDuplicates } from './checks/duplicates.js';
import { checkTimeOrder } from './checks/time-order.js';
import { checkPeriod } from './checks/period.js';
import { checkRowCount } from './checks/row-count.js';
import { checkSign } from './checks/sign.js';
import { checkBalance } from './checks/balance.js';
import { checkRefunds } from './checks/refunds.js';
import { checkLoans } from './checks/loans.js';
import { checkAlignment } from './checks/alignment.js';
import { checkLabels } from './checks/labels.js';
import { checkLeakage } from './checks/leakage.js';
import { checkInjection } from './checks/injection.js';

/**
 * Every check, in the order they run and report. The first four are done by the reader while it parses
 * (`src/reader/parse-log.ts`), since they need the raw text; the rest run on the canonical log.
 */
export const CHECKS: readonly CheckEntry[] = [
  { id: 'file', codes: ['READ_ERROR', 'INCOMPLETE_DATASET'], description: 'the file can be opened and read; a dataset is whole (no .parts/, a manifest that agrees with its files)' },
  { id: 'encoding', codes: ['ENCODING'], description: 'UTF-8 without BOM, LF line endings, no mojibake (Ã©, â€™, U+FFFD)' },
  { id: 'header', codes: ['HEADER', 'HEADER_FORMAT'], description: 'a header naming the dialect columns, in order, without synonyms' },
  {
    id: 'fields',
    codes: ['FIELD_COUNT', 'EMPTY_FIELD', 'BAD_NUMBER', 'BAD_DECIMALS', 'BAD_TIMESTAMP', 'BAD_VALUE', 'BAD_TEXT', 'UNSAFE_TEXT', 'WHITESPACE', 'NUMBER_FORMAT', 'TIMESTAMP_FORMAT'],
    description: 'field count, required fields, types, enums, two decimal places, text without tabs, quotes or formula leads',
  },
  { id: 'duplicates', codes: ['DUPLICATE_TXN_ID'], description: 'txn_id unique in the log', run: checkDuplicates },
  { id: 'time-order', codes: ['NOT_TIME_ORDERED'], description: 'rows in time order', run: checkTimeOrder },
  { id: 'period', codes: ['OUT_OF_PERIOD'], description: 'rows inside the period', run: checkPeriod },
  { id: 'row-count', codes: ['ROW_COUNT'], description: 'row count within the limits (default 50–300)', run: checkRowCount },
  { id: 'sign', codes: ['BAD_SIGN'], description: 'amount sign agrees with the type direction', run: checkSign },
  { id: 'balance', codes: ['BALANCE_MISMATCH'], description: 'balance chain, FAILED rows not moving it; within-day reordering for date-only logs', run: checkBalance },
  {
    id: 'refunds',
    codes: ['REFUND_UNPAIRED', 'REFUND_EXCEEDS_PURCHASE', 'REFUND_BEFORE_PURCHASE', 'REFUND_OUT_OF_WINDOW', 'REFUND_MISMATCH'],
    description: 'refunds paired with earlier purchases (labels, else heuristic)',
    run: checkRefunds,
  },
  { id: 'loans', codes: ['SCHEDULE_MISMATCH'], description: 'repayments follow the loan schedule (labels, else inferred series)', run: checkLoans },
  { id: 'alignment', codes: ['ALIGNMENT'], description: 'types and counterparties fit the client kind and business category', run: checkAlignment },
  { id: 'labels', codes: ['LABELS_MISSING', 'LABELS_MISMATCH', 'LABEL_EVIDENCE', 'LABEL_DETECTION'], description: 'labels agree with the log and the re-run detectors', run: checkLabels },
  { id: 'leakage', codes: ['LEAKAGE'], description: 'no risk words in remarks or counterparties', run: checkLeakage },
  { id: 'injection', codes: ['INJECTION'], description: 'no instructions to a model in remarks or counterparties', run: checkInjection },
  { id: 'drift', codes: ['DRIFT'], description: 'distribution drift against a reference (cclupe drift)' },
];

/** Ids of every registered check. */
export const CHECK_IDS: readonly string[] = CHECKS.map((c) => c.id);
