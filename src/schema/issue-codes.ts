import type { Issue, Severity } from './issue.js';

/**
 * The closed set of issue codes (SPEC §4), each with the check that raises it, its usual severity and the words
 * its message starts with. Severity may differ per finding where the table says so (e.g. ENCODING: invalid UTF-8 is
 * an error, a BOM is a warning).
 */
export const ISSUE_CODE_TABLE = {
  READ_ERROR: { check: 'file', severity: 'error', title: 'file could not be read' },
  INCOMPLETE_DATASET: { check: 'file', severity: 'error', title: 'dataset is incomplete' },
  ENCODING: { check: 'encoding', severity: 'warning', title: 'encoding problem' },
  HEADER: { check: 'header', severity: 'error', title: 'bad header' },
  HEADER_FORMAT: { check: 'header', severity: 'warning', title: 'header differs from the dialect' },
  FIELD_COUNT: { check: 'fields', severity: 'error', title: 'wrong number of fields' },
  EMPTY_FIELD: { check: 'fields', severity: 'error', title: 'empty required field' },
  BAD_NUMBER: { check: 'fields', severity: 'error', title: 'not a number' },
  BAD_DECIMALS: { check: 'fields', severity: 'error', title: 'more than two decimal places' },
  BAD_TIMESTAMP: { check: 'fields', severity: 'error', title: 'not a valid timestamp' },
  BAD_VALUE: { check: 'fields', severity: 'error', title: 'value not allowed' },
  BAD_TEXT: { check: 'fields', severity: 'error', title: 'forbidden character in text' },
  UNSAFE_TEXT: { check: 'fields', severity: 'warning', title: 'text starts with a spreadsheet formula character' },
  WHITESPACE: { check: 'fields', severity: 'warning', title: 'extra whitespace' },
  NUMBER_FORMAT: { check: 'fields', severity: 'warning', title: 'number not in the dialect format' },
  TIMESTAMP_FORMAT: { check: 'fields', severity: 'warning', title: 'timestamp not in the dialect format' },
  DUPLICATE_TXN_ID: { check: 'duplicates', severity: 'error', title: 'duplicate txn_id' },
  NOT_TIME_ORDERED: { check: 'time-order', severity: 'error', title: 'row earlier than the row before it' },
  OUT_OF_PERIOD: { check: 'period', severity: 'error', title: 'timestamp outside the period' },
  ROW_COUNT: { check: 'row-count', severity: 'error', title: 'row count outside the limits' },
  BAD_SIGN: { check: 'sign', severity: 'error', title: 'amount sign contradicts the type' },
  BALANCE_MISMATCH: { check: 'balance', severity: 'error', title: 'balance does not follow' },
  REFUND_UNPAIRED: { check: 'refunds', severity: 'error', title: 'refund without a matching earlier purchase' },
  REFUND_EXCEEDS_PURCHASE: { check: 'refunds', severity: 'error', title: 'refund larger than what remains of its purchase' },
  REFUND_BEFORE_PURCHASE: { check: 'refunds', severity: 'error', title: 'refund before its purchase' },
  REFUND_OUT_OF_WINDOW: { check: 'refunds', severity: 'error', title: 'refund outside the window after its purchase' },
  REFUND_MISMATCH: { check: 'refunds', severity: 'error', title: 'refund pair in the labels does not match the log' },
  SCHEDULE_MISMATCH: { check: 'loans', severity: 'error', title: 'repayment schedule does not match' },
  ALIGNMENT: { check: 'alignment', severity: 'error', title: 'transaction does not fit the client' },
  LABELS_MISSING: { check: 'labels', severity: 'error', title: 'no labels for this log' },
  LABELS_MISMATCH: { check: 'labels', severity: 'error', title: 'labels disagree with the log' },
  LABEL_EVIDENCE: { check: 'labels', severity: 'error', title: 'label evidence row not in the log' },
  LABEL_DETECTION: { check: 'labels', severity: 'error', title: 'detector re-run disagrees with the label' },
  LEAKAGE: { check: 'leakage', severity: 'error', title: 'remark gives a risk label away' },
  INJECTION: { check: 'injection', severity: 'error', title: 'remark carries an instruction to the model' },
  DRIFT: { check: 'drift', severity: 'warning', title: 'distribution drift beyond the threshold' },
} as const satisfies Record<string, { check: string; severity: Severity; title: string }>;

/** One issue code. */
export type IssueCode = keyof typeof ISSUE_CODE_TABLE;

/** Every issue code, in table order. */
export const ISSUE_CODES = Object.keys(ISSUE_CODE_TABLE) as IssueCode[];

/** An issue whose `code` is known to be one of `ISSUE_CODES`. */
export type ValidationIssue = Issue & { code: IssueCode };

/** What a check knows when it raises an issue; the message and check name are filled in from the code. */
export interface IssueInput {
  code: IssueCode;
  severity?: Severity;
  file?: string;
  log_id?: string;
  line?: number;
  row?: number;
  column?: string;
  txn_id?: string;
  related?: string[];
  expected?: unknown;
  actual?: unknown;
  /** Extra words after the title, e.g. `"(missing column balance)"`. */
  note?: string;
}

/** Whether a string is one of the closed set of issue codes. */
export function isIssueCode(code: string): code is IssueCode {
  return Object.prototype.hasOwnProperty.call(ISSUE_CODE_TABLE, code);
}

const PLAIN_RE = /^[^\s"\\\x00-\x1f\x7f](?:[^"\\\x00-\x1f\x7f]*[^\s"\\\x00-\x1f\x7f])?$/;

/** A value for a message: plain when it reads unambiguously, JSON-quoted when blank, padded or holding control characters. */
function show(v: unknown): string {
  if (typeof v === 'string') {
    const t = v.length > 80 ? v.slice(0, 77) + '...' : v;
    return PLAIN_RE.test(t) && !/ {2}/.test(t) ? t : JSON.stringify(t);
  }
  return JSON.stringify(v) ?? String(v);
}

/**
 * The message of an issue, built from its code: `<title>[ <note>][: expected <e>, got <a> | : got <a>]`.
 * Strings are quoted so that blanks and whitespace show.
 */
export function issueMessage(input: Pick<IssueInput, 'code' | 'expected' | 'actual' | 'note'>): string {
  let msg: string = ISSUE_CODE_TABLE[input.code].title;
  if (input.note) msg += ` ${input.note}`;
  const hasE = input.expected !== undefined;
  const hasA = input.actual !== undefined;
  if (hasE && hasA) msg += `: expected ${show(input.expected)}, got ${show(input.actual)}`;
  else if (hasE) msg += `: expected ${show(input.expected)}`;
  else if (hasA) msg += `: got ${show(input.actual)}`;
  return msg;
}

/** Builds an issue from a code and its facts: fills `severity` (the code's default), `check` and `message`. */
export function makeIssue(input: IssueInput): ValidationIssue {
  const info = ISSUE_CODE_TABLE[input.code];
  const issue: ValidationIssue = {
    code: input.code,
    severity: input.severity ?? info.severity,
    message: issueMessage(input),
    check: info.check,
  };
  if (input.file !== undefined) issue.file = input.file;
  if (input.log_id !== undefined) issue.log_id = input.log_id;
  if (input.line !== undefined) issue.line = input.line;
  if (input.row !== undefined) issue.row = input.row;
  if (input.column !== undefined) issue.column = input.column;
  if (input.txn_id !== undefined) issue.txn_id = input.txn_id;
  if (input.related !== undefined) issue.related = input.related;
  if (input.expected !== undefined) issue.expected = input.expected;
  if (input.actual !== undefined) issue.actual = input.actual;
  return issue;
}
