import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLogText } from '../../src/reader/parse-log.js';
import { validateDataset } from '../../src/io/validate-dataset.js';

const HEAD = 'txn_id\ttimestamp\ttype\tchannel\tcounterparty\tamount\tbalance\tstatus\tlocation\tremark\n';
const log = (counterparty: string, remark: string): string =>
  HEAD + `T0001\t2023-01-04 08:02:19\tSalary\tTRANSFER\tAcme\t100.00\t100.00\tSUCCESS\tCN\tPay\nT0002\t2023-01-05 08:02:19\tPurchase\tPOS\t${counterparty}\t-10.00\t90.00\tSUCCESS\tCN\t${remark}\n`;

describe('formula-leading text cells (D9)', () => {
  it('are found with ASCII and full-width leads (＝ ＋ － ＠), on the fast path of clean rows too', () => {
    for (const cell of ['=1+1', '@SUM(A1)', '+cmd|x', '-2+3', '＝1+1', '＋cmd', '－1', '＠SUM(A1)']) {
      const r = parseLogText(log('Shop', cell), { file: 'a.tsv' });
      expect(r.issues.map((i) => i.code), cell).toEqual(['UNSAFE_TEXT']);
      const c = parseLogText(log(cell, 'Groceries'), { file: 'a.tsv' });
      expect(c.issues.map((i) => i.code), cell).toEqual(['UNSAFE_TEXT']);
    }
    expect(parseLogText(log('Shop', 'a=1'), { file: 'a.tsv' }).issues).toEqual([]);
  });

  it('are a warning by default, an error under --strict, and keep a log out of a --filter-out clean set', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-formula-'));
    const src = join(dir, 'in');
    mkdirSync(src);
    writeFileSync(join(src, 'a-clean.tsv'), log('Shop', 'Groceries'));
    writeFileSync(join(src, 'b-formula.tsv'), log('Shop', '=HYPERLINK(1)'));
    writeFileSync(join(src, 'c-fullwidth.tsv'), log('＠Shop', 'Groceries'));
    const plain = validateDataset(src, { rowCount: null });
    expect(plain.report.summary).toMatchObject({ passed: true, errors: 0, warnings: 2 });
    expect(validateDataset(src, { rowCount: null, strict: true }).report.summary).toMatchObject({ passed: false, errors: 2, failedLogs: 2 });
    const out = join(dir, 'clean');
    const filtered = validateDataset(src, { rowCount: null, filterOut: out });
    expect(filtered.report.summary).toMatchObject({ passed: false, errors: 2 });
    expect(filtered.filtered).toMatchObject({ logs: 1, files: 1 });
    expect(readdirSync(out).filter((n) => !n.startsWith('.'))).toEqual(['a-clean.tsv']);
  });
});
