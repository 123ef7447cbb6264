import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import os from 'node:os';
import { ChunkCursor } from '../../src/cli/workers/chunk-cursor.js';

// The pool starts the compiled worker (dist/cli/workers/generate-worker.js), so it is tested through dist.
const DIST = resolve(__dirname, '../../dist');
type Pool = typeof import('../../src/cli/workers/pool.js');
type Layout = typeof import('../../src/io/dataset-layout.js');
type Profiles = typeof import('../../src/io/profiles.js');

async function load(): Promise<{ pool: Pool; layout: Layout; profiles: Profiles }> {
  return {
    pool: (await import(join(DIST, 'cli/workers/pool.js'))) as Pool,
    layout: (await import(join(DIST, 'io/dataset-layout.js'))) as Layout,
    profiles: (await import(join(DIST, 'io/profiles.js'))) as Profiles,
  };
}

describe('ChunkCursor', () => {
  it('hands out every index once, in order, then −1', () => {
    const c = new ChunkCursor(3);
    expect([c.claim(), c.claim(), c.claim(), c.claim(), c.claim()]).toEqual([0, 1, 2, -1, -1]);
  });

  it('is shared by every cursor over the same buffer', () => {
    const a = new ChunkCursor(4);
    const b = new ChunkCursor(a.buffer);
    expect([a.claim(), b.claim(), b.claim(), a.claim(), b.claim()]).toEqual([0, 1, 2, 3, -1]);
  });

  it('hands out nothing once closed', () => {
    const a = new ChunkCursor(5);
    a.claim();
    new ChunkCursor(a.buffer).close();
    expect(a.claim()).toBe(-1);
  });
});

describe('runChunks', () => {
  async function run(workers: number, out: string): Promise<Array<{ start: number; logs: number }>> {
    const { pool, layout, profiles } = await load();
    mkdirSync(layout.datasetPaths(out).logs, { recursive: true });
    mkdirSync(layout.datasetPaths(out).parts, { recursive: true });
    const settings = { out, seed: 'pool', profiles: [profiles.loadProfile('personal-healthy'), profiles.loadProfile('sme-overdue')], weights: [1, 1], period: { start: '2023-01-01', end: '2023-03-31' }, rowsMin: 20, rowsMax: 40 };
    const done: Array<{ start: number; logs: number }> = [];
    await pool.runChunks(settings, layout.chunkRanges(0, 23, 3), workers, (meta) => done.push({ start: meta.start, logs: meta.logs.length }));
    return done.sort((x, y) => x.start - y.start);
  }

  // The files of logs/ and .parts/; the threads' scratch directories (named by thread) must be left empty.
  const files = (dir: string): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const sub of ['logs', '.parts']) {
      for (const f of readdirSync(join(dir, sub), { withFileTypes: true })) {
        if (f.isDirectory()) expect(readdirSync(join(dir, sub, f.name))).toEqual([]);
        else out[`${sub}/${f.name}`] = readFileSync(join(dir, sub, f.name), 'utf8');
      }
    }
    return out;
  };

  it('reports each chunk once and writes the same files with 1 and 3 threads', async () => {
    const root = mkdtempSync(join(os.tmpdir(), 'cclupe-pool-'));
    const one = await run(1, join(root, 'one'));
    const three = await run(3, join(root, 'three'));
    expect(one.map((d) => d.start)).toEqual([0, 3, 6, 9, 12, 15, 18, 21]);
    expect(three).toEqual(one);
    expect(Object.keys(files(join(root, 'one'))).filter((f) => f.startsWith('.parts/'))).toHaveLength(8);
    expect(files(join(root, 'three'))).toEqual(files(join(root, 'one')));
  });

  it.each([1, 3])('rejects when the chunk callback throws (%i threads)', async (workers) => {
    const { pool, layout, profiles } = await load();
    const out = join(mkdtempSync(join(os.tmpdir(), 'cclupe-pool-')), 'd');
    mkdirSync(layout.datasetPaths(out).logs, { recursive: true });
    const settings = { out, seed: 'pool', profiles: [profiles.loadProfile('personal-healthy')], weights: [1], period: { start: '2023-01-01', end: '2023-01-31' }, rowsMin: 20, rowsMax: 30 };
    const chunks = [0, 1, 2, 3, 4, 5].map((s) => ({ start: s, end: s + 1 }));
    await expect(
      pool.runChunks(settings, chunks, workers, () => {
        throw new Error('labels disk full');
      }),
    ).rejects.toThrow('labels disk full');
  });

  it('rejects when a chunk cannot be written, and stops the workers', async () => {
    const root = mkdtempSync(join(os.tmpdir(), 'cclupe-pool-'));
    const out = join(root, 'd');
    writeFileSync(out, 'not a directory');
    const { pool, profiles } = await load();
    const settings = { out, seed: 'pool', profiles: [profiles.loadProfile('personal-healthy')], weights: [1], period: { start: '2023-01-01', end: '2023-01-31' }, rowsMin: 20, rowsMax: 30 };
    const chunks = [0, 1, 2, 3, 4, 5].map((s) => ({ start: s, end: s + 1 }));
    await expect(pool.runChunks(settings, chunks, 3, () => {})).rejects.toThrow(/ENOTDIR|not a directory/);
  });
});
