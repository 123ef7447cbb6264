import type { Rng } from '../random/rng.js';
import type { Log } from '../schema/log-row.js';
import type { LogLabels } from '../schema/labels.js';
import type { CanonicalColumn } from '../schema/transaction-types.js';
import type { PerturbEdit } from '../schema/perturb-manifest.js';
import type { FormatSpec } from './format-spec.js';
import type { IssueCode } from '../schema/issue-codes.js';
import type { IntegrityCategoryId } from './data/integrity-categories.js';

/** Severity of a perturbation, 1 (mild) to 5 (harsh). */
export type SeverityLevel = 1 | 2 | 3 | 4 | 5;

/**
 * `preserving`: every question's gold answer stays true (the file may look different, the facts do not).
 * `corrupting`: the log is now wrong, and the validator must say so.
 */
export type OperatorKind = 'preserving' | 'corrupting';

/**
 * Where an operator works:
 * - `log`: on the canonical in-memory log (values, rows, labels);
 * - `format`: on the description of how the log is written (column order, header names, number and date format…);
 * - `cells`: on the rendered text cells, after formatting (whitespace, ragged rows, stray quotes…).
 */
export type OperatorStage = 'log' | 'format' | 'cells';

/** The rendered file before it is joined into text: header and data cells, with the format that produced them. */
export interface CellTable {
  /** Header cells, in file order. */
  header: string[];
  /** Canonical column held at each file position. */
  columns: CanonicalColumn[];
  /** Data cells per row; a row may be ragged after a corrupting cell operator. */
  rows: string[][];
  format: FormatSpec;
}

/** What every operator receives besides its own data. */
export interface OperatorContext {
  rng: Rng;
  severity: SeverityLevel;
  /** Share of eligible rows/cells/values touched; the severity table gives the default. */
  rate: number;
}

/** A log together with its labels (null for foreign logs) and, for splicing, another log to borrow from. */
export interface LogState {
  log: Log;
  labels: LogLabels | null;
  donor: Log | null;
}

/** The result of an operator: the new state and the edits it made. */
export interface OperatorResult<S> {
  state: S;
  edits: PerturbEdit[];
  /** Operator-specific parameters actually used (after the severity table and the draws). */
  params: Record<string, unknown>;
}

interface OperatorBase<P> {
  id: string;
  kind: OperatorKind;
  /** True when the log's questions keep their gold answers (all preserving operators; injection also does). */
  keepsQuestions: boolean;
  /** One-line description, used in docs and `--help`. */
  summary: string;
  /** Parameters per severity 1..5 (data; documented in docs/perturb.md). */
  severityParams: readonly [P, P, P, P, P];
  /** Validator codes that must catch a corrupting operator (any one of them counts as "expected"). */
  expectedCodes: readonly IssueCode[];
  /** Integrity categories (see `INTEGRITY_CATEGORIES`) this corruption plants in the log. */
  integrity: readonly IntegrityCategoryId[];
  /** Whether `rate` changes what the operator does (false for whole-file format operators). */
  usesRate: boolean;
}

/** An operator on the canonical log. Returns null when the log offers nothing to work on (e.g. no loan). */
export interface LogOperator<P = Record<string, unknown>> extends OperatorBase<P> {
  stage: 'log';
  apply(state: LogState, params: P, ctx: OperatorContext): OperatorResult<LogState> | null;
}

/** An operator on the written format: it changes how values are written, never the values. */
export interface FormatOperator<P = Record<string, unknown>> extends OperatorBase<P> {
  stage: 'format';
  apply(format: FormatSpec, params: P, ctx: OperatorContext): OperatorResult<FormatSpec> | null;
}

/** An operator on the rendered cells. */
export interface CellOperator<P = Record<string, unknown>> extends OperatorBase<P> {
  stage: 'cells';
  apply(table: CellTable, params: P, ctx: OperatorContext): OperatorResult<CellTable> | null;
}

/** Any perturbation operator. */
export type Operator<P = any> = LogOperator<P> | FormatOperator<P> | CellOperator<P>;
