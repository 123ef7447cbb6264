import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deterministicResults, type RunResults } from '../../src/eval/results.js';
import { ShardManifest } from '../../src/schema/shard.js';
import { start, type Server } from '../support/openai-server.js';
import { tempDir, writeFixtureDataset } from './fixtures.js';
import { skipWithout } from '../support/prerequisites.js';
import { CLI, cclupe } from '../support/cli.js';


interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI in this process (`test/support/cli.ts`), without the array-job index variables unless given. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const r = await cclupe(args, { env: { JOB_COMPLETION_INDEX: undefined, AWS_BATCH_JOB_ARRAY_INDEX: undefined, SLURM_ARRAY_TASK_ID: undefined, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const results = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as RunResults;
const servers: Server[] = [];
afterAll(async () => {
  while (servers.length) await servers.pop()!.close();
});

/** A refused merge: exit 1, one line, no output left. */
async function refused(dirs: string[], extra: string[] = []): Promise<string> {
  const out = join(tempDir(), 'merged');
  const r = await cli(['merge', ...dirs, '-o', out, ...extra]);
  expect(r.code).toBe(1);
  expect(r.stderr.split('\n')).toHaveLength(2);
  expect(existsSync(out)).toBe(false);
  expect(readdirSync(join(out, '..'))).toEqual([]);
  return r.stderr.trim();
}

describe.skipIf(skipWithout(CLI, 'the built CLI (npm run build)'))('eval --shard and merge', () => {
  const ds = writeFixtureDataset(5);
  const root = tempDir();
  let base: string[] = [];
  const shards = [0, 1, 2].map((i) => join(root, 'shards', String(i)));

  it('merges shards into the predictions and scores of a single run, single-turn and in conversation mode', async () => {
    // A deterministic server that answers some items wrong and fails some first attempts.
    const server = await start({ policy: 'first', items: ds.items, faults: { rate: 0.2, kinds: ['server_error'], seed: 'shard' } });
    servers.push(server);
    base = ['eval', ds.dir, '--base-url', server.url, '--model', 'loopback-model', '--concurrency', '3', '--config', writeRetry()];
    for (const mode of [[], ['--conversation']]) {
      const tag = mode.length ? 'conv' : 'single';
      const whole = join(root, `whole-${tag}`);
      expect((await cli([...base, ...mode, '--out', whole])).code).toBe(0);
      // Three shards single-turn; two in conversation mode (each conversation stays whole in one shard).
      const n = mode.length ? 2 : 3;
      const dirs = Array.from({ length: n }, (_, i) => join(root, `shards-${tag}`, String(i)));
      for (const [i, d] of dirs.entries()) {
        const r = await cli([...base, ...mode, '--shard', `auto/${n}`, '--out', d, '--json'], { JOB_COMPLETION_INDEX: String(i) });
        expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
        expect(JSON.parse(r.stdout).shard).toBe(`${i + 1}/${n}`);
      }
      if (!mode.length) {
        const m = ShardManifest.parse(JSON.parse(readFileSync(join(dirs[1], 'shard.json'), 'utf8')));
        expect(m.range).toEqual({ unit: 'log group', first: 1, end: 3, total: 5 });
        expect(m.files.map((f) => f.path)).toEqual(expect.arrayContaining(['manifest.json', 'responses.jsonl', 'predictions.jsonl', 'results.json', 'report.html']));
        expect(results(dirs[1]).scores.counts.items).toBe(30);
      }
      const out = join(root, `merged-${tag}`);
      const r = await cli(['merge', ...dirs, '-o', out, '--json']);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(r.stdout)).toMatchObject({ command: 'eval', shards: n, items: 75 });
      expect(readFileSync(join(out, 'predictions.jsonl')).equals(readFileSync(join(whole, 'predictions.jsonl')))).toBe(true);
      expect(deterministicResults(results(out))).toEqual(deterministicResults(results(whole)));
      expect(results(out).scores.table3.avg).toBeLessThan(1);
      const lines = (d: string) => readFileSync(join(d, 'responses.jsonl'), 'utf8').split('\n').filter(Boolean).length;
      expect(lines(out)).toBe(dirs.reduce((s, d) => s + lines(d), 0));
      if (mode.length) continue;
      // The merged directory is a run directory: resuming it sends nothing.
      const before = server.completed();
      const again = await cli([...base, '--out', out]);
      expect({ code: again.code, stderr: again.stderr }).toEqual({ code: 0, stderr: '' });
      expect(server.completed()).toBe(before);
      for (const [i, d] of dirs.entries()) cpSync(d, shards[i], { recursive: true });
    }
  }, 300_000);

  it('refuses a resume of a shard directory as another shard', async () => {
    const r = await cli([...base, '--shard', '2/3', '--out', shards[0]]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`cclupe: refusing to resume the run: ${shards[0]} holds shard 1/3, not shard 2/3. Use a new --out directory\n`);
  });

  it('refuses a missing, doubled, foreign or tampered eval shard, naming the shard and the file', async () => {
    expect(await refused([shards[0], shards[2]])).toBe('cclupe: shard 2/3: missing: no directory given holds it (2 of 3 shards given)');
    expect(await refused([...shards, join(root, 'shards-single', '1')])).toBe(`cclupe: ${join(root, 'shards-single', '1')}: duplicates shard 2/3, already given as ${shards[1]}`);
    const conv = join(root, 'shards-conv', '1');
    expect(await refused([shards[0], conv])).toMatch(/belongs to another run \(options hash \w+, not \w+ as .*\): config.conversation is true, not false$/);
    const t = tempDir();
    const copies = shards.map((d, i) => {
      cpSync(d, join(t, String(i)), { recursive: true });
      return join(t, String(i));
    });
    appendFileSync(join(copies[2], 'responses.jsonl'), '\n');
    expect(await refused(copies)).toBe(`cclupe: ${join(copies[2], 'responses.jsonl')}: does not match its SHA-256 in shard.json (tampered or damaged)`);
  });

  it('refuses a dataset that is not the one the shards ran on', async () => {
    const other = writeFixtureDataset(5);
    appendFileSync(join(other.dir, 'questions.jsonl'), '\n');
    expect(await refused(shards, ['--dataset', other.dir])).toBe(`cclupe: ${other.dir}: is not the dataset the shards ran on (its questions or logs differ); name the right one with --dataset`);
  });
});

/** A run config with short backoff, so that injected faults cost milliseconds. */
function writeRetry(): string {
  const f = join(tempDir(), 'run.yaml');
  writeFileSync(f, 'retry:\n  base_delay_ms: 1\n  max_delay_ms: 5\n');
  return f;
}
