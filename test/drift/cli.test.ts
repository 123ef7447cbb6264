import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLogTsv } from '../../src/log/format-tsv.js';
import { Reference } from '../../src/schema/reference.js';
import type { Log } from '../../src/schema/log-row.js';
import { makeLog } from './helpers.js';
import { cclupe, cclupeSpawn } from '../support/cli.js';

const root = join(import.meta.dirname, '..', '..');
const berka = join(root, '..', 'shared', 'data', 'berka', 'trans_test.csv');

/** The built CLI in this process (`test/support/cli.ts`); `spawned` runs it as the shell does, for one end-to-end case. */
async function run(args: string[], cwd: string) {
  const r = await cclupe(args, { cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function spawned(args: string[], cwd: string) {
  const r = cclupeSpawn(args, { cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function writeCorpus(dir: string, logs: Log[]): void {
  mkdirSync(dir, { recursive: true });
  for (const log of logs) writeFileSync(join(dir, `${log.logId}.tsv`), formatLogTsv(log));
}

const id = (i: number) => `p${String(i).padStart(6, '0')}`;

describe('cclupe reference build / cclupe drift (the built CLI)', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'cclupe-drift-'));
    writeCorpus(join(tmp, 'ref'), Array.from({ length: 60 }, (_, i) => makeLog(id(i), { seed: 'cli-ref' })));
    writeCorpus(join(tmp, 'same'), Array.from({ length: 60 }, (_, i) => makeLog(id(i), { seed: 'cli-same' })));
    const shifted = Array.from({ length: 60 }, (_, i) => makeLog(id(i), { seed: 'cli-same', scale: 400 }));
    writeCorpus(join(tmp, 'shifted'), shifted);
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('builds a reference with schema version, corpus hash, n, edges and counts', async () => {
    const r = spawned(['reference', 'build', 'ref', '-o', 'ref.json', '--bins', '12'], tmp); // end to end, as the shell runs it
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/60 logs/);
    const ref = Reference.parse(JSON.parse(readFileSync(join(tmp, 'ref.json'), 'utf8')));
    expect(ref.schemaVersion).toBe(1);
    expect(ref.source.corpusHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(ref.source.logs).toBe(60);
    expect(Object.keys(ref.groups)).toEqual(['all', 'personal']); // kind read from the p000000 ids
    expect(ref.groups.all!.features.amount_out.edges!.length).toBe(11);
    // Same input twice gives the same bytes.
    const again = await run(['reference', 'build', 'ref', '-o', 'ref2.json', '--bins', '12'], tmp);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(readFileSync(join(tmp, 'ref2.json'), 'utf8')).toBe(readFileSync(join(tmp, 'ref.json'), 'utf8'));
  });

  it('exits 0 with a per-feature table when nothing drifts', async () => {
    // The reference corpus itself: KL = 0 on every feature. (A fresh 60-log sample can pass 0.1 on rows per log by
    // chance alone, one value per log; the library tests cover fresh samples with 300 logs.)
    const r = await run(['drift', 'ref', '--reference', 'ref.json'], tmp);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^group\s+feature\s+status\s+KL/);
    expect(r.stdout).toMatch(/PASS: 0 feature\(s\) over threshold/);
  });

  it('exits 1 and names the drifted features when amounts shift, writing JSON and HTML', async () => {
    const r = await run(['drift', 'shifted', '--reference', 'ref.json', '--json', '--html', 'report.html', '--out', 'report.json'], tmp);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.passed).toBe(false);
    const drifted = report.pooled.features.filter((f: { status: string }) => f.status === 'drift').map((f: { feature: string }) => f.feature);
    expect(drifted).toEqual(expect.arrayContaining(['amount_in', 'amount_out']));
    expect(JSON.parse(readFileSync(join(tmp, 'report.json'), 'utf8'))).toEqual(report);
    const html = readFileSync(join(tmp, 'report.html'), 'utf8');
    expect(html).toMatch(/<svg/);
    expect(html).not.toMatch(/<script/);
  });

  it('honours per-feature thresholds', async () => {
    const r = await run(['drift', 'shifted', '--reference', 'ref.json', '--json', '--threshold', '100', '--threshold-feature', 'amount_out=0.2'], tmp);
    expect(r.code).toBe(1);
    const drifted = JSON.parse(r.stdout).pooled.features.filter((f: { status: string }) => f.status === 'drift');
    expect(drifted.map((f: { feature: string }) => f.feature)).toEqual(['amount_out']);
    expect(drifted[0].threshold).toBe(0.2);
  });

  it('compares against other logs directly with --against', async () => {
    expect((await run(['drift', 'ref', '--against', 'ref'], tmp)).code).toBe(0);
    expect((await run(['drift', 'shifted', '--against', 'ref'], tmp)).code).toBe(1);
  });

  it('runs a per-log check on fewer bins', async () => {
    const r = await run(['drift', 'same', '--reference', 'ref.json', '--per-log', '--per-log-bins', '4', '--json'], tmp);
    const report = JSON.parse(r.stdout);
    expect(report.perLog.bins).toBe(4);
    expect(report.perLog.logs).toBe(60);
    const rows = report.perLog.features.find((f: { feature: string }) => f.feature === 'rows_per_log');
    expect(rows.logs.not_meaningful).toBe(60); // n = 1 per log: never meaningful
  });

  it('names the SME logs a personal reference could not compare, in text, JSON and HTML', async () => {
    const sme = (i: number) => `s${String(i).padStart(6, '0')}`;
    writeCorpus(join(tmp, 'mixed'), [
      ...Array.from({ length: 60 }, (_, i) => makeLog(id(i), { seed: 'cli-same' })),
      ...Array.from({ length: 21 }, (_, i) => makeLog(sme(i), { seed: 'cli-sme' })),
    ]);
    const text = await run(['drift', 'mixed', '--reference', 'ref.json', '--html', 'mixed.html'], tmp);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('not compared: 21 sme log(s) of the generated corpus: the reference has no sme group');
    const json = JSON.parse((await run(['drift', 'mixed', '--reference', 'ref.json', '--json'], tmp)).stdout);
    expect(json.pooled.groups).toEqual(['personal']);
    expect(json.pooled.unmatched).toEqual([{ group: 'sme', side: 'generated', logs: 21, reason: 'the reference has no sme group' }]);
    expect(readFileSync(join(tmp, 'mixed.html'), 'utf8')).toContain('Not compared: 21 sme log(s) of the generated corpus (the reference has no sme group)');
  });

  it('fails a tripled rare type that KL lets pass, and lists it (rare-category check)', async () => {
    // every 70th row (and each log's first) a Fee in the base corpus, about 2%; every 23rd in the other, about 4.7%
    const withFees = (seed: string, every: number) =>
      Array.from({ length: 60 }, (_, i) => {
        const log = makeLog(id(i), { seed });
        return { ...log, rows: log.rows.map((r, k) => (k % every === 0 ? { ...r, type: 'Fee' as const } : r)) };
      });
    writeCorpus(join(tmp, 'fees-base'), withFees('cli-ref', 70));
    writeCorpus(join(tmp, 'fees-x3'), withFees('cli-same', 23));
    const r = await run(['drift', 'fees-x3', '--against', 'fees-base'], tmp);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\npersonal +type +ok +0\.0\d+ /);
    expect(r.stdout).toMatch(/rare-category check \(a share changing more than 2× and by more than 0\.5 points\):\n.*\npersonal +type +Fee +4\.\d\d% +1\.\d\d% +×2\.\d\d +\d+ +\d+\n/);
    expect(r.stdout).toMatch(/DRIFT: 0 feature\(s\) over threshold, 1 category share\(s\) shifted/);
    const loose = await run(['drift', 'fees-x3', '--against', 'fees-base', '--category-ratio', '4', '--json'], tmp);
    expect(loose.code).toBe(0);
    expect(JSON.parse(loose.stdout).categoryShift).toEqual({ ratio: 4, points: 0.5 });
    expect((await run(['drift', 'fees-x3', '--against', 'fees-base', '--category-ratio', '0.5'], tmp)).code).toBe(2);
  });

  it('rejects bad usage with exit 2 and one line naming the option', async () => {
    const both = await run(['drift', 'same'], tmp);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--reference/);
    const bad = await run(['drift', 'same', '--reference', 'ref.json', '--threshold-feature', 'colour=1'], tmp);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/--threshold-feature/);
    expect((await run(['reference', 'build', 'ref', '-o', 'x.json', '--bins', '1'], tmp)).code).toBe(2);
  });

  it('rejects a file that is not a reference with exit 1', async () => {
    writeFileSync(join(tmp, 'bad.json'), '{"format":"something else"}');
    const r = await run(['drift', 'same', '--reference', 'bad.json'], tmp);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/bad\.json/);
  });

  describe.skipIf(!existsSync(berka))('with the Berka data', () => {
    it('builds a Berka reference marking hour and channel unavailable, not faked', async () => {
      const r = await run(['reference', 'build', berka, '--dialect', join(root, 'dialects', 'berka.json'), '-o', 'berka.json', '--json'], tmp);
      expect(r.code).toBe(0);
      const summary = JSON.parse(r.stdout);
      expect(summary.unavailable).toEqual(['hour', 'channel']);
      expect(summary.source.logs).toBe(354);
      const ref = Reference.parse(JSON.parse(readFileSync(join(tmp, 'berka.json'), 'utf8')));
      expect(ref.groups.all!.features.hour.available).toBe(false);
      expect(ref.groups.all!.features.amount_out.n).toBeGreaterThan(10_000);
    });
  });
  if (!existsSync(berka)) console.warn(`skipping Berka drift test: ${berka} not found`);
});
