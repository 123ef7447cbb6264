import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { threadId } from 'node:worker_threads';
import { Manifest, type GenerateOptions, type ManifestLog } from '../schema/manifest.js';
import { UsageError } from '../errors.js';
import { VERSION } from '../version.js';
import { withPath, writeAllSync, writeJsonAtomic } from './atomic-write.js';
import { sweepStaleTemps } from './output-guard.js';
import { parseJsonText, withoutBom } from './json-text.js';

/** Logs per chunk: the unit of work handed to a worker and of resume bookkeeping (not visible in the output). */
export const CHUNK_SIZE = 100;

/** Paths inside a dataset directory (SPEC §10). `.parts/` holds the resume bookkeeping of an unfinished run. */
export function datasetPaths(out: string): { logs: string; labels: string; manifest: string; parts: string; options: string } {
  return {
    logs: join(out, 'logs'),
    labels: join(out, 'labels.jsonl'),
    manifest: join(out, 'manifest.json'),
    parts: join(out, '.parts'),
    options: join(out, '.parts', 'options.json'),
  };
}

/** The log indices of shard k of n (1-based k): the contiguous range [⌊(k−1)·count/n⌋, ⌊k·count/n⌋). */
export function shardRange(count: number, shard: { k: number; n: number } | null): { first: number; end: number } {
  if (!shard) return { first: 0, end: count };
  return { first: Math.floor(((shard.k - 1) * count) / shard.n), end: Math.floor((shard.k * count) / shard.n) };
}

/** Chunks [start, end) covering [first, end), aligned to multiples of `CHUNK_SIZE` so that shards and runs agree. */
export function chunkRanges(first: number, end: number, size: number = CHUNK_SIZE): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  for (let s = first; s < end; ) {
    const e = Math.min(end, (Math.floor(s / size) + 1) * size);
    out.push({ start: s, end: e });
    s = e;
  }
  return out;
}

/**
 * Writes a file by a temporary file in `tempDir` (by default the file's own directory) + rename, without fsync: a
 * killed process never leaves a partial file under the real name. Used for the many log files, where an fsync each
 * would dominate; the chunk record written after them is fsynced (`writeFileAtomicAsync`). `tempDir` must be on the
 * file's file system: a thread's own scratch directory (`scratchDir`) keeps the creation of temporary files out of
 * the shared target directory's lock.
 */
export function writeFileReplace(path: string, data: string | Uint8Array, tempDir: string = dirname(path)): void {
  const tmp = join(tempDir, `.${basename(path)}.tmp-${process.pid}-${threadId}-${++tempSeq}`);
  try {
    const fd = openSync(tmp, 'w');
    try {
      writeAllSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (err) {
    throw withPath(err, path);
  }
}

let tempSeq = 0;

/**
 * This thread's scratch directory under `.parts/` (created if missing; `writeChunk` asks once per chunk), where
 * `writeChunk` creates each log file before renaming it into `logs/`. Creating a file allocates an inode under its directory's lock, and on ext4 that
 * can take 0.1–1 ms (it skips recently freed inodes); with every thread creating in `logs/` the threads queued on
 * that one lock (5–6 % of a 2-worker run's CPU spinning in rwsem_down_write_slowpath). A rename holds it only briefly.
 */
export function scratchDir(out: string): string {
  const dir = join(datasetPaths(out).parts, `tmp-${process.pid}-${threadId}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A chunk's record under `.parts/`: its manifest entries as the first line, then its labels lines. Written last,
 * fsynced and renamed, it is the chunk's commit: a chunk is complete exactly when its record exists.
 */
export function chunkRecordPath(out: string, start: number): string {
  return join(datasetPaths(out).parts, `chunk-${String(start).padStart(9, '0')}.jsonl`);
}

/** A chunk's manifest entries plus each TSV's byte size (to recognise a finished chunk on resume). */
export interface ChunkMeta {
  start: number;
  end: number;
  logs: Array<ManifestLog & { bytes: number }>;
}

/** The bytes of a chunk record: the meta line, then the labels lines (each ending in a newline). */
export function formatChunkRecord(meta: ChunkMeta, labels: string): string {
  return JSON.stringify(meta) + '\n' + labels;
}

/** Splits a chunk record into its meta and the bytes of its labels lines; null when it is not one. */
export function parseChunkRecord(data: Buffer): { meta: ChunkMeta; labels: Buffer } | null {
  const nl = data.indexOf(10);
  if (nl < 0) return null;
  try {
    const meta = JSON.parse(data.subarray(0, nl).toString('utf8')) as ChunkMeta;
    if (!meta || typeof meta.start !== 'number' || typeof meta.end !== 'number' || !Array.isArray(meta.logs)) return null;
    return { meta, labels: data.subarray(nl + 1) };
  } catch {
    return null;
  }
}

/** The chunk's meta when the chunk is complete on disk (record present, every log file present with its size), else null. */
export function readCompleteChunk(out: string, start: number, end: number): ChunkMeta | null {
  let record: ReturnType<typeof parseChunkRecord>;
  try {
    record = parseChunkRecord(readFileSync(chunkRecordPath(out, start)));
  } catch {
    return null;
  }
  if (!record) return null;
  const { meta, labels } = record;
  if (meta.start !== start || meta.end !== end || meta.logs.length !== end - start || countLines(labels) !== end - start) return null;
  const logsDir = datasetPaths(out).logs;
  for (const l of meta.logs) {
    try {
      if (statSync(join(logsDir, `${l.log_id}.tsv`)).size !== l.bytes) return null;
    } catch {
      return null;
    }
  }
  return meta;
}

function countLines(data: Buffer): number {
  let n = 0;
  for (let i = data.indexOf(10); i >= 0; i = data.indexOf(10, i + 1)) n++;
  return n;
}

/** Names `.parts/` holds when we wrote them: options, chunk records, threads' scratch, temporary files. */
export function isOwnPartsName(name: string): boolean {
  return name === 'options.json' || /^chunk-\d{9}\.jsonl$/.test(name) || /^tmp-\d+-\d+$/.test(name) || (name.startsWith('.') && name.includes('.tmp-'));
}

/**
 * Removes what a killed run left behind: temporary files (`.name.tmp-…`) in the dataset, logs and parts directories,
 * and the threads' scratch directories (`.parts/tmp-…`): the output guard's sweep, with the dataset's own scratch.
 */
export function removeStaleTemps(out: string): void {
  sweepStaleTemps(out, ['.', 'logs', '.parts'], (folder, name) => folder === '.parts' && /^tmp-\d+-\d+$/.test(name));
}

/**
 * Prepares `out` for a run with `options`: refuses (UsageError naming `--out`) a directory that holds a dataset or
 * an unfinished run made with different options; records the options for a later resume. Returns 'complete' when
 * the directory already holds this exact dataset, 'resume' when an unfinished run with the same options is there,
 * otherwise 'fresh'.
 */
export function prepareDataset(out: string, options: GenerateOptions): 'fresh' | 'resume' | 'complete' {
  const p = datasetPaths(out);
  const wanted = canonicalJson(options);
  if (existsSync(p.options)) {
    const had = safeJson(p.options);
    if (had === undefined || canonicalJson(had) !== wanted) throw new UsageError(`--out: ${out} holds an unfinished run with different options; use another directory or delete it`, '--out');
    removeStaleTemps(out);
    return 'resume';
  }
  if (existsSync(p.manifest)) {
    const had = safeJson(p.manifest) as { options?: unknown } | undefined;
    if (had === undefined || canonicalJson(had.options) !== wanted) throw new UsageError(`--out: ${out} holds a dataset generated with different options; use another directory or delete it`, '--out');
    return 'complete';
  }
  if (existsSync(p.logs) && readdirSync(p.logs).some((f) => f.endsWith('.tsv'))) {
    throw new UsageError(`--out: ${out}/logs already holds log files but no manifest; use another directory or delete it`, '--out');
  }
  try {
    mkdirSync(p.logs, { recursive: true });
    mkdirSync(p.parts, { recursive: true });
  } catch (err) {
    throw new UsageError(`--out: cannot create ${out}: ${(err as Error).message}`, '--out');
  }
  writeJsonAtomic(p.options, options);
  return 'fresh';
}

/** Reads and validates a dataset's manifest. */
export function readManifest(out: string): Manifest {
  const path = datasetPaths(out).manifest;
  return Manifest.parse(parseJsonText(readFileSync(path, 'utf8'), path));
}

/** Exact versions of the packages whose behaviour shapes generated bytes, plus this package's. */
export function packageVersions(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const out: Record<string, string> = { 'cclupe-kit': VERSION };
  for (const name of ['@faker-js/faker', 'seedrandom', 'zod']) {
    try {
      out[name] = (require(`${name}/package.json`) as { version: string }).version;
    } catch {
      out[name] = 'unknown';
    }
  }
  return out;
}

/** JSON with object keys sorted at every level, for comparing option records. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

function safeJson(path: string): unknown {
  try {
    return JSON.parse(withoutBom(readFileSync(path, 'utf8')));
  } catch {
    return undefined;
  }
}

