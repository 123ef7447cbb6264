import type { LogLabels } from '../schema/labels.js';
import type { Log } from '../schema/log-row.js';
import { CclupeError } from '../errors.js';
import { ISSUE_CODE_TABLE, type IssueCode, type ValidationIssue } from '../schema/issue-codes.js';
import type { CheckContext, ValidationPeriod } from './context.js';
import { releaseLogFacts } from './context.js';
import { CHECKS, CHECK_IDS } from './registry.js';

/** Default row-count limits (SPEC §4). */
export const DEFAULT_ROW_COUNT = { min: 50, max: 300 } as const;
/** Default refund window in days (SPEC §1 Refunds). */
export const DEFAULT_REFUND_WINDOW_DAYS = 60;
/** Default days a `paid` installment may post away from its due date. */
export const DEFAULT_INSTALLMENT_GRACE_DAYS = 5;

/** Options of `validateLog`; every field has a default. */
export interface ValidateOptions {
  /** The log's labels line (exact refund/loan/signal checks), or null/absent for heuristics. */
  labels?: LogLabels | null;
  /** The log comes from a generated dataset (labels or manifest present). Default: labels given. */
  generated?: boolean;
  /** Inclusive dates; default: the labels' period, else no period check. */
  period?: ValidationPeriod | null;
  /** Row-count limits or null for none; default 50–300. */
  rowCount?: { min: number; max: number } | null;
  /** Reorder rows within a day to reconcile balances; default: when the log has no time of day. */
  reorderWithinDay?: boolean;
  /** Balance tolerance in cents; default 0. */
  toleranceCents?: number;
  /** Opening balance in cents; default: the labels' opening balance, else unknown. */
  openingBalanceCents?: number | null;
  refundWindowDays?: number;
  installmentGraceDays?: number;
  /** Run only these checks (ids from `CHECK_IDS`). */
  only?: readonly string[];
  /** Skip these checks. */
  skip?: readonly string[];
  /** File name for issue locations; default `log.file`. */
  file?: string;
}

/**
 * The checks a run with these options performs: every check the reader makes (they have no `run` of their own and
 * cannot be left out), and of the others those `only` names (all when absent) that `skip` does not.
 */
export function checksRun(options: Pick<ValidateOptions, 'only' | 'skip'>): ReadonlySet<string> {
  const only = options.only ? new Set(options.only) : null;
  const skip = new Set(options.skip ?? []);
  return new Set(CHECKS.filter((e) => !e.run || (!skip.has(e.id) && (!only || only.has(e.id)))).map((e) => e.id));
}

/** Resolves options into the context checks see. Throws a `CclupeError` on an unknown check id (a programmer error). */
export function resolveContext(log: Log, options: ValidateOptions = {}): CheckContext {
  for (const id of [...(options.only ?? []), ...(options.skip ?? [])]) {
    if (!CHECK_IDS.includes(id)) throw new CclupeError(`unknown check "${id}"; known: ${CHECK_IDS.join(', ')}`);
  }
  const labels = options.labels ?? null;
  return {
    labels,
    generated: options.generated ?? labels !== null,
    period: options.period !== undefined ? options.period : labels ? { start: labels.period.start, end: labels.period.end } : null,
    rowCount: options.rowCount !== undefined ? options.rowCount : DEFAULT_ROW_COUNT,
    reorderWithinDay: options.reorderWithinDay ?? !log.hasTimeOfDay,
    toleranceCents: options.toleranceCents ?? 0,
    openingBalanceCents: options.openingBalanceCents !== undefined ? options.openingBalanceCents : labels ? labels.opening_balance_cents : null,
    refundWindowDays: options.refundWindowDays ?? DEFAULT_REFUND_WINDOW_DAYS,
    installmentGraceDays: options.installmentGraceDays ?? DEFAULT_INSTALLMENT_GRACE_DAYS,
    file: options.file ?? log.file,
  };
}

/**
 * Runs every registered check on one canonical log and returns the issues, in registry order (SPEC §4).
 * Pure: reads no file. With labels, the log's client kind and business category default to the labels' ones.
 * Cost: O(rows) per check, plus the sixteen detectors when labels are given.
 */
export function validateLog(log: Log, options: ValidateOptions = {}): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  runChecks(log, options, null, (i) => out.push(i));
  return out;
}

/** Issues of one log left out by a cap, counted per code, severity and check (all a report's counts need). */
export interface DroppedIssues {
  code: IssueCode;
  severity: ValidationIssue['severity'];
  check: string;
  n: number;
}

/** A log's issues under a cap: the first ones, in registry order, and exact counts of the rest. */
export interface CappedIssues {
  kept: ValidationIssue[];
  dropped: DroppedIssues[];
}

/**
 * `validateLog` keeping only the first `keep` issues (in registry order) and counting the rest exactly, so a log
 * with millions of issues holds at most `keep` of them (plus one check's own list while it runs).
 */
export function validateLogCapped(log: Log, options: ValidateOptions, keep: number): CappedIssues {
  const kept: ValidationIssue[] = [];
  const dropped = new Map<string, DroppedIssues>();
  let last: DroppedIssues | null = null;
  const drop = (code: IssueCode, severity: ValidationIssue['severity'], check: string): void => {
    // a run of one check's issues counts into the same entry without a key being built
    if (last !== null && last.code === code && last.severity === severity && last.check === check) {
      last.n++;
      return;
    }
    const key = `${code}\u0000${severity}\u0000${check}`;
    last = dropped.get(key) ?? null;
    if (last) last.n++;
    else dropped.set(key, (last = { code, severity, check, n: 1 }));
  };
  const emit = (i: ValidationIssue): void => {
    if (kept.length < keep) kept.push(i);
    else drop(i.code, i.severity, i.check ?? ISSUE_CODE_TABLE[i.code].check);
  };
  // past the cap a row check's issue is counted as its code's own severity and check, without being built
  const counted = (code: IssueCode): boolean => {
    if (kept.length < keep) return false;
    const info = ISSUE_CODE_TABLE[code];
    drop(code, info.severity, info.check);
    return true;
  };
  runChecks(log, options, { emit, counted }, emit);
  return { kept, dropped: [...dropped.values()] };
}

/**
 * Runs the checks (see `validateLog`), handing each issue to `emit` in registry order; with `stream`, row checks
 * hand theirs on as they raise them instead of returning a list, and past the cap only count them.
 */
function runChecks(log: Log, options: ValidateOptions, stream: Pick<CheckContext, 'emit' | 'counted'> | null, emit: (issue: ValidationIssue) => void): void {
  const ctx = resolveContext(log, options);
  if (stream) {
    ctx.emit = stream.emit;
    ctx.counted = stream.counted;
  }
  let target = log;
  if (ctx.labels && (!log.clientKind || (log.businessCategory === undefined && ctx.labels.business_category))) {
    target = { ...log, clientKind: log.clientKind ?? ctx.labels.client_kind };
    const category = log.businessCategory ?? ctx.labels.business_category;
    if (category) target.businessCategory = category;
  }
  const ran = checksRun(options);
  try {
    for (const entry of CHECKS) {
      if (!entry.run || !ran.has(entry.id)) continue;
      const found = entry.run(target, ctx);
      for (let i = 0; i < found.length; i++) emit(found[i]);
    }
  } finally {
    releaseLogFacts(target);
  }
}
