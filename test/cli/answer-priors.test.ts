import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cclupe as run, cclupeSpawn, type CliResult } from '../support/cli.js';
import { datasetSnapshot } from '../support/dataset-snapshot.js';
import { generateKilledAfterChunk } from '../support/kill-after-chunk.js';

/** The built CLI in this process, without the array-job index variables. */
const cclupe = (...args: string[]): Promise<CliResult> => run(args, { env: { JOB_COMPLETION_INDEX: undefined, AWS_BATCH_JOB_ARRAY_INDEX: undefined, SLURM_ARRAY_TASK_ID: undefined } });
const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');

const root = mkdtempSync(join(tmpdir(), 'cclupe-priors-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const profile = join(root, 'my-bistro.json');
writeFileSync(profile, JSON.stringify({ extends: 'sme-restaurant', name: 'my-bistro' }));
// 60 calibration logs instead of 800: a fit of a few seconds, enough for the profile's commonest templates
const GEN = ['generate', '--count', '8', '--seed', '5', '--profile', profile, '--prior-logs', '60', '--workers', '1', '--questions'];
const ds = join(root, 'ds');
const first = await cclupe(...GEN, '--out', ds);

describe('cclupe generate with a custom profile', () => {
  it("writes answer-priors.json with the profile's own priors and records --prior-logs", () => {
    expect(first.status, first.stderr).toBe(0);
    const table = JSON.parse(read(ds, 'answer-priors.json')) as Record<string, unknown>;
    expect(Object.keys(table).length).toBeGreaterThan(10);
    expect(Object.keys(table).every((k) => k.startsWith('my-bistro:'))).toBe(true);
    expect(JSON.parse(read(ds, 'manifest.json')).options.prior_logs).toBe(60);
  });

  it('builds other questions than the client kind priors give', async () => {
    const bare = join(root, 'bare');
    cpSync(ds, bare, { recursive: true });
    rmSync(join(bare, 'answer-priors.json'));
    expect((await cclupe('questions', bare)).status).toBe(0);
    expect(read(bare, 'questions.jsonl')).not.toBe(read(ds, 'questions.jsonl'));
  });

  it('gives the same bytes on a rerun, in a second directory and from cclupe questions', async () => {
    const before = datasetSnapshot(ds);
    expect((await cclupe(...GEN, '--out', ds)).status).toBe(0);
    expect(datasetSnapshot(ds)).toEqual(before);
    const two = join(root, 'two');
    expect((await cclupe(...GEN, '--out', two)).status).toBe(0);
    expect(datasetSnapshot(two)).toEqual(before);
    expect((await cclupe('questions', two)).status).toBe(0);
    expect(read(two, 'questions.jsonl')).toBe(read(ds, 'questions.jsonl'));
  });

  it('fits answer-priors.json again when a finished dataset has lost it or holds a broken one, to the same bytes', async () => {
    for (const damage of [(d: string) => rmSync(join(d, 'answer-priors.json')), (d: string) => writeFileSync(join(d, 'answer-priors.json'), '{')]) {
      const d = mkdtempSync(join(root, 'lost-'));
      cpSync(ds, d, { recursive: true });
      damage(d);
      const r = await cclupe(...GEN, '--out', d);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('already complete, repaired 1 file (answer-priors.json)');
      expect(datasetSnapshot(d)).toEqual(datasetSnapshot(ds));
    }
  });

  it('resumes a run killed before its manifest and ends byte-identical', async () => {
    const cut = join(root, 'cut');
    // killed once its one chunk is committed: during the fit (about a second) or just before it
    await generateKilledAfterChunk(GEN, cut);
    expect(existsSync(join(cut, 'manifest.json'))).toBe(false);
    expect((await cclupe(...GEN, '--out', cut)).status).toBe(0);
    expect(datasetSnapshot(cut)).toEqual(datasetSnapshot(ds));
  });

  it('writes the same file in every shard, and cclupe merge carries it', async () => {
    const shards = [1, 2].map((k) => join(root, `shard-${k}`));
    for (const [i, d] of shards.entries()) expect((await cclupe(...GEN, '--shard', `${i + 1}/2`, '--out', d)).status).toBe(0);
    for (const d of shards) {
      expect(read(d, 'answer-priors.json')).toBe(read(ds, 'answer-priors.json'));
      expect(JSON.parse(read(d, 'shard.json')).files.map((f: { path: string }) => f.path)).toContain('answer-priors.json');
    }
    const merged = join(root, 'merged');
    const m = await cclupe('merge', ...shards, '-o', merged);
    expect(m.status, m.stderr).toBe(0);
    expect(read(merged, 'answer-priors.json')).toBe(read(ds, 'answer-priors.json'));
    expect(read(merged, 'questions.jsonl')).toBe(read(ds, 'questions.jsonl'));
  });

  it('refuses a corrupt answer-priors.json with one line naming it, exit 1 and no stack trace', () => {
    for (const text of ['{"my-bistro:x": ', '{"my-bistro:x": {"accept": {"yes": 2}}}']) {
      const bad = mkdtempSync(join(root, 'bad-'));
      cpSync(ds, bad, { recursive: true });
      writeFileSync(join(bad, 'answer-priors.json'), text);
      const r = cclupeSpawn(['questions', bad]); // as the shell sees it
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(join(bad, 'answer-priors.json'));
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('cclupe generate with shipped profiles only', () => {
  it('writes no answer-priors.json', async () => {
    const plain = join(root, 'plain');
    expect((await cclupe('generate', '--count', '4', '--seed', '5', '--out', plain, '--workers', '1')).status).toBe(0);
    expect(existsSync(join(plain, 'answer-priors.json'))).toBe(false);
  });
});
