import type { ValidationIssue } from '../schema/issue-codes.js';
import type { FileResult, ValidationReport } from './report.js';

const MARK = { error: '✖', warning: '⚠', info: 'ℹ' } as const;

/** Where an issue is: `file:line column` (as editors link it), `file` alone, or the log id. */
export function issueLocation(issue: ValidationIssue): string {
  let where = issue.file ?? issue.log_id ?? '(log)';
  if (issue.line !== undefined) where += `:${issue.line}`;
  if (issue.column !== undefined) where += ` ${issue.column}`;
  if (issue.line === undefined && issue.txn_id !== undefined) where += ` txn ${issue.txn_id}`;
  return where;
}

/**
 * One issue in the style of zod's `prettifyError`:
 * `✖ BALANCE_MISMATCH balance does not follow: expected 120.00, got 119.00` and on the next line `  → at logs/p000017.tsv:42 balance`.
 */
export function formatIssue(issue: ValidationIssue): string {
  return `${MARK[issue.severity]} ${issue.code} ${issue.message}\n  → at ${issueLocation(issue)}`;
}

/**
 * The human report: issues grouped per file (files without issues are left out), at most `maxIssuesPerFile` per
 * file with a count of the rest, then a one-line summary with per-code counts. Pure: returns text.
 */
export function formatValidationText(results: readonly FileResult[], report: ValidationReport, opts: { maxIssuesPerFile?: number } = {}): string {
  const cap = opts.maxIssuesPerFile ?? 20;
  const out: string[] = [];
  for (const r of results) {
    const total = r.tally.errors + r.tally.warnings + r.tally.infos;
    if (total === 0) continue;
    const { errors, warnings } = r.tally;
    const logs = r.logs.length > 1 ? `, ${r.logs.filter((l) => !l.passed).length} of ${r.logs.length} logs failing` : '';
    out.push(`${r.file} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}${logs})`);
    for (const issue of r.issues.slice(0, cap)) out.push(formatIssue(issue).replace(/^/gm, '  '));
    if (total > Math.min(cap, r.issues.length)) out.push(`  … and ${total - Math.min(cap, r.issues.length)} more`);
    out.push('');
  }
  const s = report.summary;
  const codes = Object.entries(report.codes).map(([c, n]) => `${c} ${n}`).join(', ');
  const failedFiles = results.filter((r) => r.dataset && r.tally.errors > 0).map((r) => r.file);
  const files = failedFiles.length ? `, and ${failedFiles.length === 1 ? 'a dataset file' : `${failedFiles.length} dataset files`} (${failedFiles.join(', ')})` : '';
  const head = s.passed ? `✔ ${s.passedLogs} of ${s.logs} logs passed` : `✖ ${s.failedLogs} of ${s.passedLogs + s.failedLogs} logs failed${files}`;
  out.push(`${head} (${s.files} files, ${s.rows} rows): ${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}${codes ? ` — ${codes}` : ''}`);
  return out.join('\n') + '\n';
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
