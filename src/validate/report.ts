import type { Log } from '../schema/log-row.js';
import { ISSUE_CODES, ISSUE_CODE_TABLE, type IssueCode, type ValidationIssue } from '../schema/issue-codes.js';
import { CHECKS } from './registry.js';

/** The outcome of one file: the logs read from it, every issue, and which logs pass (no error). */
export interface FileResult {
  file: string;
  logs: Array<{ logId: string; rows: number; passed: boolean; errors: number; warnings: number }>;
  issues: ValidationIssue[];
}

/** Per-check outcome over logs: pass (no issue), warn (warnings only), fail (an error). */
export interface CheckCount {
  pass: number;
  warn: number;
  fail: number;
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
  const byLine = new Map<number, Log>();
  for (const log of logs) {
    for (const l of log.lines ?? []) byLine.set(l, log);
    for (const l of log.unreadableLines ?? []) byLine.set(l, log);
  }
  const out = new Map<Log | null, ValidationIssue[]>();
  for (const issue of issues) {
    const owner = issue.line !== undefined ? byLine.get(issue.line) ?? (logs.length === 1 ? logs[0] : null) : logs.length === 1 ? logs[0] : null;
    const list = out.get(owner);
    if (list) list.push(issue);
    else out.set(owner, [issue]);
  }
  return out;
}

/** Outcome of each log of a file, from the file's issues (reader issues and per-log check issues together). */
export function fileResult(file: string, logs: readonly Log[], readerIssues: readonly ValidationIssue[], logIssues: ReadonlyMap<Log, ValidationIssue[]>): FileResult {
  const attributed = attributeIssues(logs, readerIssues);
  const fileLevel = attributed.get(null) ?? [];
  const fileErrors = fileLevel.filter((i) => i.severity === 'error').length;
  const fileWarnings = fileLevel.filter((i) => i.severity === 'warning').length;
  const issues: ValidationIssue[] = [...fileLevel];
  for (const log of logs) for (const i of attributed.get(log) ?? []) issues.push({ ...i, log_id: log.logId });
  const results = logs.map((log) => {
    const own = [...(attributed.get(log) ?? []), ...(logIssues.get(log) ?? [])];
    issues.push(...(logIssues.get(log) ?? []));
    const errors = own.filter((i) => i.severity === 'error').length + fileErrors;
    const warnings = own.filter((i) => i.severity === 'warning').length + fileWarnings;
    return { logId: log.logId, rows: log.rows.length + (log.unreadableLines?.length ?? 0), passed: errors === 0, errors, warnings };
  });
  return { file, logs: results, issues: sortIssues(issues) };
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
 * warnings, passes otherwise; a file that yielded no log counts as one failed unit for the checks that flagged it.
 * `maxIssuesPerFile` caps the issues listed per file (the rest are counted in `more`).
 */
export function buildReport(results: readonly FileResult[], opts: { version: string; dialect: string; maxIssuesPerFile: number }): ValidationReport {
  const checks: Record<string, CheckCount> = {};
  for (const c of CHECKS) checks[c.id] = { pass: 0, warn: 0, fail: 0 };
  const codes: Partial<Record<IssueCode, number>> = {};
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  let logs = 0;
  let rows = 0;
  let passedLogs = 0;
  const files: ValidationReport['files'] = [];
  for (const r of results) {
    let fErrors = 0;
    let fWarnings = 0;
    for (const i of r.issues) {
      codes[i.code] = (codes[i.code] ?? 0) + 1;
      if (i.severity === 'error') fErrors++;
      else if (i.severity === 'warning') fWarnings++;
      else infos++;
    }
    errors += fErrors;
    warnings += fWarnings;
    // per-check outcome per unit (a log, or the file when it gave no log)
    const units = r.logs.length > 0 ? r.logs.length : 1;
    const worst = new Map<string, 'warn' | 'fail'>();
    for (const i of r.issues) {
      const check = i.check ?? ISSUE_CODE_TABLE[i.code].check;
      if (i.severity === 'error') worst.set(check, 'fail');
      else if (i.severity === 'warning' && worst.get(check) !== 'fail') worst.set(check, 'warn');
    }
    const perLogWorst = perLogChecks(r);
    for (const c of CHECKS) {
      if (r.logs.length === 0) {
        const w = worst.get(c.id);
        checks[c.id][w ?? 'pass'] += units;
        continue;
      }
      for (const l of r.logs) {
        const w = perLogWorst.get(l.logId)?.get(c.id);
        checks[c.id][w ?? 'pass'] += 1;
      }
    }
    const fileRows = r.logs.reduce((s, l) => s + l.rows, 0);
    const filePassed = r.logs.filter((l) => l.passed).length;
    logs += r.logs.length;
    rows += fileRows;
    passedLogs += filePassed;
    const listed = r.issues.slice(0, opts.maxIssuesPerFile);
    files.push({ file: r.file, logs: r.logs.length, rows: fileRows, passedLogs: filePassed, errors: fErrors, warnings: fWarnings, issues: listed, more: r.issues.length - listed.length });
  }
  const orderedCodes: Partial<Record<IssueCode, number>> = {};
  for (const c of ISSUE_CODES) if (codes[c]) orderedCodes[c] = codes[c];
  const failedLogs = logs - passedLogs + results.filter((r) => r.logs.length === 0).length;
  return {
    kind: 'cclupe-validation',
    tool: { name: 'cclupe-kit', version: opts.version },
    dialect: opts.dialect,
    summary: { files: results.length, logs, rows, passedLogs, failedLogs, errors, warnings, infos, passed: errors === 0 },
    checks,
    codes: orderedCodes,
    files,
  };
}

/** For each log id of a file, the worst outcome per check (file-level issues count against every log). */
function perLogChecks(r: FileResult): Map<string, Map<string, 'warn' | 'fail'>> {
  const out = new Map<string, Map<string, 'warn' | 'fail'>>();
  for (const l of r.logs) out.set(l.logId, new Map());
  const single = r.logs.length === 1 ? r.logs[0].logId : null;
  for (const i of r.issues) {
    const check = i.check ?? ISSUE_CODE_TABLE[i.code].check;
    const owners = i.log_id !== undefined ? [i.log_id] : single !== null ? [single] : r.logs.map((l) => l.logId);
    for (const id of owners) {
      const m = out.get(id);
      if (!m) continue;
      if (i.severity === 'error') m.set(check, 'fail');
      else if (i.severity === 'warning' && m.get(check) !== 'fail') m.set(check, 'warn');
    }
  }
  return out;
}
