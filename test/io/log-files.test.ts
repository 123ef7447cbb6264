import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cclupe as run, cclupeSpawn } from '../support/cli.js';

const repo = resolve(import.meta.dirname, '../..');

async function cclupe(cwd: string, ...args: string[]) {
  const r = await run(args, { cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** One line on stderr, exit 1, no stack trace. */
function refused(r: { code: number; stderr: string }, pattern: RegExp): void {
  expect(r.code, r.stderr).toBe(1);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe('readWholeLogFile: every command that computes on a dataset reads its logs whole or refuses', () => {
  const root = mkdtempSync(join(tmpdir(), 'cclupe-whole-'));
  const ds = join(root, 'ds');
  const bad = join(root, 'bad');
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  beforeAll(async () => {
    const g = await cclupe(root, 'generate', '-n', '6', '--profile', 'personal-overdue=1,sme-healthy=1', '-s', '7', '-o', 'ds', '-w', '1', '--questions', '--rows-min', '40', '--rows-max', '60');
    expect(g.code, g.stderr).toBe(0);
    expect((await cclupe(root, 'reference', 'build', 'ds', '-o', 'ref.json')).code).toBe(0);
    cpSync(ds, bad, { recursive: true });
    // line 5 of p000001.tsv: its amount (the 7th column) becomes "abc", as in the QA repro
    const file = join(bad, 'logs', 'p000001.tsv');
    const lines = readFileSync(file, 'utf8').split('\n');
    const cells = lines[4].split('\t');
    cells[6] = 'abc';
    lines[4] = cells.join('\t');
    writeFileSync(file, lines.join('\n'));
  });

  const at = /p000001\.tsv:5: amount: not a number: got abc \(BAD_NUMBER/;

  it('questions refuses a malformed row at file:line and leaves questions.jsonl as it was', async () => {
    const before = readFileSync(join(bad, 'questions.jsonl'));
    refused(await cclupe(root, 'questions', 'bad'), at);
    expect(readFileSync(join(bad, 'questions.jsonl')).equals(before)).toBe(true);
  });

  it('show, eval, reference build, drift, perturb and export refuse it the same way', async () => {
    refused(await cclupe(root, 'show', 'bad', 'p000001-q01'), at);
    refused(await cclupe(root, 'eval', 'bad', '--model', 'baseline:oracle', '-o', 'run-bad'), at);
    refused(await cclupe(root, 'reference', 'build', 'bad', '-o', 'ref-bad.json'), at);
    expect(existsSync(join(root, 'ref-bad.json'))).toBe(false);
    refused(await cclupe(root, 'drift', 'bad', '--reference', 'ref.json'), at);
    refused(await cclupe(root, 'perturb', 'bad', '-o', 'p-bad', '--ops', 'typos'), at);
    refused(await cclupe(root, 'export', 'bad', '-o', 'x-bad'), at);
  });

  it('validate still reports the row, and fit still leaves it out and says so', async () => {
    const v = await cclupe(root, 'validate', 'bad', '--no-write');
    expect(v.stdout).toMatch(/BAD_NUMBER/);
    const f = await cclupe(root, 'fit', 'bad', '-o', 'fit.json');
    expect(f.stderr).toMatch(/1 unreadable row\(s\) left out/);
  });

  it('reference build refuses an unreadable row of a foreign CSV read through a dialect', async () => {
    const src = join(repo, 'test', 'fixtures', 'fit', 'debit-credit', 'account-1.csv');
    const lines = readFileSync(src, 'utf8').split('\n');
    lines[3] = lines[3].replace(/\d\d\/01\/2022/, '99/01/2022');
    writeFileSync(join(root, 'bank.csv'), lines.join('\n'));
    const r = cclupeSpawn(['reference', 'build', 'bank.csv', '--dialect', join(repo, 'dialects', 'debit-credit.yaml'), '-o', 'bank-ref.json'], { cwd: root });
    refused({ code: r.status, stderr: r.stderr }, /bank\.csv:4: Date: not a valid timestamp/);
  });

  it('reads a perturbed log corrupted on purpose as far as it goes: eval answers its integrity item', async () => {
    expect((await cclupe(root, 'perturb', 'ds', '-o', 'p-ragged', '--ops', 'ragged-rows', '--severity', '5')).code).toBe(0);
    const r = await cclupe(root, 'eval', 'p-ragged', '--model', 'baseline:oracle', '-o', 'run-ragged');
    expect(r.code, r.stderr).toBe(0);
  });
});

describe('Dataset.logFiles: a dataset is read whole or refused', () => {
  const root = mkdtempSync(join(tmpdir(), 'cclupe-complete-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  beforeAll(async () => {
    const g = await cclupe(root, 'generate', '-n', '4', '--profile', 'personal-overdue=1', '-s', '7', '-o', 'ds', '-w', '1', '--questions', '--rows-min', '40', '--rows-max', '60');
    expect(g.code, g.stderr).toBe(0);
  });
  const copy = (name: string): string => {
    cpSync(join(root, 'ds'), join(root, name), { recursive: true });
    return name;
  };

  it('refuses a log that labels.jsonl names but logs/ lacks: export, perturb and questions', async () => {
    const miss = copy('miss');
    rmSync(join(root, miss, 'logs', 'p000001.tsv'));
    const named = /miss\/logs\/p000001\.tsv: log p000001 named by labels\.jsonl line 2 is missing/;
    refused(await cclupe(root, 'export', miss, '-o', 'x-miss'), named);
    expect(existsSync(join(root, 'x-miss'))).toBe(false);
    refused(await cclupe(root, 'perturb', miss, '-o', 'p-miss', '--ops', 'typos'), named);
    refused(await cclupe(root, 'questions', miss), named);
  });

  it('refuses logs that is a plain file', async () => {
    const lf = copy('lf');
    rmSync(join(root, lf, 'logs'), { recursive: true });
    writeFileSync(join(root, lf, 'logs'), '');
    refused(await cclupe(root, 'export', lf, '-o', 'x-lf'), /lf\/logs: logs is not a directory/);
  });

  it('refuses a directory of a log name instead of skipping it, in validate of a folder of logs too', async () => {
    const dd = copy('dd');
    rmSync(join(root, dd, 'logs', 'p000001.tsv'));
    mkdirSync(join(root, dd, 'logs', 'p000001.tsv'));
    const dir = /dd\/logs\/p000001\.tsv: file could not be read \(a directory/;
    refused(await cclupe(root, 'export', dd, '-o', 'x-dd'), dir);
    refused(await cclupe(root, 'perturb', dd, '-o', 'p-dd', '--ops', 'typos'), dir);
    refused(await cclupe(root, 'questions', dd), dir);
    const v = await cclupe(root, 'validate', join(dd, 'logs'), '--no-write');
    expect(v.code).toBe(1);
    expect(v.stdout).toMatch(/READ_ERROR[^\n]*a directory/);
    expect(readdirSync(join(root, dd, 'logs'))).toContain('p000001.tsv');
  });
});
