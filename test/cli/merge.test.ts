import { describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import os from 'node:os';
import { datasetSnapshot } from '../support/dataset-snapshot.js';
import { ShardManifest } from '../../src/schema/shard.js';
import { cclupe as run, cclupeSpawn, type CliResult } from '../support/cli.js';


/** The built CLI in this process (`test/support/cli.ts`), without the array-job index variables unless given. */
function cclupe(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return run(args, { env: { JOB_COMPLETION_INDEX: undefined, AWS_BATCH_JOB_ARRAY_INDEX: undefined, SLURM_ARRAY_TASK_ID: undefined, ...env } });
}

const snapshot = datasetSnapshot;

const root = mkdtempSync(join(os.tmpdir(), 'cclupe-merge-'));
const GEN = ['generate', '--count', '30', '--seed', '5', '--profile', 'personal-healthy=2,sme-overdue=1', '--questions'];
const single = await cclupe([...GEN, '--out', join(root, 'single')]);
const shardDirs = [0, 1, 2, 3].map((i) => join(root, 'shards', String(i)));
const shardRuns: CliResult[] = [];
for (const [i, d] of shardDirs.entries()) shardRuns.push(await cclupe([...GEN, '--shard', 'auto/4', '--out', d, '--json'], { JOB_COMPLETION_INDEX: String(i) }));

/** A fresh copy of the four shards to break. */
function copyShards(): string[] {
  const base = mkdtempSync(join(root, 'copy-'));
  return shardDirs.map((d, i) => {
    const to = join(base, String(i));
    cpSync(d, to, { recursive: true });
    return to;
  });
}

/** A merge that must be refused: exit 1, one line on stderr, no output directory left behind. */
async function refused(dirs: string[]): Promise<string> {
  const out = join(mkdtempSync(join(root, 'out-')), 'merged');
  const r = await cclupe(['merge', ...dirs, '-o', out]);
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr.split('\n')).toHaveLength(2);
  expect(existsSync(out)).toBe(false);
  expect(readdirSync(join(out, '..'))).toEqual([]);
  return r.stderr.trim();
}

describe('generate --shard auto/N', () => {
  it('takes each shard from JOB_COMPLETION_INDEX and writes a self-describing shard.json', async () => {
    expect(single.status).toBe(0);
    for (const r of shardRuns) expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    const m = ShardManifest.parse(JSON.parse(readFileSync(join(shardDirs[2], 'shard.json'), 'utf8')));
    expect(m.command).toBe('generate');
    expect(m.shard).toEqual({ k: 3, n: 4 });
    expect(m.range).toEqual({ unit: 'log index', first: 15, end: 22, total: 30 });
    expect(m.logs).toBe(7);
    expect(m.files.map((f) => f.path)).toEqual(['labels.jsonl', 'manifest.json', 'questions.jsonl', 'questions-coverage.json']);
    const labels = readFileSync(join(shardDirs[2], 'labels.jsonl'));
    expect(m.files[0]).toEqual({ path: 'labels.jsonl', bytes: labels.length, sha256: createHash('sha256').update(labels).digest('hex') });
    expect((m.run as { options: { shard: unknown; seed: string } }).options).toMatchObject({ shard: null, seed: '5' });
    const hashes = shardDirs.map((d) => JSON.parse(readFileSync(join(d, 'shard.json'), 'utf8')).run_hash as string);
    expect(new Set(hashes).size).toBe(1);
    expect(JSON.parse(shardRuns[2].stdout).shard).toBe('3/4');
  });

  it('proves a finished shard complete when it is run again (a retried pod), repairs a damaged log, and refuses a changed manifest', async () => {
    const [, again] = copyShards();
    const r = await cclupe([...GEN, '--shard', 'auto/4', '--out', again], { JOB_COMPLETION_INDEX: '1' });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    expect(r.stdout).toContain('shard verified complete against');
    const log = readdirSync(join(again, 'logs'))[0];
    const bytes = readFileSync(join(again, 'logs', log));
    appendFileSync(join(again, 'logs', log), 'x');
    const fixed = await cclupe([...GEN, '--shard', 'auto/4', '--out', again], { JOB_COMPLETION_INDEX: '1' });
    expect({ status: fixed.status, stderr: fixed.stderr }).toEqual({ status: 0, stderr: '' });
    expect(fixed.stdout).toContain(`already complete, repaired 1 file (logs/${log})`);
    expect(fixed.stdout).toContain('shard verified complete against');
    expect(readFileSync(join(again, 'logs', log))).toEqual(bytes);
    // the manifest is what the logs are checked against: a changed one is not repaired but refused
    const manifest = join(again, 'manifest.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/"created_at": "[^"]*"/, '"created_at": "2020-01-01T00:00:00.000Z"'));
    const bad = await cclupe([...GEN, '--shard', 'auto/4', '--out', again], { JOB_COMPLETION_INDEX: '1' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe(`cclupe: ${manifest}: does not match its SHA-256 in shard.json (tampered or damaged)\n`);
  });

  it('writes an empty shard, with empty question files, when there are fewer logs than shards', async () => {
    const d = join(root, 'empty');
    const r = await cclupe(['generate', '--count', '3', '--seed', '5', '--questions', '--shard', 'auto/4', '--out', d], { JOB_COMPLETION_INDEX: '0' });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    const m = ShardManifest.parse(JSON.parse(readFileSync(join(d, 'shard.json'), 'utf8')));
    expect(m).toMatchObject({ shard: { k: 1, n: 4 }, range: { first: 0, end: 0, total: 3 }, logs: 0 });
    expect(readFileSync(join(d, 'questions.jsonl'), 'utf8')).toBe('');
    expect(JSON.parse(readFileSync(join(d, 'questions-coverage.json'), 'utf8'))).toMatchObject({ logs: 0, items: 0 });
  });

  it('is a usage error (exit 2) when no index variable is set or the index is not below N', async () => {
    const none = await cclupe([...GEN, '--shard', 'auto/4', '--out', join(root, 'none')]);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^cclupe: --shard auto\/4: none of JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX, SLURM_ARRAY_TASK_ID is set/);
    const high = await cclupe([...GEN, '--shard', 'auto/4', '--out', join(root, 'none')], { SLURM_ARRAY_TASK_ID: '4' });
    expect(high.status).toBe(2);
    expect(high.stderr).toBe('cclupe: --shard auto/4: SLURM_ARRAY_TASK_ID=4 is not below 4 (indices run from 0 to 3)\n');
    expect(existsSync(join(root, 'none'))).toBe(false);
  });
});

describe('cclupe merge (generate shards)', () => {
  it('writes a dataset byte-identical to the single run: logs, labels, questions, coverage, manifest but created_at', async () => {
    const out = join(root, 'merged');
    const r = cclupeSpawn(['merge', ...[...shardDirs].reverse(), '-o', out, '--json']); // end to end, as the shell runs it
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toMatchObject({ command: 'generate', shards: 4, logs: 30, out });
    const a = snapshot(join(root, 'single'));
    expect(Object.keys(a)).toContain('questions.jsonl');
    expect(snapshot(out)).toEqual(a);
    expect(readFileSync(join(out, 'manifest.json'), 'utf8')).toMatch(/"created_at": "\d{4}-/);
    // --link: the same dataset, its logs hard links to the shards' verified files.
    const linked = join(root, 'linked');
    expect((await cclupe(['merge', ...shardDirs, '-o', linked, '--link'])).status).toBe(0);
    expect(snapshot(linked)).toEqual(a);
    const log = readdirSync(join(linked, 'logs'))[0];
    expect(statSync(join(linked, 'logs', log)).nlink).toBe(2);
    expect(statSync(join(out, 'logs', log)).nlink).toBe(1);
  });

  it('--check verifies and writes nothing', async () => {
    const r = await cclupe(['merge', ...shardDirs, '--check']);
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    expect(r.stdout).toMatch(/^cclupe merge: 4 generate shards verified \(30 logs, \d+ rows, \d+ questions, \d+ files\); nothing written\n$/);
    const bad = copyShards();
    rmSync(join(bad[0], 'labels.jsonl'));
    const c = await cclupe(['merge', ...bad, '--check']);
    expect(c.status).toBe(1);
    expect(c.stderr).toBe(`cclupe: ${join(bad[0], 'labels.jsonl')}: missing, though shard.json lists it\n`);
  });

  it('refuses a missing shard, naming it', async () => {
    expect(await refused([shardDirs[0], shardDirs[1], shardDirs[3]])).toBe('cclupe: shard 3/4: missing: no directory given holds it (3 of 4 shards given)');
  });

  it('refuses a doubled shard, naming both directories', async () => {
    const [, , copy] = copyShards();
    expect(await refused([...shardDirs, copy])).toBe(`cclupe: ${copy}: duplicates shard 3/4, already given as ${shardDirs[2]}`);
  });

  it('refuses a shard of another run, naming the option that differs', async () => {
    const foreign = join(root, 'foreign');
    const g = await cclupe([...GEN.map((a) => (a === '5' ? '6' : a)), '--shard', '2/4', '--out', foreign]);
    expect(g.status).toBe(0);
    expect(await refused([shardDirs[0], foreign, shardDirs[2], shardDirs[3]])).toMatch(new RegExp(`^cclupe: ${foreign}: belongs to another run \\(options hash [0-9a-f]{12}, not [0-9a-f]{12} as ${shardDirs[0]}\\): options.seed is "6", not "5"$`));
    const other = join(root, 'other-n');
    expect((await cclupe([...GEN, '--shard', '2/3', '--out', other])).status).toBe(0);
    expect(await refused([shardDirs[0], other])).toBe(`cclupe: ${other}: is shard 2/3, but ${shardDirs[0]} is shard 1/4`);
  }, 180_000);

  it('refuses tampered files, naming the shard directory and the file', async () => {
    const a = copyShards();
    const log = readdirSync(join(a[1], 'logs')).sort()[3];
    writeFileSync(join(a[1], 'logs', log), readFileSync(join(a[1], 'logs', log), 'utf8').replace(/\t(\d)/, '\t9$1'));
    expect(await refused(a)).toBe(`cclupe: ${join(a[1], 'logs', log)}: does not match its SHA-256 in manifest.json (tampered or damaged)`);
    for (const file of ['labels.jsonl', 'manifest.json', 'questions.jsonl', 'questions-coverage.json']) {
      const b = copyShards();
      appendFileSync(join(b[2], file), ' ');
      expect(await refused(b)).toBe(`cclupe: ${join(b[2], file)}: does not match its SHA-256 in shard.json (tampered or damaged)`);
    }
    const c = copyShards();
    rmSync(join(c[3], 'logs', readdirSync(join(c[3], 'logs'))[0]));
    expect(await refused(c)).toMatch(new RegExp(`^cclupe: ${join(c[3], 'logs')}/[ps]\\d+\\.tsv: missing, though manifest.json lists it$`));
  }, 180_000);

  it('refuses an unfinished shard (no shard.json) and a shard.json edited to claim another range', async () => {
    const a = copyShards();
    rmSync(join(a[0], 'shard.json'));
    expect(await refused(a)).toBe(`cclupe: ${a[0]}: no shard.json: the shard is unfinished, or the directory is not a shard`);
    const b = copyShards();
    const m = JSON.parse(readFileSync(join(b[1], 'shard.json'), 'utf8'));
    m.range.end += 1;
    writeFileSync(join(b[1], 'shard.json'), JSON.stringify(m));
    expect(await refused(b)).toBe(`cclupe: ${b[1]}: covers log indices [7, 16) of 30, but shard 2/4 of 30 covers [7, 15)`);
  });

  it('refuses a non-empty output directory (usage, exit 2) and needs -o or --check', async () => {
    const r = await cclupe(['merge', ...shardDirs, '-o', join(root, 'single')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`cclupe: -o: ${join(root, 'single')} is not empty; merge into a new directory\n`);
    expect((await cclupe(['merge', ...shardDirs])).status).toBe(2);
  });
});

describe('questions --shard and merge', () => {
  it('builds the questions of each shard of the log files and merges them into what one run over the dataset writes', async () => {
    const ds = join(root, 'plain');
    expect((await cclupe(['generate', '--count', '14', '--seed', '3', '--profile', 'personal-overdue=1,sme-healthy=1', '--out', ds])).status).toBe(0);
    const parts = [0, 1, 2].map((i) => join(root, 'q', String(i)));
    for (const [i, d] of parts.entries()) {
      const r = await cclupe(['questions', ds, '--shard', 'auto/3', '--out', d], { AWS_BATCH_JOB_ARRAY_INDEX: String(i) });
      expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    }
    const again = await cclupe(['questions', ds, '--shard', 'auto/3', '--out', parts[1]], { AWS_BATCH_JOB_ARRAY_INDEX: '1' });
    expect(again.stdout).toContain('already complete, verified against');
    const m = await cclupe(['merge', ...parts, '-o', ds]);
    expect({ status: m.status, stderr: m.stderr }).toEqual({ status: 0, stderr: '' });
    const whole = join(root, 'plain-whole');
    cpSync(ds, whole, { recursive: true });
    for (const f of ['questions.jsonl', 'questions-coverage.json']) rmSync(join(whole, f));
    expect((await cclupe(['questions', whole])).status).toBe(0);
    for (const f of ['questions.jsonl', 'questions-coverage.json']) expect(readFileSync(join(ds, f)).equals(readFileSync(join(whole, f)))).toBe(true);
    const twice = await cclupe(['merge', ...parts, '-o', ds]);
    expect(twice.status).toBe(2);
    expect((await cclupe(['questions', ds, '--shard', '1/3'])).status).toBe(2);
  }, 300_000);
});

describe('merge runs the dataset balancing pass over the shards\' phase-1 questions', () => {
  // 240 logs: enough items per template for per-log selection to leave some answer quotas over (the pass rebuilds logs)
  const BIG = ['generate', '--count', '240', '--seed', '5', '--questions'];
  const coverageOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'questions-coverage.json'), 'utf8')) as { balancing?: { logs_rebuilt: number } };

  it('gives the bytes of one run for generate shards and for questions shards, swaps included', async () => {
    const one = join(root, 'big-single');
    expect((await cclupe([...BIG, '--out', one])).status).toBe(0);
    expect(coverageOf(one).balancing!.logs_rebuilt).toBeGreaterThan(0);
    const gen = [1, 2, 3].map((k) => join(root, 'big-gen', String(k)));
    for (const [i, d] of gen.entries()) expect((await cclupe([...BIG, '--shard', `${i + 1}/3`, '--out', d])).status).toBe(0);
    // a shard holds phase-1 items only: balancing needs the whole dataset
    expect(coverageOf(gen[0]).balancing).toBeUndefined();
    const merged = join(root, 'big-merged');
    expect((await cclupe(['merge', gen[2], gen[0], gen[1], '-o', merged])).status).toBe(0);
    for (const f of ['questions.jsonl', 'questions-coverage.json']) expect(readFileSync(join(merged, f)).equals(readFileSync(join(one, f))), f).toBe(true);

    const plain = join(root, 'big-plain');
    cpSync(one, plain, { recursive: true });
    for (const f of ['questions.jsonl', 'questions-coverage.json']) rmSync(join(plain, f));
    const qs = [1, 2].map((k) => join(root, 'big-q', String(k)));
    for (const [i, d] of qs.entries()) expect((await cclupe(['questions', plain, '--shard', `${i + 1}/2`, '--out', d])).status).toBe(0);
    // elsewhere than the dataset, the merge needs to be told where the logs are
    const away = join(root, 'big-q-merged');
    const refusedNoDataset = await cclupe(['merge', ...qs, '-o', away]);
    expect(refusedNoDataset.status).toBe(2);
    expect(refusedNoDataset.stderr).toMatch(/--dataset/);
    expect((await cclupe(['merge', ...qs, '-o', away, '--dataset', gen[0]])).status).toBe(1);
    expect((await cclupe(['merge', ...qs, '-o', away, '--dataset', plain])).status).toBe(0);
    expect((await cclupe(['merge', ...qs, '-o', plain])).status).toBe(0);
    for (const dir of [away, plain]) {
      for (const f of ['questions.jsonl', 'questions-coverage.json']) expect(readFileSync(join(dir, f)).equals(readFileSync(join(one, f))), `${dir} ${f}`).toBe(true);
    }
  }, 300_000);
});
