import { z } from 'zod';

export const SEVERITIES = ['error', 'warning', 'info'] as const;
export const Severity = z.enum(SEVERITIES);
export type Severity = z.infer<typeof Severity>;

/**
 * A finding about a log or a file (SPEC §4). Issues are data: callers switch on `code`, never parse `message`.
 * `line` and `column` are 1-based positions in the file; `row` is the 1-based data row (header excluded).
 * The closed set of codes lives with the validator (`src/schema/issue-codes.ts`).
 */
export const Issue = z.object({
  code: z.string(),
  severity: Severity,
  message: z.string(),
  check: z.string().optional(),
  file: z.string().optional(),
  /** The log the issue is about, when a file holds several (Berka accounts) or when known. */
  log_id: z.string().optional(),
  line: z.number().int().positive().optional(),
  row: z.number().int().positive().optional(),
  column: z.string().optional(),
  txn_id: z.string().optional(),
  related: z.array(z.string()).optional(),
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
});
export type Issue = z.infer<typeof Issue>;
