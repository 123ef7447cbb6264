import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDialect } from '../../src/io/dialect-read.js';
import { parseLogText } from '../../src/reader/parse-log.js';
import { validateDataset } from '../../src/io/validate-dataset.js';
import { validateLog } from '../../src/validate/validate-log.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BERKA = join(ROOT, '..', 'shared', 'data', 'berka', 'trans_test.csv');
const present = existsSync(BERKA);
if (!present) console.warn(`skipping the Berka tests: ${BERKA} is absent`);

describe.skipIf(!present)('Berka trans_test.csv with dialects/berka.json', () => {
  const dialect = readDialect(join(ROOT, 'dialects', 'berka.json'));
  const text = present ? readFileSync(BERKA, 'utf8') : '';
  const options = { rowCount: null, toleranceCents: 15, reorderWithinDay: true, openingBalanceCents: 0 } as const;
  const balanceIssues = (t: string) => parseLogText(t, { file: 'trans_test.csv', dialect }).logs.flatMap((log) => validateLog(log, { ...options, only: ['balance'] }));

  it('reads 354 accounts, date-only, and validates clean with the dialect defaults (exit 0)', () => {
    const { report, results } = validateDataset([BERKA], { dialect, writeValidationJson: false });
    expect(report.summary).toMatchObject({ files: 1, logs: 354, passedLogs: 354, errors: 0, warnings: 0, passed: true });
    expect(results[0].issues).toEqual([]);
  });

  it('chains 100% of rows at tolerance 0.15 with within-day reordering, and not in file order', () => {
    const logs = parseLogText(text, { file: 'trans_test.csv', dialect }).logs;
    expect(logs.every((l) => !l.hasTimeOfDay)).toBe(true);
    expect(balanceIssues(text)).toEqual([]);
    const inFileOrder = logs.flatMap((log) => validateLog(log, { ...options, reorderWithinDay: false, only: ['balance'] }));
    expect(inFileOrder.length).toBeGreaterThan(1000);
  });

  it('flags exactly the row whose amount was changed by 1.00, wherever it sits in its day', () => {
    const lines = text.split('\r\n');
    const header = lines[0].split(';');
    const col = (name: string) => header.indexOf(name);
    const byDay = new Map<string, number[]>();
    lines.forEach((l, i) => {
      if (i === 0 || l === '') return;
      const c = l.split(';');
      const key = `${c[col('account_id')]}|${c[col('date')]}`;
      byDay.set(key, [...(byDay.get(key) ?? []), i]);
    });
    const busy = [...byDay.values()].filter((v) => v.length >= 3);
    const picks = [busy[0][1], busy[1][0], busy[2][busy[2].length - 1], 1, lines.length - 2];
    for (const i of picks) {
      const c = lines[i].split(';');
      c[col('amount')] = (Number(c[col('amount')]) + 1).toFixed(2);
      const edited = [...lines];
      edited[i] = c.join(';');
      const issues = balanceIssues(edited.join('\r\n'));
      expect(issues.map((x) => [x.code, x.line, x.txn_id])).toEqual([['BALANCE_MISMATCH', i + 1, c[col('trans_id')]]]);
    }
  });
});
