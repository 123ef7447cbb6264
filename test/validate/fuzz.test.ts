import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLogText } from '../../src/reader/parse-log.js';
import { formatLogTsv } from '../../src/log/format-tsv.js';
import { Issue } from '../../src/schema/issue.js';
import type { LogRow } from '../../src/schema/log-row.js';
import { TYPE_DIRECTION, type TransactionType } from '../../src/schema/transaction-types.js';
import { isIssueCode } from '../../src/schema/issue-codes.js';
import { validateLog } from '../../src/validate/validate-log.js';

/** Parses and validates; the properties below say this never throws and gives well-formed issues. */
function check(input: string | Uint8Array) {
  const { logs, issues } = parseLogText(input, { file: 'fuzz.tsv', logId: 'fuzz' });
  const all = [...issues, ...logs.flatMap((log) => validateLog(log, { rowCount: null }))];
  for (const i of all) {
    expect(Issue.safeParse(i).success).toBe(true);
    expect(isIssueCode(i.code)).toBe(true);
    expect(i.file).toBe('fuzz.tsv');
  }
  return { logs, issues, all };
}

const WORDS = ['Groceries', 'Monthly salary', 'Lunch', 'Fuel', 'Rent payment', 'Phone bill', 'Coffee', 'Books', 'Gift', 'Taxi ride'];
const PARTIES = ['Jiale Supermarket', 'Hengda Technology Co., Ltd.', 'Laoma Noodle House', 'Shell Petrol Station', 'City Metro'];
const TYPES = (Object.keys(TYPE_DIRECTION) as TransactionType[]).filter((t) => t !== 'Refund' && t !== 'Loan Repayment');

/** A valid canonical log: increasing times, signs that fit the types, balances that chain (FAILED rows do not move). */
const goodRows = fc
  .record({
    opening: fc.integer({ min: -100_000, max: 10_000_000 }),
    steps: fc.array(
      fc.record({
        gapSeconds: fc.integer({ min: 0, max: 5 * 86_400 }),
        type: fc.constantFrom(...TYPES),
        cents: fc.integer({ min: 1, max: 5_000_000 }),
        failed: fc.boolean(),
        party: fc.constantFrom(...PARTIES),
        remark: fc.constantFrom(...WORDS),
        location: fc.constantFrom('CN', 'HK', 'JP'),
      }),
      { minLength: 1, maxLength: 60 },
    ),
  })
  .map(({ opening, steps }) => {
    let t = Date.UTC(2023, 0, 1) / 1000;
    let bal = opening;
    return steps.map((s, i): LogRow => {
      t += s.gapSeconds;
      const dir = TYPE_DIRECTION[s.type] === 0 ? 1 : TYPE_DIRECTION[s.type];
      const amount = dir * s.cents;
      if (!s.failed) bal += amount;
      return {
        txn_id: `T${String(i + 1).padStart(4, '0')}`,
        timestamp: new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' '),
        type: s.type,
        channel: 'TRANSFER',
        counterparty: s.party,
        amountCents: amount,
        balanceCents: bal,
        status: s.failed ? 'FAILED' : 'SUCCESS',
        location: s.location,
        remark: s.remark,
      };
    });
  })
  .filter((rows) => rows.every((r) => r.timestamp.startsWith('2023')));

describe('parseLogText and validateLog under fuzzing', () => {
  it('never throw on random bytes and always report something', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        expect(check(bytes).all.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('never throw on random text with tabs and newlines', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('\t', '\n', '\r', 'a', '1', '.', '-', '"', ' ', 'é', '2023-01-01 00:00:00', 'SUCCESS', 'Purchase'), { maxLength: 200 }), (parts) => {
        check(parts.join(''));
      }),
      { numRuns: 300 },
    );
  });

  it('never report a valid log bad', () => {
    fc.assert(
      fc.property(goodRows, (rows) => {
        const { logs, all } = check(formatLogTsv({ rows, logId: 'fuzz' }));
        expect(all).toEqual([]);
        expect(logs[0].rows).toEqual(rows);
      }),
      { numRuns: 200 },
    );
  });

  it('never throw on random edits of a valid log, and report each edit that loses a row or breaks the chain', () => {
    fc.assert(
      fc.property(goodRows, fc.record({ at: fc.nat(), del: fc.integer({ min: 0, max: 3 }), ins: fc.string({ maxLength: 4 }) }), (rows, e) => {
        const original = formatLogTsv({ rows, logId: 'fuzz' });
        const at = e.at % (original.length + 1);
        const text = original.slice(0, at) + e.ins + original.slice(at + e.del);
        const { logs, all } = check(text);
        const errors = all.filter((i) => i.severity === 'error');
        const read = logs[0]?.rows ?? [];
        if (read.length < rows.length) expect(errors.length).toBeGreaterThan(0);
        // money moved on a row the chain can check (not the first row's amount: the opening balance is unknown)
        const byId = new Map(rows.map((r, i) => [r.txn_id, { r, i }]));
        const moneyChanged = read.some((r) => {
          const o = byId.get(r.txn_id);
          if (!o || o.r.timestamp !== r.timestamp || o.r.status !== r.status) return false;
          const amount = r.amountCents !== o.r.amountCents && r.status === 'SUCCESS' && o.i > 0;
          const balance = r.balanceCents !== o.r.balanceCents && (o.i > 0 || rows.length > 1);
          return amount || balance;
        });
        if (moneyChanged && read.length === rows.length) expect(errors.map((i) => i.code)).toContain('BALANCE_MISMATCH');
      }),
      { numRuns: 400 },
    );
  });
});
