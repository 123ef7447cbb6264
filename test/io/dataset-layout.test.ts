import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import {
  chunkRanges,
  chunkRecordPath,
  datasetPaths,
  formatChunkRecord,
  parseChunkRecord,
  readCompleteChunk,
  removeStaleTemps,
  scratchDir,
  shardRange,
  writeFileReplace,
  type ChunkMeta,
} from '../../src/io/dataset-layout.js';

function tmp(): string {
  return mkdtempSync(join(os.tmpdir(), 'cclupe-layout-'));
}

/** A chunk's meta whose log k has `bytes` = 10 + k. */
function meta(start: number, end: number): ChunkMeta {
  const logs: ChunkMeta['logs'] = [];
  for (let i = start; i < end; i++) {
    logs.push({ index: i, log_id: `p${String(i).padStart(6, '0')}`, profile: 'personal-healthy', seed_key: `cclupe|s|${i}`, rows: 50 + i, sha256: 'a'.repeat(64), bytes: 10 + i - start });
  }
  return { start, end, logs };
}

const labelsOf = (m: ChunkMeta): string => m.logs.map((l) => JSON.stringify({ log_id: l.log_id }) + '\n').join('');

/** A dataset directory holding the chunk `m` complete: its log files (of the recorded sizes) and its record. */
function completeChunk(out: string, m: ChunkMeta): void {
  mkdirSync(datasetPaths(out).logs, { recursive: true });
  mkdirSync(datasetPaths(out).parts, { recursive: true });
  for (const l of m.logs) writeFileSync(join(datasetPaths(out).logs, `${l.log_id}.tsv`), 'x'.repeat(l.bytes));
  writeFileSync(chunkRecordPath(out, m.start), formatChunkRecord(m, labelsOf(m)));
}

describe('shardRange', () => {
  it('splits the indices into contiguous ranges that cover them once', () => {
    expect([1, 2, 3].map((k) => shardRange(10, { k, n: 3 }))).toEqual([
      { first: 0, end: 3 },
      { first: 3, end: 6 },
      { first: 6, end: 10 },
    ]);
    expect(shardRange(10, null)).toEqual({ first: 0, end: 10 });
  });
});

describe('chunkRanges', () => {
  it('aligns chunk ends to multiples of the chunk size, so that a shard cuts chunks where the whole run does', () => {
    expect(chunkRanges(3, 10, 4)).toEqual([
      { start: 3, end: 4 },
      { start: 4, end: 8 },
      { start: 8, end: 10 },
    ]);
    expect(chunkRanges(5, 5, 4)).toEqual([]);
  });
});

describe('formatChunkRecord / parseChunkRecord', () => {
  it('round-trips the meta and the labels bytes', () => {
    const m = meta(100, 103);
    const parsed = parseChunkRecord(Buffer.from(formatChunkRecord(m, labelsOf(m))));
    expect(parsed?.meta).toEqual(m);
    expect(parsed?.labels.toString('utf8')).toBe(labelsOf(m));
  });

  it('gives null for bytes that are not a chunk record', () => {
    expect(parseChunkRecord(Buffer.from('{"start":0,"end":1,"logs":[]}'))).toBeNull(); // no line end
    expect(parseChunkRecord(Buffer.from('{"start":0,\n'))).toBeNull();
    expect(parseChunkRecord(Buffer.from('{"start":0,"end":1}\n'))).toBeNull();
    expect(parseChunkRecord(Buffer.from('null\n'))).toBeNull();
  });
});

describe('readCompleteChunk', () => {
  it('gives the meta of a chunk whose record and log files are all there', () => {
    const out = tmp();
    completeChunk(out, meta(0, 4));
    expect(readCompleteChunk(out, 0, 4)).toEqual(meta(0, 4));
  });

  it('gives null when a log file is missing or has another size', () => {
    const out = tmp();
    completeChunk(out, meta(0, 4));
    writeFileSync(join(datasetPaths(out).logs, 'p000002.tsv'), 'short');
    expect(readCompleteChunk(out, 0, 4)).toBeNull();
    rmSync(join(datasetPaths(out).logs, 'p000002.tsv'));
    expect(readCompleteChunk(out, 0, 4)).toBeNull();
  });

  it('gives null when the record is missing, of another range, or short of labels lines', () => {
    const out = tmp();
    expect(readCompleteChunk(out, 0, 4)).toBeNull();
    completeChunk(out, meta(0, 4));
    expect(readCompleteChunk(out, 0, 5)).toBeNull();
    const m = meta(0, 4);
    writeFileSync(chunkRecordPath(out, 0), formatChunkRecord(m, labelsOf(m).split('\n').slice(0, 3).join('\n') + '\n'));
    expect(readCompleteChunk(out, 0, 4)).toBeNull();
  });
});

describe('writeFileReplace', () => {
  it('creates the file through a temporary file in the given directory and leaves none behind', () => {
    const out = tmp();
    mkdirSync(join(out, 'logs'));
    const scratch = scratchDir(out);
    writeFileReplace(join(out, 'logs', 'a.tsv'), Buffer.from('alpha\n'), scratch);
    writeFileReplace(join(out, 'logs', 'a.tsv'), 'beta\n', scratch);
    expect(readFileSync(join(out, 'logs', 'a.tsv'), 'utf8')).toBe('beta\n');
    expect(readdirSync(join(out, 'logs'))).toEqual(['a.tsv']);
    expect(readdirSync(scratch)).toEqual([]);
  });
});

describe('scratchDir', () => {
  it('is a directory of this process and thread under .parts/, made when missing', () => {
    const out = tmp();
    const dir = scratchDir(out);
    expect(dir.startsWith(datasetPaths(out).parts)).toBe(true);
    expect(dir).toContain(`tmp-${process.pid}-`);
    rmSync(datasetPaths(out).parts, { recursive: true });
    expect(scratchDir(out)).toBe(dir);
    expect(existsSync(dir)).toBe(true);
  });
});

describe('removeStaleTemps', () => {
  it("removes a killed run's temporary files and scratch directories, and keeps chunk records and logs", () => {
    const out = tmp();
    completeChunk(out, meta(0, 2));
    const p = datasetPaths(out);
    writeFileSync(join(out, '.labels.jsonl.tmp-1-ab'), 'half');
    writeFileSync(join(p.logs, '.p000009.tsv.tmp-1-0-3'), 'half');
    writeFileSync(join(p.parts, '.chunk-000000100.jsonl.tmp-1-cd'), 'half');
    mkdirSync(join(p.parts, 'tmp-1-0'));
    writeFileSync(join(p.parts, 'tmp-1-0', '.p000010.tsv.tmp-1-0-4'), 'half');
    removeStaleTemps(out);
    expect(readdirSync(out).sort()).toEqual(['.parts', 'logs']);
    expect(readdirSync(p.logs).sort()).toEqual(['p000000.tsv', 'p000001.tsv']);
    expect(readdirSync(p.parts)).toEqual(['chunk-000000000.jsonl']);
  });
});
