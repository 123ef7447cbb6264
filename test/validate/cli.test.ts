import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cclupe as run, cclupeSpawn } from '../support/cli.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FIX = join(ROOT, 'test', 'fixtures', 'validate');
const BERKA = join(ROOT, '..', 'shared', 'data', 'berka', 'trans_test.csv');

/** The built CLI in this process (`test/support/cli.ts`); `spawned` runs it as the shell does, for one end-to-end case. */
async function cclupe(args: string[], cwd: string) {
  const r = await run(args, { cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function spawned(args: string[], cwd: string) {
  const r = cclupeSpawn(args, { cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('cclupe validate (the built CLI)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cclupe-validate-cli-'));
    const mixed = join(dir, 'mixed');
    mkdirSync(mixed);
    copyFileSync(join(FIX, 'BALANCE_MISMATCH', 'good.tsv'), join(mixed, 'a-good.tsv'));
    copyFileSync(join(FIX, 'BALANCE_MISMATCH', 'bad-off-by-one.tsv'), join(mixed, 'b-balance.tsv'));
    copyFileSync(join(FIX, 'FIELD_COUNT', 'bad-extra-tab.tsv'), join(mixed, 'c-ragged.tsv'));
    copyFileSync(join(FIX, 'ENCODING', 'bad-invalid-utf8.tsv'), join(mixed, 'd-bytes.tsv'));
    copyFileSync(join(FIX, 'HEADER', 'bad-empty.tsv'), join(mixed, 'e-empty.tsv'));
    copyFileSync(join(FIX, 'ENCODING', 'bad-crlf.tsv'), join(mixed, 'f-crlf.tsv'));
    writeFileSync(join(mixed, 'g-garbage.tsv'), Buffer.from([0, 255, 9, 10, 13, 34, 200]));
  });

  it('prints issues grouped per file, zod-prettify style, and exits 1 on a mixed directory', async () => {
    const r = spawned(['validate', 'mixed', '--no-row-count'], dir); // end to end, as the shell runs it
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('mixed/b-balance.tsv (1 error, 0 warnings)');
    expect(r.stdout).toMatch(/✖ BALANCE_MISMATCH balance does not follow: expected 8254\.25, got 8253\.25\n\s+→ at mixed\/b-balance\.tsv:5 balance/);
    expect(r.stdout).toContain('✖ FIELD_COUNT');
    expect(r.stdout).toContain('⚠ ENCODING');
    expect(r.stdout).not.toContain('a-good.tsv');
    expect(r.stdout).toMatch(/✖ 5 of 7 logs failed/);
  });

  it('writes a JSON report with per-check and per-code counts and capped issues', async () => {
    const r = await cclupe(['validate', 'mixed', '--no-row-count', '--json', '--max-issues', '1'], dir);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.kind).toBe('cclupe-validation');
    expect(report.summary).toMatchObject({ files: 7, passed: false, failedLogs: 5 });
    expect(report.codes.BALANCE_MISMATCH).toBe(1);
    expect(report.checks.balance).toEqual({ pass: 6, warn: 0, fail: 1 });
    for (const f of report.files) expect(f.issues.length).toBeLessThanOrEqual(1);
    const empty = report.files.find((f: { file: string }) => f.file.endsWith('e-empty.tsv'));
    expect(empty).toMatchObject({ logs: 0, errors: 1 });
    const ragged = report.files.find((f: { file: string }) => f.file.endsWith('c-ragged.tsv'));
    expect(ragged.issues[0]).toMatchObject({ code: 'FIELD_COUNT', line: 4, expected: 10, actual: 11 });
  });

  it('copies only the passing logs with --filter-out', async () => {
    const out = join(dir, 'passing');
    const r = await cclupe(['validate', 'mixed', '--no-row-count', '--filter-out', out], dir);
    expect(r.code).toBe(1);
    expect(readdirSync(out).filter((n) => !n.startsWith('.')).sort()).toEqual(['a-good.tsv', 'f-crlf.tsv']);
    expect(readFileSync(join(out, 'a-good.tsv'))).toEqual(readFileSync(join(dir, 'mixed', 'a-good.tsv')));
  });

  it('exits 0 on clean files and 2 on usage errors', async () => {
    expect((await cclupe(['validate', join(FIX, 'BALANCE_MISMATCH', 'good.tsv'), '--rows', '1..300'], dir)).code).toBe(0);
    const bad = await cclupe(['validate', 'mixed', '--rows', '300..1'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--rows');
    expect((await cclupe(['validate', 'mixed', '--dialect', 'nope.json'], dir)).code).toBe(2);
    expect((await cclupe(['validate', 'mixed', '--only', 'balanse'], dir)).code).toBe(2);
  });

  it('validates a generated dataset against its manifest row limits, writes validation.json, and filters a corrupted one with its labels', async () => {
    const ds = join(dir, 'ds');
    const gen = await cclupe(['generate', '-n', '4', '-s', '11', '-o', ds, '-w', '1', '--rows-min', '20', '--rows-max', '40'], dir);
    expect(gen.code, gen.stderr).toBe(0);
    const ok = await cclupe(['validate', ds], dir);
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.stdout).toContain('✔ 4 of 4 logs passed');
    const written = JSON.parse(readFileSync(join(ds, 'validation.json'), 'utf8'));
    expect(written.summary).toMatchObject({ logs: 4, errors: 0, passed: true });
    // corrupt the third data row's balance of one log
    const logs = readdirSync(join(ds, 'logs')).sort();
    const victim = join(ds, 'logs', logs[1]);
    const lines = readFileSync(victim, 'utf8').split('\n');
    const cells = lines[3].split('\t');
    cells[7] = (Number(cells[7]) + 1).toFixed(2); // balance (after log_id and the six columns before it)
    lines[3] = cells.join('\t');
    writeFileSync(victim, lines.join('\n'));
    const out = join(dir, 'ds-passing');
    const bad = await cclupe(['validate', ds, '--filter-out', out, '--json'], dir);
    expect(bad.code).toBe(1);
    const report = JSON.parse(bad.stdout);
    // the changed log also no longer matches the manifest's sha256: the dataset is not the one generated (D8)
    expect(report.codes).toEqual({ INCOMPLETE_DATASET: 1, BALANCE_MISMATCH: 1 });
    expect(report.files.find((f: { errors: number }) => f.errors > 0).issues[0]).toMatchObject({ file: `logs/${logs[1]}`, line: 4, column: 'balance' });
    expect(readdirSync(join(out, 'logs')).sort()).toEqual(logs.filter((l) => l !== logs[1]));
    const kept = readFileSync(join(out, 'labels.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).log_id);
    expect(kept.sort()).toEqual(logs.filter((l) => l !== logs[1]).map((l) => l.replace(/\.tsv$/, '')));
    // the manifest's complaint is about a dataset file, not one more failing log (it read "2 of 5 logs failed")
    expect(report.summary).toMatchObject({ logs: 4, passedLogs: 3, failedLogs: 1, failedFiles: 1 });
    const text = await cclupe(['validate', ds, '--no-write'], dir);
    expect(text.stdout).toMatch(/✖ 1 of 4 logs failed, and a dataset file \(manifest\.json\)/);
  });

  it('counts a check left out by --only or --skip as skipped, not passed, and refuses a check both run and skipped', async () => {
    const r = await cclupe(['validate', 'mixed', '--no-row-count', '--only', 'balance', '--json'], dir);
    const report = JSON.parse(r.stdout);
    expect(report.checks.labels).toEqual({ pass: 0, warn: 0, fail: 0, skipped: true });
    expect(report.checks.balance).toEqual({ pass: 6, warn: 0, fail: 1 });
    const both = await cclupe(['validate', 'mixed', '--only', 'labels', '--skip', 'labels'], dir);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--only and --skip both name labels');
  });

  it('writes --filter-out into a directory of other files only with --force, as its refusal says', async () => {
    const out = join(dir, 'busy');
    mkdirSync(out);
    writeFileSync(join(out, 'mine.txt'), 'mine');
    const refused = await cclupe(['validate', 'mixed', '--no-row-count', '--filter-out', out], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--force');
    const forced = await cclupe(['validate', 'mixed', '--no-row-count', '--filter-out', out, '--force'], dir);
    expect(forced.code).toBe(1);
    expect(readdirSync(out).filter((n) => !n.startsWith('.')).sort()).toEqual(['a-good.tsv', 'f-crlf.tsv', 'mine.txt']);
    expect(readFileSync(join(out, 'mine.txt'), 'utf8')).toBe('mine');
    expect((await cclupe(['validate', 'mixed', '--force'], dir)).code).toBe(2);
  });

  it.skipIf(!existsSync(BERKA))('exits 0 on the Berka file with its dialect and no other option', async () => {
    const r = await cclupe(['validate', BERKA, '--dialect', join(ROOT, 'dialects', 'berka.json')], dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('✔ 354 of 354 logs passed');
  });
});
