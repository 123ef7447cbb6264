import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import os from 'node:os';
import { datasetSnapshot } from '../support/dataset-snapshot.js';
import { generateKilledAfterChunk } from '../support/kill-after-chunk.js';
import { Manifest } from '../../src/schema/manifest.js';
import { defaultWorkers, LOGS_PER_WORKER } from '../../src/cli/commands/generate.js';
import { cclupe, cclupeSpawn } from '../support/cli.js';

function tmp(): string {
  return mkdtempSync(join(os.tmpdir(), 'cclupe-generate-'));
}

const snapshot = datasetSnapshot;

const BASE = ['generate', '--count', '40', '--seed', '7', '--profile', 'personal-healthy=2,sme-overdue=1,personal-night-shift=1'];

describe('defaultWorkers', () => {
  it('gives one thread per core, but no more than one per LOGS_PER_WORKER logs', () => {
    expect(LOGS_PER_WORKER).toBe(2000);
    expect([1, 1999, 2000, 3999, 4000, 100_000].map((n) => defaultWorkers(n, 2))).toEqual([1, 1, 1, 1, 2, 2]);
    expect([0, 5999, 6000, 100_000].map((n) => defaultWorkers(n, 8))).toEqual([1, 2, 3, 8]);
    expect(defaultWorkers(100_000, 1)).toBe(1);
  });
});

describe('cclupe generate', () => {
  const ref = tmp();
  // end to end, as the shell runs it; the other cases run the same built program in this process
  const first = cclupeSpawn([...BASE, '--out', join(ref, 'd'), '--json']); // 40 logs: one thread by default

  it('writes logs, labels and a manifest and prints a JSON summary', () => {
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    const summary = JSON.parse(first.stdout) as { logs: number; rows: number; status: string };
    expect(summary).toMatchObject({ logs: 40, status: 'fresh', workers: 1 });
    const dir = join(ref, 'd');
    const logs = readdirSync(join(dir, 'logs')).sort();
    expect(logs).toHaveLength(40);
    expect(logs.every((f) => /^[ps]\d{6}\.tsv$/.test(f))).toBe(true);
    const labels = readFileSync(join(dir, 'labels.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { log_id: string });
    expect(labels.map((l) => `${l.log_id}.tsv`).sort()).toEqual(logs);
    const manifest = Manifest.parse(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')));
    expect(manifest.totals.logs).toBe(40);
    expect(manifest.totals.rows).toBe(summary.rows);
    expect(manifest.packages['@faker-js/faker']).toMatch(/^\d+\.\d+\.\d+$/);
    const l0 = manifest.logs[0];
    expect(createHash('sha256').update(readFileSync(join(dir, 'logs', `${l0.log_id}.tsv`))).digest('hex')).toBe(l0.sha256);
    expect(existsSync(join(dir, '.parts'))).toBe(false);
  });

  it('gives byte-identical output with 2 workers', async () => {
    const d = join(tmp(), 'd');
    const r = await cclupe([...BASE, '--out', d, '--workers', '2', '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ workers: 2 }); // as asked, even for 40 logs
    expect(snapshot(d)).toEqual(snapshot(join(ref, 'd')));
  });

  it('gives shards whose union equals the unsharded run', async () => {
    const root = tmp();
    const all: Record<string, string> = {};
    let labels = '';
    for (const k of [1, 2, 3]) {
      const d = join(root, `s${k}`);
      const r = await cclupe([...BASE, '--out', d, '--shard', `${k}/3`, '--workers', String(k)]);
      expect(r.status).toBe(0);
      for (const [f, h] of Object.entries(snapshot(d))) if (f.startsWith('logs/')) all[f] = h;
      labels += readFileSync(join(d, 'labels.jsonl'), 'utf8');
    }
    const whole = snapshot(join(ref, 'd'));
    expect(all).toEqual(Object.fromEntries(Object.entries(whole).filter(([f]) => f.startsWith('logs/'))));
    expect(labels).toBe(readFileSync(join(ref, 'd', 'labels.jsonl'), 'utf8'));
  });

  it('reports an already complete directory and refuses one made with other options', async () => {
    const again = await cclupe([...BASE, '--out', join(ref, 'd'), '--json']);
    expect(again.status).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ status: 'complete', generated: 0 });
    const other = await cclupe(['generate', '--count', '40', '--seed', '8', '--out', join(ref, 'd')]);
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/^cclupe: --out: .*different options/);
  });

  it.each([
    [['--count', '0'], /--count/],
    [['--count', 'ten'], /--count/],
    [['--rows-min', '300', '--rows-max', '50'], /--rows-max/],
    [['--period', '2023-13-01..2023-12-31'], /--period/],
    [['--period', '2023-12-31..2023-01-01'], /--period/],
    [['--shard', '3/2'], /--shard/],
    [['--workers', '0'], /--workers/],
    [['--profile', 'no-such-profile'], /--profile: no profile no-such-profile/],
    [['--profile', 'personal-healthy=-1'], /--profile/],
    [['--profile', 'personal-healthy,personal-healthy'], /more than once/],
  ])('exits 2 with one line naming the field for %j', async (args, re) => {
    const r = await cclupe(['generate', ...args, '--out', join(tmp(), 'd')]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(re);
  });

  it('exits 2 naming the field of a bad profile file', async () => {
    const dir = tmp();
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ extends: 'personal-healthy', spending: [{ name: 'dining', weight: -3 }] }));
    const r = await cclupe(['generate', '--profile', file, '--out', join(dir, 'd')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad\.json: spending\[\d+\]\.weight/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('exits 2 on profile weights whose sum no number holds (they made every log the last profile)', async () => {
    const dir = tmp();
    const r = await cclupe(['generate', '--count', '10', '--profile', 'personal-healthy=1e308,sme-healthy=1e308', '--out', join(dir, 'd')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^cclupe: --profile: the weights add up to more than a number can hold/);
    expect(existsSync(join(dir, 'd', 'manifest.json'))).toBe(false);
  });

  it('resumes after SIGKILL and ends byte-identical to an uninterrupted run', async () => {
    const args = ['generate', '--count', '300', '--seed', 'resume', '--workers', '1'];
    const root = tmp();
    const whole = join(root, 'whole');
    expect((await cclupe([...args, '--out', whole])).status).toBe(0);
    const cut = join(root, 'cut');
    await generateKilledAfterChunk(args, cut);
    const killedEarly = !existsSync(join(cut, 'manifest.json'));
    const rerun = await cclupe([...args, '--out', cut, '--json']);
    expect(rerun.status).toBe(0);
    if (killedEarly) expect((JSON.parse(rerun.stdout) as { reused: number }).reused).toBeGreaterThan(0);
    expect(snapshot(cut)).toEqual(snapshot(whole));
  });
});
