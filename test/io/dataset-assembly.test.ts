import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import { DatasetAssembler, manifestLogsJson } from '../../src/io/dataset-assembly.js';
import { chunkRanges, chunkRecordPath, datasetPaths, formatChunkRecord, type ChunkMeta } from '../../src/io/dataset-layout.js';
import { Manifest, type GenerateOptions } from '../../src/schema/manifest.js';

const OPTIONS: GenerateOptions = {
  count: 10,
  profiles: [{ name: 'personal-healthy', weight: 1 }],
  seed: 's',
  rows_min: 50,
  rows_max: 300,
  period: { start: '2023-01-01', end: '2023-12-31' },
  shard: null,
  profile_hashes: { 'personal-healthy': 'h' },
};

function meta(start: number, end: number): ChunkMeta {
  const logs: ChunkMeta['logs'] = [];
  for (let i = start; i < end; i++) logs.push({ index: i, log_id: `p${String(i).padStart(6, '0')}`, profile: 'personal-healthy', seed_key: `cclupe|s|${i}`, rows: 100 + i, sha256: 'b'.repeat(64), bytes: 1 });
  return { start, end, logs };
}

const labelLine = (i: number): string => `{"log_id":"p${String(i).padStart(6, '0')}"}\n`;

/** A dataset directory with the record of every chunk of `chunks` committed, as `writeChunk` leaves them. */
function dataset(chunks: ReadonlyArray<{ start: number; end: number }>): string {
  const out = mkdtempSync(join(os.tmpdir(), 'cclupe-assembly-'));
  mkdirSync(datasetPaths(out).parts, { recursive: true });
  for (const c of chunks) {
    let labels = '';
    for (let i = c.start; i < c.end; i++) labels += labelLine(i);
    writeFileSync(chunkRecordPath(out, c.start), formatChunkRecord(meta(c.start, c.end), labels));
  }
  return out;
}

describe('DatasetAssembler', () => {
  const chunks = chunkRanges(0, 10, 3); // [0,3) [3,6) [6,9) [9,10)

  it('writes labels.jsonl in index order and the manifest, whatever order the chunks come in', async () => {
    const out = dataset(chunks);
    const a = new DatasetAssembler(out, chunks);
    for (const k of [2, 0, 3, 1]) a.add(meta(chunks[k].start, chunks[k].end));
    const assembled = await a.finish(OPTIONS, '2026-12-01T00:00:00.000Z');
    const expected = Array.from({ length: 10 }, (_, i) => labelLine(i)).join('');
    expect(readFileSync(datasetPaths(out).labels, 'utf8')).toBe(expected);
    const text = readFileSync(datasetPaths(out).manifest, 'utf8');
    const written = Manifest.parse(JSON.parse(text));
    expect(text).toBe(JSON.stringify(written, null, 2) + '\n'); // as writeJsonAtomic spells it
    const { logs, ...rest } = written;
    expect(rest).toEqual(assembled);
    expect(logs).toEqual(chunks.flatMap((c) => meta(c.start, c.end).logs.map(({ bytes: _, ...l }) => l)));
    expect(written.logs.map((l) => l.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(written.totals).toEqual({ logs: 10, rows: 10 * 100 + 45 });
    expect(written.indices).toEqual({ count: 10, first: 0, last: 9 });
    expect(written.logs[0]).not.toHaveProperty('bytes');
    expect(written.created_at).toBe('2026-12-01T00:00:00.000Z');
    expect(existsSync(datasetPaths(out).parts)).toBe(false);
    expect(readdirSync(out).sort()).toEqual(['labels.jsonl', 'manifest.json']);
  });

  it('writes an empty labels file and manifest for a shard without logs', async () => {
    const out = dataset([]);
    const assembled = await new DatasetAssembler(out, []).finish(OPTIONS, 'now');
    expect(readFileSync(datasetPaths(out).labels, 'utf8')).toBe('');
    expect(assembled.indices).toEqual({ count: 0, first: null, last: null });
    const text = readFileSync(datasetPaths(out).manifest, 'utf8');
    expect(JSON.parse(text)).toMatchObject({ logs: [], totals: { logs: 0, rows: 0 } });
    expect(text).toBe(JSON.stringify(JSON.parse(text), null, 2) + '\n');
  });

  it('refuses to finish while a chunk is missing, naming how many', async () => {
    const out = dataset(chunks);
    const a = new DatasetAssembler(out, chunks);
    a.add(meta(0, 3));
    a.add(meta(6, 9));
    await expect(a.finish(OPTIONS, 'now')).rejects.toThrow('dataset assembly finished with 3 chunks missing');
    await a.abort();
    expect(existsSync(datasetPaths(out).labels)).toBe(false);
  });

  it('throws when a committed chunk record cannot be read, and leaves no labels.jsonl or manifest', async () => {
    const out = dataset(chunks);
    rmSync(chunkRecordPath(out, 3));
    const a = new DatasetAssembler(out, chunks);
    a.add(meta(0, 3));
    expect(() => a.add(meta(3, 6))).toThrow(/ENOENT/);
    await a.abort();
    expect(readdirSync(out)).toEqual(['.parts']);
  });

  it('gives the same file when it fdatasyncs in the background between appends', async () => {
    const out = dataset(chunks);
    const a = new DatasetAssembler(out, chunks, 1);
    for (const c of chunks) a.add(meta(c.start, c.end));
    await a.finish(OPTIONS, 'now');
    expect(readFileSync(datasetPaths(out).labels, 'utf8')).toBe(Array.from({ length: 10 }, (_, i) => labelLine(i)).join(''));
  });

  it('spells the manifest exactly as JSON.stringify does when the options hold JSON-looking text', async () => {
    const out = dataset(chunks);
    const a = new DatasetAssembler(out, chunks);
    for (const c of chunks) a.add(meta(c.start, c.end));
    const seed = 'x",\n  "logs": 0, "y';
    await a.finish({ ...OPTIONS, seed }, 'now');
    const text = readFileSync(datasetPaths(out).manifest, 'utf8');
    const written = Manifest.parse(JSON.parse(text));
    expect(written.master_seed).toBe(seed);
    expect(written.logs).toHaveLength(10);
    expect(text).toBe(JSON.stringify(written, null, 2) + '\n');
  });

  it('removes its temporary files on abort and keeps the chunk records for a resume', async () => {
    const out = dataset(chunks);
    const a = new DatasetAssembler(out, chunks);
    a.add(meta(0, 3));
    await a.abort();
    expect(readdirSync(out)).toEqual(['.parts']);
    expect(readdirSync(datasetPaths(out).parts)).toHaveLength(4);
  });
});

describe('manifestLogsJson', () => {
  it('spells entries as the elements of a pretty-printed manifest\'s logs array', () => {
    const entries = meta(0, 2).logs.map(({ bytes: _, ...l }) => l);
    const pretty = JSON.stringify({ logs: entries }, null, 2);
    expect(pretty).toBe(`{\n  "logs": [\n${manifestLogsJson(entries)}\n  ]\n}`);
  });
});
