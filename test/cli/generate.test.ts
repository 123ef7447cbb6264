import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  describe('a re-run on a finished dataset checks every file the manifest lists', () => {
    const damaged = (mutate: (d: string) => void): string => {
      const d = join(tmp(), 'd');
      cpSync(join(ref, 'd'), d, { recursive: true });
      mutate(d);
      return d;
    };
    const logIds = (): string[] => (JSON.parse(readFileSync(join(ref, 'd', 'manifest.json'), 'utf8')) as Manifest).logs.map((l) => l.log_id);

    it('says it verified an intact one and changes nothing', async () => {
      const r = await cclupe([...BASE, '--out', join(ref, 'd')]);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/\(already complete, verified; /);
    });

    it('regenerates a deleted logs/ directory and says so, ending byte-identical', async () => {
      const d = damaged((d) => rmSync(join(d, 'logs'), { recursive: true }));
      const r = await cclupe([...BASE, '--out', d, '--json']);
      expect(r.status).toBe(0);
      expect((JSON.parse(r.stdout) as { repaired: string[] }).repaired).toEqual(logIds().map((id) => `logs/${id}.tsv`));
      expect(snapshot(d)).toEqual(snapshot(join(ref, 'd')));
    });

    it('regenerates a truncated log and a damaged labels.jsonl before --questions reads them', async () => {
      const [a, b] = logIds().slice(3, 5);
      const d = damaged((d) => {
        writeFileSync(join(d, 'logs', `${a}.tsv`), readFileSync(join(d, 'logs', `${a}.tsv`)).subarray(0, 100));
        writeFileSync(join(d, 'logs', `${b}.tsv`), readFileSync(join(d, 'logs', `${b}.tsv`), 'utf8').replace(/\t/, '\t9'));
        const labels = readFileSync(join(d, 'labels.jsonl'));
        writeFileSync(join(d, 'labels.jsonl'), labels.subarray(0, labels.length - 50)); // cut inside its last line
      });
      const r = await cclupe([...BASE, '--out', d, '--questions']);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(`already complete, repaired 3 files (logs/${a}.tsv, logs/${b}.tsv, labels.jsonl)`);
      const whole = join(tmp(), 'd');
      expect((await cclupe([...BASE, '--out', whole, '--questions'])).status).toBe(0);
      expect(snapshot(d)).toEqual(snapshot(whole));
    });

    it('refuses, in one line naming the manifest, a log that generates again to other bytes than it lists', async () => {
      const [id] = logIds();
      const d = damaged((d) => {
        rmSync(join(d, 'logs', `${id}.tsv`));
        const m = join(d, 'manifest.json');
        const text = readFileSync(m, 'utf8');
        const at = text.indexOf(`"log_id": "${id}"`);
        const sha = /"sha256": "([0-9a-f]{64})"/.exec(text.slice(at))![1];
        writeFileSync(m, text.replace(sha, '0'.repeat(64))); // as a manifest of another version would list it
      });
      const r = await cclupe([...BASE, '--out', d]);
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(`cclupe: ${join(d, 'manifest.json')}: log ${id} (index 0) generates again to other bytes than the manifest lists (made by another version?); cannot repair the dataset\n`);
    });

    it('repairs a shard against its shard.json too: a changed labels line is found by its SHA-256, then the shard is verified', async () => {
      const shard = [...BASE, '--shard', '1/2'];
      const whole = join(tmp(), 's');
      expect((await cclupe([...shard, '--out', whole])).status).toBe(0);
      const d = join(tmp(), 's');
      cpSync(whole, d, { recursive: true });
      const labels = readFileSync(join(d, 'labels.jsonl'), 'utf8');
      writeFileSync(join(d, 'labels.jsonl'), labels.replace('"rows":', '"rows":1')); // same shape, other bytes
      const r = await cclupe([...shard, '--out', d]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('already complete, repaired 1 file (labels.jsonl)');
      expect(r.stdout).toContain('shard verified complete against');
      expect(snapshot(d)).toEqual(snapshot(whole));
    });
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
