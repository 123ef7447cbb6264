import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, type Hash } from 'node:crypto';
import { InputError } from '../errors.js';
import { SHARD_SCHEMA, ShardManifest, type ShardCommand, type ShardFile } from '../schema/shard.js';
import { writeJsonAtomic } from './atomic-write.js';
import { canonicalJson } from './dataset-layout.js';
import { parseJsonText } from './json-text.js';

/** The shard manifest's file name inside a shard directory. */
export const SHARD_FILE = 'shard.json';

/** Bytes read at a time when a file is hashed or copied. */
export const PIECE_BYTES = 1 << 20;

/** SHA-256 of a run identity (its canonical JSON): equal for every shard of one run, different for any other run. */
export function runHash(run: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(run)).digest('hex');
}

/** Reads `path` in `PIECE_BYTES` pieces, handing each to `onPiece` (valid only during the call); returns the size. */
export function readPieces(path: string, onPiece: (piece: Buffer) => void): number {
  const fd = openSync(path, 'r');
  const buf = Buffer.allocUnsafe(PIECE_BYTES);
  let total = 0;
  try {
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      total += n;
      onPiece(buf.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  return total;
}

/**
 * Reads `path` in pieces and calls `onLine` with each line, without its newline (a last line without one too), also
 * handing each piece to `onPiece` (to hash the file on the way). Lines are cut on the bytes (a newline byte never
 * occurs inside a UTF-8 sequence), then each is decoded once. Returns the size and whether the file ends with a
 * newline (or is empty): false when it was cut inside its last line.
 */
export function readLines(path: string, onLine: (line: string) => void, onPiece: (piece: Buffer) => void = () => {}): { bytes: number; whole: boolean } {
  let rest: Buffer = Buffer.alloc(0);
  const bytes = readPieces(path, (piece) => {
    onPiece(piece);
    const data = rest.length > 0 ? Buffer.concat([rest, piece]) : piece;
    let from = 0;
    for (let nl = data.indexOf(10); nl >= 0; nl = data.indexOf(10, from)) {
      onLine(data.toString('utf8', from, nl));
      from = nl + 1;
    }
    rest = Buffer.from(data.subarray(from));
  });
  if (rest.length > 0) onLine(rest.toString('utf8'));
  return { bytes, whole: rest.length === 0 };
}

/** Size and SHA-256 of a file, read in pieces (flat memory at any size). */
export function hashFile(path: string): { bytes: number; sha256: string } {
  const h: Hash = createHash('sha256');
  const bytes = readPieces(path, (p) => h.update(p));
  return { bytes, sha256: h.digest('hex') };
}

/** What a shard states about itself, besides the files it lists. */
export interface ShardDescription {
  command: ShardCommand;
  run: Record<string, unknown>;
  shard: { k: number; n: number };
  range: ShardManifest['range'];
  logs: number | null;
}

/**
 * Writes `dir/shard.json` (atomically, last): the description, the run hash and every file of `files` (paths relative
 * to `dir`, each hashed now). A shard is complete exactly when its shard manifest exists and its files match it.
 */
export function writeShardManifest(dir: string, d: ShardDescription, files: readonly string[], createdAt: string): ShardManifest {
  const listed: ShardFile[] = files.map((path) => ({ path, ...hashFile(join(dir, path)) }));
  const m: ShardManifest = {
    schema: SHARD_SCHEMA,
    command: d.command,
    run_hash: runHash(d.run),
    run: d.run,
    shard: d.shard,
    range: d.range,
    files: listed,
    logs: d.logs,
    created_at: createdAt,
  };
  writeJsonAtomic(join(dir, SHARD_FILE), m);
  return m;
}

/**
 * Reads and checks `dir/shard.json`; an `InputError` naming the file when it is missing (the shard is unfinished, or
 * the directory is not a shard), not JSON, or not a shard manifest.
 */
export function readShardManifest(dir: string): ShardManifest {
  const path = join(dir, SHARD_FILE);
  if (!existsSync(path)) {
    const why = existsSync(dir) ? (statSync(dir).isDirectory() ? 'no shard.json: the shard is unfinished, or the directory is not a shard' : 'not a directory') : 'no such directory';
    throw new InputError(why, { file: dir });
  }
  const value = parseJsonText(readFileSync(path, 'utf8'), path);
  const r = ShardManifest.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new InputError(`not a cclupe shard manifest: ${issue.path.join('.') || '(record)'}: ${issue.message}`, { file: path });
  }
  if (r.data.run_hash !== runHash(r.data.run)) throw new InputError('run_hash does not match the run it describes', { file: path });
  return r.data;
}

/** A listed file of a shard whose bytes no longer match: an `InputError` naming the shard's file, or null when it matches. */
export function checkShardFile(dir: string, f: ShardFile): InputError | null {
  const path = join(dir, f.path);
  if (!existsSync(path)) return new InputError(`missing, though ${SHARD_FILE} lists it`, { file: path });
  const got = hashFile(path);
  if (got.sha256 !== f.sha256 || got.bytes !== f.bytes) return new InputError(`does not match its SHA-256 in ${SHARD_FILE} (tampered or damaged)`, { file: path });
  return null;
}
