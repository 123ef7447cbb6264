import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cclupe as run } from '../support/cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'cclupe-validity-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The built CLI in this process (`test/support/cli.ts`). */
async function cclupe(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const r = await run(args, { cwd: work });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('cclupe validity', () => {
  beforeAll(async () => {
    for (const seed of ['1', '2']) expect((await cclupe('generate', '--count', '40', '--seed', seed, '--out', `ds${seed}`, '--questions')).code).toBe(0);
    expect((await cclupe('generate', '--count', '8', '--seed', '3', '--out', 'bare')).code).toBe(0);
  }, 120_000);

  it('prints Table 3 rows, gates, the leak table and injection AUCs, writes JSON and HTML, and exits 0 or 1 by the gates', async () => {
    const r = await cclupe('validity', 'ds1', '--calibration', 'ds2', '--json', '--html', 'v.html');
    const report = JSON.parse(r.stdout);
    expect(r.code).toBe(report.pass ? 0 : 1);
    expect(report.rows.map((x: { method: string }) => x.method)).toEqual(['oracle', 'random', 'chance', 'blind:text-prior', 'blind:rank-prior', 'blind:position-length', 'blind:choices-only', 'other-log-oracle']);
    expect(report.gates.find((g: { id: string }) => g.id === 'oracle').pass).toBe(true);
    const html = readFileSync(join(work, 'v.html'), 'utf8');
    expect(html).toContain('<h2>Gates</h2>');
    expect(html).not.toContain('<script');
    const text = await cclupe('validity', 'ds1', '--calibration', 'ds2');
    expect(text.stdout).toContain('blind:choices-only');
    expect(text.stdout).toContain('Leak table');
  });

  it('refuses a dataset without questions (exit 2) and a calibration set built by other template versions (exit 1, naming them)', async () => {
    const bare = await cclupe('validity', 'bare', '--calibration', 'ds2');
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/questions\.jsonl does not exist/);
    cpSync(join(work, 'ds2'), join(work, 'old'), { recursive: true });
    const q = join(work, 'old', 'questions.jsonl');
    writeFileSync(q, readFileSync(q, 'utf8').replace(/"template":\{"id":"bill-monthly-average","version":1\}/g, '"template":{"id":"bill-monthly-average","version":7}'));
    const r = await cclupe('validity', 'ds1', '--calibration', 'old');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('bill-monthly-average');
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect((await cclupe('validity', 'ds1', '--calibration', 'ds2', '--calibration-seed', '9')).code).toBe(2);
    expect(existsSync(join(work, 'old'))).toBe(true);
  });

  it('asks for --calibration (exit 2) when the dataset was generated from a profile file that is not shipped', async () => {
    const profile = JSON.parse(readFileSync(join(ROOT, 'profiles', 'personal-healthy.json'), 'utf8'));
    writeFileSync(join(work, 'my-bank.json'), JSON.stringify({ ...profile, name: 'my-bank' }));
    // 30 calibration logs for its answer priors (the default 800 cost seconds this test is not about)
    expect((await cclupe('generate', '--count', '8', '--seed', '4', '--profile', './my-bank.json', '--out', 'custom', '--questions', '--prior-logs', '30')).code).toBe(0);
    const r = await cclupe('validity', 'custom');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('profile my-bank, which is not shipped');
    expect(r.stderr).toContain('--calibration DIR');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('answers with the blind baseline in score --baseline blind and all', async () => {
    const r = await cclupe('score', 'ds1', '--baseline', 'all', '--format', 'markdown', '--replicates', '0');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\| blind \|/);
  });
});
