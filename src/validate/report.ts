import type { Log } from '../schema/log-row.js';
import { ISSUE_CODES, ISSUE_CODE_TABLE, type IssueCode, type ValidationIssue } from '../schema/issue-codes.js';
import { CHECKS } from './registry.js';
import type { CappedIssues } from './validate-log.js';

/** Issues kept per log (and for the file-level issues) by default; the rest are counted exactly but not kept. */
export const MAX_KEPT_ISSUES_PER_LOG = 1000;

/** The worst outcome of each check that flagged something: `fail` with an error, `warn` with warnings only. */
export type CheckWorst = Record<string, 'warn' | 'fail'>;

/** Exact issue counts of a file, whatever the cap on the issues kept. */
export interface IssueTally {
  errors: number;
  warnings: number;
  infos: number;
  codes: Partial<Record<IssueCode, number>>;
}

/**
 * The outcome of one file: the logs read from it, the issues kept (at most `keepPerLog` per log and for the file
 * itself, in file order), exact counts of every issue, and which logs pass (no error).
 */
export interface FileResult {
  file: string;
  logs: Array<{ logId: string; rows: number; passed: boolean; errors: number; warnings: number; checks: CheckWorst }>;
  issues: ValidationIssue[];
  /** Exact counts over every issue, kept or not. */
  tally: IssueTally;
  /** The worst outcome per check over the whole file (used when the file gave no log). */
  checks: CheckWorst;
  /** Issues counted in `tally` but not kept in `issues`. */
  dropped: number;
  /**
   * A file of the dataset that is not a log (manifest.json, labels.jsonl, `(dataset)`): it counts as a failed file,
   * not as a log, and in a check only when that check flagged it.
   */
  dataset?: true;
}

/** Per-check outcome over logs: pass (no issue), warn (warnings only), fail (an error). */
export interface CheckCount {
  pass: number;
  warn: number;
  fail: number;
  /** The check did not run (`--only`, `--skip`): its counts are all zero, not passes. */
  skipped?: true;
}

/** The run report (`--json`, `validation.json`): counts per check and per code, and capped issues per file. */
export interface ValidationReport {
  kind: 'cclupe-validation';
  tool: { name: 'cclupe-kit'; version: string };
  dialect: string;
  summary: {
    files: number;
    logs: number;
    rows: number;
    passedLogs: number;
    failedLogs: number;
    /** Files of the dataset that are not logs (`FileResult.dataset`) with an error: manifest.json, labels.jsonl. */
    failedFiles: number;
    errors: number;
    warnings: number;
    infos: number;
    passed: boolean;
  };
  checks: Record<string, CheckCount>;
  codes: Partial<Record<IssueCode, number>>;
  files: Array<{
    file: string;
    logs: number;
    rows: number;
    passedLogs: number;
    errors: number;
    warnings: number;
    issues: ValidationIssue[];
    /** Issues left out of `issues` by the cap. */
    more: number;
  }>;
}

/**
 * Which log of a file an issue belongs to: the log whose rows (or unreadable rows) include the issue's line,
 * the log with the issue's `txn_id` message scope, else null (a file-level issue, which counts against every log).
 */
export function attributeIssues(logs: readonly Log[], issues: readonly ValidationIssue[]): Map<Log | null, ValidationIssue[]> {
  const out = new Map<Log | null, ValidationIssue[]>();
  if (issues.length === 0) return out;
  // one log or none: every issue is that log's (or the file's); no line table is needed (a table of every line of a
  // million-row log would cost more than the log's own rows)
  if (logs.length <= 1) {
    out.set(logs.length === 1 ? logs[0] : null, issues.slice());
    return out;
  }
  const byLine = new Map<number, Log>();
  for (const log of logs) {
    for (const l of log.lines ?? []) byLine.set(l, log);
    for (const l of log.unreadableLines ?? []) byLine.set(l, log);
  }
  for (const issue of issues) {
    const owner = issue.line !== undefined ? byLine.get(issue.line) ?? (logs.length === 1 ? logs[0] : null) : logs.length === 1 ? logs[0] : null;
    const list = out.get(owner);
    if (list) list.push(issue);
    else out.set(owner, [issue]);
  }
  return out;
}

/** Options of `fileResult`. */
export interface FileResultOptions {
  /** Issues kept per log and for the file itself; default `MAX_KEPT_ISSUES_PER_LOG`. Counts stay exact. */
  keepPerLog?: number;
  /** Count warnings as errors (`--strict`). */
  strict?: boolean;
  /** Codes counted as errors whatever their usual severity (`UNSAFE_TEXT` when filtering a clean set). */
  errorCodes?: ReadonlySet<IssueCode>;
  /** The file is one of the dataset's, not a log (`FileResult.dataset`). */
  dataset?: boolean;
}

/** Adds one issue to a tally and to a per-check worst outcome. */
function count(issue: ValidationIssue, tally: IssueTally, worst: CheckWorst): void {
  tally.codes[issue.code] = (tally.codes[issue.code] ?? 0) + 1;
  if (issue.severity === 'error') tally.errors++;
  else if (issue.severity === 'warning') tally.warnings++;
  else tally.infos++;
  const check = issue.check ?? ISSUE_CODE_TABLE[issue.code].check;
  if (issue.severity === 'error') worst[check] = 'fail';
  else if (issue.severity === 'warning' && worst[check] !== 'fail') worst[check] = 'warn';
}

/**
 * Outcome of each log of a file, from the file's issues (reader issues and per-log check issues together).
 * Every issue is counted; at most `keepPerLog` of each log (and of the file-level ones) are kept, so a log with
 * millions of issues costs the same memory as one with a thousand. No array is ever spread into a call.
 */
export function fileResult(
  file: string,
  logs: readonly Log[],
  readerIssues: readonly ValidationIssue[],
  logIssues: ReadonlyMap<Log, ValidationIssue[] | CappedIssues>,
  opts: FileResultOptions = {},
): FileResult {
  const keep = opts.keepPerLog ?? MAX_KEPT_ISSUES_PER_LOG;
  const strict = (i: ValidationIssue): ValidationIssue =>
    i.severity !== 'error' && ((opts.strict && i.severity === 'warning') || opts.errorCodes?.has(i.code)) ? { ...i, severity: 'error' } : i;
  const attributed = attributeIssues(logs, readerIssues);
  const tally: IssueTally = { errors: 0, warnings: 0, infos: 0, codes: {} };
  const checks: CheckWorst = {};
  const issues: ValidationIssue[] = [];
  let dropped = 0;
  /** Counts issues into a unit's tally and worst outcomes (and the file's), keeping the first `keep` of them. */
  const unit = (worst: CheckWorst) => {
    const own: IssueTally = { errors: 0, warnings: 0, infos: 0, codes: {} };
    let kept = 0;
    const take = (i: ValidationIssue): void => {
      count(i, own, worst);
      count(i, tally, checks);
      if (kept++ < keep) issues.push(i);
      else dropped++;
    };
    return { own, worst, take };
  };
  const fileLevel = unit({});
  for (const i of attributed.get(null) ?? []) fileLevel.take(strict(i));
  const results = logs.map((log) => {
    const { own, worst, take } = unit({ ...fileLevel.worst });
    for (const i of attributed.get(log) ?? []) take(strict({ ...i, log_id: log.logId }));
    const found = logIssues.get(log) ?? [];
    if (Array.isArray(found)) for (const i of found) take(strict(i));
    else {
      for (const i of found.kept) take(strict(i));
      // issues left out by the log's own cap come after its kept ones: counted, never kept here either
      for (const d of found.dropped) {
        const i = strict({ code: d.code, severity: d.severity, check: d.check } as ValidationIssue);
        for (let n = 0; n < d.n; n++) take(i);
      }
    }
    const errors = own.errors + fileLevel.own.errors;
    const warnings = own.warnings + fileLevel.own.warnings;
    return { logId: log.logId, rows: log.rows.length + (log.unreadableLines?.length ?? 0), passed: errors === 0, errors, warnings, checks: worst };
  });
  return { file, logs: results, issues: sortIssues(issues), tally, checks, dropped, ...(opts.dataset ? { dataset: true as const } : {}) };
}

/** Issues in file order: by line (file-level issues first), then row, keeping the checks' order for ties. */
export function sortIssues(issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues
    .map((issue, k) => ({ issue, k }))
    .sort((a, b) => (a.issue.line ?? 0) - (b.issue.line ?? 0) || (a.issue.row ?? 0) - (b.issue.row ?? 0) || a.k - b.k)
    .map((x) => x.issue);
}

/**
 * Builds the run report. Check counts are per log: a log fails a check with one of its errors, warns with only
 * warnings, passes otherwise; a log file that yielded no log counts as one unit (failed for the checks that flagged
 * it); a file of the dataset that is not a log (`FileResult.dataset`) counts as a failed file, and in a check only
 * when the check flagged it. A check that did not run (not in `ran`) is marked `skipped`, its counts zero.
 * `maxIssuesPerFile` caps the issues listed per file (the rest are counted in `more`); every count is exact.
 */
export function buildReport(
  results: readonly FileResult[],
  opts: { version: string; dialect: string; maxIssuesPerFile: number; ran?: ReadonlySet<string> },
): ValidationReport {
  const checks: Record<string, CheckCount> = {};
  for (const c of CHECKS) checks[c.id] = opts.ran && !opts.ran.has(c.id) ? { pass: 0, warn: 0, fail: 0, skipped: true } : { pass: 0, warn: 0, fail: 0 };
  const codes: Partial<Record<IssueCode, number>> = {};
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  let logs = 0;
  let rows = 0;
  let passedLogs = 0;
  const files: ValidationReport['files'] = [];
  for (const r of results) {
    for (const [code, n] of Object.entries(r.tally.codes) as Array<[IssueCode, number]>) codes[code] = (codes[code] ?? 0) + n;
    errors += r.tally.errors;
    warnings += r.tally.warnings;
    infos += r.tally.infos;
    // per-check outcome per unit (a log, or the file when it gave no log)
    for (const c of CHECKS) {
      if (checks[c.id].skipped) continue;
      if (r.dataset) {
        const worst = r.checks[c.id];
        if (worst) checks[c.id][worst] += 1;
      } else if (r.logs.length === 0) checks[c.id][r.checks[c.id] ?? 'pass'] += 1;
      else for (const l of r.logs) checks[c.id][l.checks[c.id] ?? 'pass'] += 1;
    }
    let fileRows = 0;
    let filePassed = 0;
    for (const l of r.logs) {
      fileRows += l.rows;
      if (l.passed) filePassed++;
    }
    logs += r.logs.length;
    rows += fileRows;
    passedLogs += filePassed;
    const listed = r.issues.slice(0, opts.maxIssuesPerFile);
    const total = r.tally.errors + r.tally.warnings + r.tally.infos;
    files.push({ file: r.file, logs: r.logs.length, rows: fileRows, passedLogs: filePassed, errors: r.tally.errors, warnings: r.tally.warnings, issues: listed, more: total - listed.length });
  }
  const orderedCodes: Partial<Record<IssueCode, number>> = {};
  for (const c of ISSUE_CODES) if (codes[c]) orderedCodes[c] = codes[c];
  const failedLogs = logs - passedLogs + results.filter((r) => r.logs.length === 0 && !r.dataset).length;
  const failedFiles = results.filter((r) => r.dataset && r.tally.errors > 0).length;
  return {
    kind: 'cclupe-validation',
    tool: { name: 'cclupe-kit', version: opts.version },
    dialect: opts.dialect,
    summary: { files: results.length, logs, rows, passedLogs, failedLogs, failedFiles, errors, warnings, infos, passed: errors === 0 },
    checks,
    codes: orderedCodes,
    files,
  };
}
