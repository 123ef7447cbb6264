import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sniffSeparator } from '../../src/io/sniff-separator.js';
import { tempDir } from '../eval/fixtures.js';
import { skipWithout } from '../support/prerequisites.js';
import { cclupe } from '../support/cli.js';

const CLI = resolve('dist/cli/main.js');

describe('sniffSeparator', () => {
  it.each([
    ['tab', 'a\tb\tc\n1\t2\t3\n4\t5\t6\n', '\t'],
    ['semicolon (Berka)', 'trans_id;account_id;date\n6145;25;960728\n6456;25;960827\n', ';'],
    ['comma with quoted commas', 'Date,Description,Debit\n01/02/2024,"Rent, flat 3",500.00\n02/02/2024,Coffee,3.20\n', ','],
    ['pipe', 'a|b\n1|2\n', '|'],
    ['tab over a comma inside remarks', 'txn_id\tremark\tamount\nT1\tlunch, with team\t-12.00\nT2\tsalary\t900.00\n', '\t'],
  ])('tells %s', (_name, text, sep) => {
    expect(sniffSeparator(text)).toBe(sep);
  });

  it('says nothing for text with no consistent separator', () => {
    expect(sniffSeparator('just some words\nand more, words; here\n')).toBeNull();
    expect(sniffSeparator('')).toBeNull();
  });
});

describe.skipIf(skipWithout(CLI, 'the built CLI (npm run build)'))('cclupe validate on a file in another format', () => {
  const validate = (...args: string[]) => spawnSync(process.execPath, [CLI, 'validate', ...args], { encoding: 'utf8', env: { ...process.env, CI: '1' } });

  it('prints one hint naming the Berka dialect for a ;-separated Berka export, not one error per row', () => {
    const file = join(tempDir(), 'trans.csv');
    const rows = Array.from({ length: 300 }, (_, i) => `${6000 + i};25;9607${String(10 + (i % 18))};credit;credit in cash;900.00;${900 * (i + 1)}.00;;;`);
    writeFileSync(file, ['trans_id;account_id;date;type;operation;amount;balance;k_symbol;bank;account', ...rows].join('\r\n') + '\r\n');
    const r = validate(file);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`cclupe: ${file}:1: looks ';'-separated, not tab-separated as the canonical format is; try --dialect dialects/berka.json\n`);
  });

  it('suggests the debit/credit dialect for a comma-separated bank export with its header', () => {
    const file = join(tempDir(), 'export.csv');
    writeFileSync(file, 'Date,Description,Debit,Credit,Balance\n01/02/2024,"Rent, flat 3",500.00,,1500.00\n02/02/2024,Salary,,2000.00,3500.00\n');
    const r = validate(file, '--json');
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stderr).error).toMatchObject({ kind: 'input', file, line: 1, message: expect.stringContaining('try --dialect dialects/debit-credit.yaml') });
  });

  it('asks for a dialect file when no shipped dialect fits the header', () => {
    const file = join(tempDir(), 'odd.csv');
    writeFileSync(file, 'when,what,how much\n2024-01-02,rent,-500\n2024-01-03,pay,2000\n');
    const r = validate(file);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain("looks ','-separated");
    expect(r.stderr).toContain('describe it in a dialect file (docs/validate.md, Dialects) and pass --dialect FILE');
  });

  it('reports a stray ;-separated file among good logs as errors of that file, and still reports the good logs', async () => {
    const dir = join(tempDir(), 'mixed');
    mkdirSync(dir);
    copyFileSync(resolve('test/fixtures/validate/BAD_SIGN/good.tsv'), join(dir, 'a-good.tsv'));
    writeFileSync(join(dir, 'b-stray.tsv'), 'x;y;z\n1;2;3\n4;5;6\n');
    const r = await cclupe(['validate', dir, '--json', '--no-row-count']);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout);
    const byFile = new Map<string, { passedLogs: number; errors: number }>(report.files.map((f: { file: string; passedLogs: number; errors: number }) => [f.file.split('/').pop(), f]));
    expect(byFile.get('a-good.tsv')).toMatchObject({ passedLogs: 1, errors: 0 });
    expect(byFile.get('b-stray.tsv')).toMatchObject({ passedLogs: 0 });
    expect(byFile.get('b-stray.tsv')?.errors).toBeGreaterThan(0);
  });
});
