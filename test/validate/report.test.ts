import { describe, expect, it } from 'vitest';
import type { Log, LogRow } from '../../src/schema/log-row.js';
import { ISSUE_CODES, isIssueCode, issueMessage, makeIssue } from '../../src/schema/issue-codes.js';
import { formatIssue, formatValidationText } from '../../src/validate/format-text.js';
import { CHECKS } from '../../src/validate/registry.js';
import { buildReport, fileResult } from '../../src/validate/report.js';
import { resolveContext, validateLog, validateLogCapped } from '../../src/validate/validate-log.js';
import { checkDuplicates } from '../../src/validate/checks/duplicates.js';
import { checkTimeOrder } from '../../src/validate/checks/time-order.js';
import { checkPeriod } from '../../src/validate/checks/period.js';
import { checkSign } from '../../src/validate/checks/sign.js';
import { checkBalance } from '../../src/validate/checks/balance.js';

const row = (id: string, amount: number, balance: number): LogRow => ({ txn_id: id, timestamp: '2023-01-02 10:00:00', type: amount > 0 ? 'Salary' : 'Purchase', channel: 'POS', counterparty: 'Shop', amountCents: amount, balanceCents: balance, status: 'SUCCESS', location: 'CN', remark: 'r' });

describe('ISSUE_CODES', () => {
  it('is a closed set, each code raised by exactly one registered check', () => {
    const owners = new Map<string, string[]>();
    for (const c of CHECKS) for (const code of c.codes) owners.set(code, [...(owners.get(code) ?? []), c.id]);
    expect([...owners.keys()].sort()).toEqual([...ISSUE_CODES].sort());
    for (const [, ids] of owners) expect(ids).toHaveLength(1);
    expect(isIssueCode('BALANCE_MISMATCH')).toBe(true);
    expect(isIssueCode('BALANCE')).toBe(false);
  });
});

describe('issueMessage', () => {
  it('builds the message from the code, a note, and expected/actual shown plainly or quoted when blank or padded', () => {
    expect(issueMessage({ code: 'BALANCE_MISMATCH', expected: '120.00', actual: '119.00' })).toBe('balance does not follow: expected 120.00, got 119.00');
    expect(issueMessage({ code: 'EMPTY_FIELD', actual: '' })).toBe('empty required field: got ""');
    expect(issueMessage({ code: 'WHITESPACE', actual: ' x' })).toBe('extra whitespace: got " x"');
    expect(issueMessage({ code: 'FIELD_COUNT', note: 'in "a"', expected: 10, actual: 9 })).toBe('wrong number of fields in "a": expected 10, got 9');
  });
});

describe('formatIssue', () => {
  it('prints zod-prettify style with a file:line column location', () => {
    const issue = makeIssue({ code: 'BALANCE_MISMATCH', file: 'logs/p000017.tsv', line: 42, row: 41, column: 'balance', expected: '120.00', actual: '119.00' });
    expect(formatIssue(issue)).toBe('✖ BALANCE_MISMATCH balance does not follow: expected 120.00, got 119.00\n  → at logs/p000017.tsv:42 balance');
    expect(formatIssue(makeIssue({ code: 'ENCODING', file: 'a.tsv', line: 1, actual: 'BOM' }))).toMatch(/^⚠ ENCODING/);
  });
});

describe('buildReport', () => {
  it('counts per check (pass, warn, fail per log), per code, and caps the issues listed per file', () => {
    const good: Log = { logId: 'g', rows: [row('a', 100, 1100), row('b', -100, 1000)], hasTimeOfDay: true, file: 'g.tsv', lines: [2, 3] };
    const bad: Log = { logId: 'b', rows: [row('a', 100, 1100), row('b', -100, 999), row('b', -1, 998)], hasTimeOfDay: true, file: 'b.tsv', lines: [2, 3, 4] };
    const opts = { rowCount: null };
    const results = [
      fileResult('g.tsv', [good], [], new Map([[good, validateLog(good, opts)]])),
      fileResult('b.tsv', [bad], [makeIssue({ code: 'ENCODING', file: 'b.tsv', line: 1, actual: 'BOM' })], new Map([[bad, validateLog(bad, opts)]])),
      fileResult('e.tsv', [], [makeIssue({ code: 'HEADER', file: 'e.tsv', line: 1 })], new Map()),
    ];
    const report = buildReport(results, { version: '0', dialect: 'canonical', maxIssuesPerFile: 2 });
    expect(report.summary).toEqual({ files: 3, logs: 2, rows: 5, passedLogs: 1, failedLogs: 2, failedFiles: 0, errors: 3, warnings: 1, infos: 0, passed: false });
    expect(report.codes).toEqual({ ENCODING: 1, HEADER: 1, DUPLICATE_TXN_ID: 1, BALANCE_MISMATCH: 1 });
    expect(report.checks.balance).toEqual({ pass: 2, warn: 0, fail: 1 });
    expect(report.checks.encoding).toEqual({ pass: 2, warn: 1, fail: 0 });
    expect(report.checks.header).toEqual({ pass: 2, warn: 0, fail: 1 });
    const b = report.files[1];
    expect([b.issues.length, b.more]).toEqual([2, 1]);
    expect(b.issues.map((i) => i.line)).toEqual([1, 3]);
    const text = formatValidationText(results, report, { maxIssuesPerFile: 1 });
    expect(text).toContain('b.tsv (2 errors, 1 warning)');
    expect(text).toContain('  … and 2 more');
    expect(text).not.toContain('g.tsv');
    expect(text.trim().split('\n').pop()).toBe('✖ 2 of 3 logs failed (3 files, 5 rows): 3 errors, 1 warning — ENCODING 1, HEADER 1, DUPLICATE_TXN_ID 1, BALANCE_MISMATCH 1');
  });
});

describe('validateLog', () => {
  it('runs only or skips the named checks and refuses unknown ones', () => {
    const log: Log = { logId: 'x', rows: [row('a', 100, 1100), row('a', -100, 999)], hasTimeOfDay: true };
    expect(validateLog(log, { rowCount: null }).map((i) => i.code)).toEqual(['DUPLICATE_TXN_ID', 'BALANCE_MISMATCH']);
    expect(validateLog(log, { rowCount: null, only: ['balance'] }).map((i) => i.code)).toEqual(['BALANCE_MISMATCH']);
    expect(validateLog(log, { rowCount: null, skip: ['balance'] }).map((i) => i.code)).toEqual(['DUPLICATE_TXN_ID']);
    expect(() => validateLog(log, { only: ['balanse'] })).toThrow(/unknown check "balanse"/);
    expect(validateLog(log, {}).map((i) => i.code)).toContain('ROW_COUNT');
  });
});

describe('a log with more issues than the stack holds arguments (D1)', () => {
  it('is counted exactly, keeps a capped list, and the corpus report still covers every file', () => {
    const n = 150_000;
    const rows = Array.from({ length: n }, () => row('T1', 100, 1100));
    const huge: Log = { logId: 'huge', rows, hasTimeOfDay: true, file: 'huge.tsv', lines: rows.map((_, k) => k + 2) };
    const good: Log = { logId: 'g', rows: [row('a', 100, 1100), row('b', -100, 1000)], hasTimeOfDay: true, file: 'g.tsv', lines: [2, 3] };
    const issues = validateLog(huge, { rowCount: null, only: ['duplicates'] });
    expect(issues.length).toBe(n - 1);
    const results = [fileResult('huge.tsv', [huge], [], new Map([[huge, issues]]), { keepPerLog: 100 }), fileResult('g.tsv', [good], [], new Map([[good, []]]))];
    expect(results[0].issues).toHaveLength(100);
    expect(results[0].dropped).toBe(n - 1 - 100);
    const report = buildReport(results, { version: '0', dialect: 'canonical', maxIssuesPerFile: 10 });
    expect(report.summary).toMatchObject({ files: 2, logs: 2, passedLogs: 1, failedLogs: 1, errors: n - 1 });
    expect(report.codes).toEqual({ DUPLICATE_TXN_ID: n - 1 });
    expect(report.files[0]).toMatchObject({ errors: n - 1, more: n - 1 - 10 });
    expect(report.checks.duplicates).toEqual({ pass: 1, warn: 0, fail: 1 });
    expect(formatValidationText(results, report, { maxIssuesPerFile: 3 })).toContain(`  … and ${n - 1 - 3} more`);
  });
});

describe('validateLogCapped (validate RSS gate)', () => {
  const n = 20_000;
  // every row repeats one txn_id and one balance: a duplicate and a balance mismatch per row after the first
  const rows = Array.from({ length: n }, () => row('T1', 100, 1100));
  const huge: Log = { logId: 'huge', rows, hasTimeOfDay: true, file: 'huge.tsv', lines: rows.map((_, k) => k + 2) };

  it('keeps the first issues in registry order and counts the rest exactly, per code, severity and check', () => {
    const all = validateLog(huge, { rowCount: null });
    const capped = validateLogCapped(huge, { rowCount: null }, 50);
    expect(capped.kept).toEqual(all.slice(0, 50));
    expect(capped.dropped.reduce((s, d) => s + d.n, 0)).toBe(all.length - 50);
    const byCode = (list: ReadonlyArray<{ code: string; n?: number }>) => {
      const m: Record<string, number> = {};
      for (const x of list) m[x.code] = (m[x.code] ?? 0) + (x.n ?? 1);
      return m;
    };
    expect(byCode(capped.dropped)).toEqual(byCode(all.slice(50)));
    expect(capped.dropped.map((d) => d.check).sort()).toEqual(['balance', 'duplicates']);
  });

  it('gives the same file result and report as the full list, strict or not', () => {
    for (const strict of [false, true]) {
      const full = fileResult('huge.tsv', [huge], [], new Map([[huge, validateLog(huge, { rowCount: null })]]), { keepPerLog: 100, strict });
      const capped = fileResult('huge.tsv', [huge], [], new Map([[huge, validateLogCapped(huge, { rowCount: null }, 100)]]), { keepPerLog: 100, strict });
      expect(capped).toEqual(full);
      const opts = { version: '0', dialect: 'canonical', maxIssuesPerFile: 10 };
      expect(buildReport([capped], opts)).toEqual(buildReport([full], opts));
    }
  });

  it('builds no issue past the cap: each row check only counts what it raises there, code by code', () => {
    // every other row: a repeated id, a Purchase paid in, a balance that does not move, a day back and out of period
    const bad: Log = {
      logId: 'bad',
      rows: Array.from({ length: 400 }, (_, k) => ({ ...row('T1', 100, 1100), type: 'Purchase' as const, timestamp: k % 2 ? '2023-01-01 09:00:00' : '2023-01-02 10:00:00' })),
      hasTimeOfDay: true,
      file: 'bad.tsv',
    };
    const options = { rowCount: null, period: { start: '2023-01-02', end: '2023-01-31' } };
    const counted: string[] = [];
    const ctx = {
      ...resolveContext(bad, options),
      emit: () => {
        throw new Error('an issue was built past the cap');
      },
      counted: (code: string) => counted.push(code) > 0,
    };
    for (const check of [checkDuplicates, checkTimeOrder, checkPeriod, checkSign, checkBalance]) expect(check(bad, ctx)).toEqual([]);
    const all = validateLog(bad, { ...options, only: ['duplicates', 'time-order', 'period', 'sign', 'balance'] });
    expect(new Set(all.map((i) => i.code))).toEqual(new Set(['DUPLICATE_TXN_ID', 'NOT_TIME_ORDERED', 'OUT_OF_PERIOD', 'BAD_SIGN', 'BALANCE_MISMATCH']));
    expect(counted).toEqual(all.map((i) => i.code));
  });

  it('leaves a row check with nothing to return when it hands its issues on as it raises them', () => {
    const ctx = { ...resolveContext(huge, { rowCount: null }), emit: () => {} };
    expect(checkDuplicates(huge, ctx)).toEqual([]);
    expect(checkDuplicates(huge, resolveContext(huge, { rowCount: null }))).toHaveLength(n - 1);
  });
});
