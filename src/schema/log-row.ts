import { z } from 'zod';
import { CHANNELS, STATUSES, TRANSACTION_TYPES } from './transaction-types.js';

/** `YYYY-MM-DD HH:MM:SS`, local time. */
export const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Characters the canonical format never carries inside a field. */
export const FORBIDDEN_FIELD_CHARS_RE = /[\t\n\r"]/;
/**
 * A leading character that a spreadsheet would run as a formula: `=`, `+`, `-`, `@`, and their full-width forms
 * (`＝ ＋ － ＠`, which East Asian input methods type and some spreadsheets fold to ASCII).
 */
export const FORMULA_LEAD_RE = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

const text = z
  .string()
  .min(1)
  .refine((s) => !FORBIDDEN_FIELD_CHARS_RE.test(s), 'contains tab, newline, carriage return or quote')
  .refine((s) => !FORMULA_LEAD_RE.test(s), 'starts with = + - or @');

/**
 * One row of a log in canonical in-memory form (SPEC §1).
 * Money is held as integer cents so that the balance rule is exact.
 */
export const LogRow = z.object({
  txn_id: text,
  timestamp: z.string().regex(TIMESTAMP_RE),
  type: z.enum(TRANSACTION_TYPES),
  channel: z.enum(CHANNELS),
  counterparty: text,
  amountCents: z.number().int(),
  balanceCents: z.number().int(),
  status: z.enum(STATUSES),
  location: z.string().regex(/^[A-Z]{2}$/),
  remark: text,
});
export type LogRow = z.infer<typeof LogRow>;

export const CLIENT_KINDS = ['personal', 'sme'] as const;
export const ClientKind = z.enum(CLIENT_KINDS);
export type ClientKind = z.infer<typeof ClientKind>;

/**
 * One account holder's log. `hasTimeOfDay` is false for sources such as Berka that carry dates only
 * (their timestamps then read `00:00:00` and within-day order is unknown).
 */
export interface Log {
  logId: string;
  rows: LogRow[];
  clientKind?: ClientKind;
  businessCategory?: string;
  /** The generator profile (from labels.jsonl), when known: the question builder balances answers within it. */
  profile?: string;
  hasTimeOfDay: boolean;
  /** Where the log came from, for issue locations. */
  file?: string;
  /** 1-based source line of each row (same length as `rows`), when read from a file; for issue locations. */
  lines?: number[];
  /** 1-based source lines of this log's rows that could not be read (reported as issues); checks treat them as gaps. */
  unreadableLines?: number[];
}
