import { z } from 'zod';

export const PERTURB_ACTIONS = ['update', 'insert', 'delete', 'move', 'format', 'header', 'bytes'] as const;

/**
 * One edit made by a perturbation operator (SPEC §9).
 * - `update`/`insert`/`move`: `row` is the 1-based data row in the perturbed log; `delete`: the row in the source log.
 * - `format`: a whole column rewritten by a format change; `count` cells changed, `before`/`after` show the first one.
 * - `header`: a header cell renamed or moved. `bytes`: a file-level change (BOM, line endings).
 */
export const PerturbEdit = z.object({
  op: z.string(),
  action: z.enum(PERTURB_ACTIONS),
  row: z.number().int().positive().optional(),
  column: z.string().optional(),
  txn_id: z.string().optional(),
  before: z.string().nullable().optional(),
  after: z.string().nullable().optional(),
  count: z.number().int().nonnegative().optional(),
  note: z.string().optional(),
});
export type PerturbEdit = z.infer<typeof PerturbEdit>;

/** One applied operator with its severity and resolved parameters. */
export const PerturbStep = z.object({
  op: z.string(),
  kind: z.enum(['preserving', 'corrupting']),
  severity: z.number().int().min(1).max(5),
  rate: z.number().min(0).max(1),
  params: z.record(z.string(), z.unknown()),
});
export type PerturbStep = z.infer<typeof PerturbStep>;

/** One line of a perturbed dataset's `perturbations.jsonl`: how one perturbed log was made from its source. */
export const PerturbRecord = z.object({
  log_id: z.string(),
  source_log_id: z.string(),
  /** `applied`, or `not_applicable` when the source log offers nothing for the operator (no file is written). */
  status: z.enum(['applied', 'not_applicable']),
  seed_key: z.string(),
  steps: z.array(PerturbStep),
  /** True when every step is preserving: the file parses back, through `dialect`, to the source log. */
  preserving: z.boolean(),
  /** True when the source log's questions keep their gold answers on this log. */
  keeps_questions: z.boolean(),
  edits: z.array(PerturbEdit),
  /** 1-based data rows of the perturbed log that were touched (sorted). */
  rows_touched: z.array(z.number().int().positive()),
  /** Canonical columns touched (sorted). */
  columns_touched: z.array(z.string()),
  /** Validator codes expected to catch the corruption (empty for preserving operators). */
  expected_codes: z.array(z.string()),
  /** Integrity categories planted (truth of the integrity item). */
  integrity: z.array(z.string()),
  /** Dataset-relative path of the dialect file to read the log with (always set for preserving logs), or null for canonical TSV. */
  dialect: z.string().nullable(),
  /** Item ids on this log and the clean item each one repeats (null for integrity items). */
  items: z.array(z.object({ id: z.string(), source_id: z.string().nullable() })).optional(),
  sha256: z.string().optional(),
});
export type PerturbRecord = z.infer<typeof PerturbRecord>;
