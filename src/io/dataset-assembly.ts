import { closeSync, fdatasync, fsyncSync, openSync, readFileSync, readSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { GenerateOptions, Manifest, ManifestLog } from '../schema/manifest.js';
import { LOG_FORMAT_VERSION } from '../schema/transaction-types.js';
import { CclupeError } from '../errors.js';
import { VERSION } from '../version.js';
import { withPath, writeAllSync, writeFileAtomicWith } from './atomic-write.js';
import { chunkRecordPath, datasetPaths, isOwnPartsName, packageVersions, parseChunkRecord, type ChunkMeta } from './dataset-layout.js';
import { removeOwnEntries } from './output-guard.js';

/** Bytes appended between two background `fdatasync`s of the labels file, so that the one at the end is short. */
export const LABELS_SYNC_EVERY = 64 * 1024 * 1024;

/** What a finished assembly wrote: the manifest without its per-log list. */
export type AssembledDataset = Omit<Manifest, 'logs'>;

/**
 * Builds a dataset's `labels.jsonl` and `manifest.json` while its chunks are being generated. Each committed chunk is
 * handed over with `add`; as soon as every earlier chunk is in, its labels lines are appended (read back from its
 * record) to a temporary `labels.jsonl`, fdatasynced in the background every `LABELS_SYNC_EVERY` bytes, and its
 * manifest entries, as the manifest will spell them, to a temporary file of their own. `finish` then only has to fsync
 * and rename the labels, write the manifest around its list of entries and remove `.parts/`. Copying every chunk's
 * labels at the end instead took 1.5 s of a 100,000-log run's 2.4 s tail, with all threads but one idle, and the
 * main thread held every entry until then (about 250 bytes a log). Both files are derived data: a resumed run builds
 * them anew from the chunk records, so a killed run loses nothing.
 */
export class DatasetAssembler {
  private readonly labelsTmp: string;
  private readonly entriesTmp: string;
  /** The temporary files' descriptors, −1 once closed (a descriptor number is reused by the next open). */
  private labelsFd: number;
  /** SHA-256 of the labels written so far (the manifest's `labels_sha256`). */
  private readonly labelsHash = createHash('sha256');
  private entriesFd: number;
  /** Position in `chunks` of the next chunk to append. */
  private next = 0;
  /** Committed chunks waiting for an earlier one, by start index. */
  private readonly waiting = new Map<number, ChunkMeta>();
  private logs = 0;
  private rows = 0;
  private firstIndex: number | null = null;
  private lastIndex: number | null = null;
  private unsynced = 0;
  /** The background fdatasync in flight, if any (it never rejects; its error is kept in `syncError`). */
  private syncing: Promise<void> | null = null;
  private syncError: unknown = null;
  private closed = false;

  /** Starts assembling the dataset in `out` made of `chunks` (in index order). */
  constructor(
    private readonly out: string,
    private readonly chunks: ReadonlyArray<{ start: number; end: number }>,
    private readonly syncEvery: number = LABELS_SYNC_EVERY,
  ) {
    const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
    this.labelsTmp = join(out, `.labels.jsonl.tmp-${tag}`);
    this.entriesTmp = join(out, `.manifest-logs.tmp-${tag}`);
    this.labelsFd = openSync(this.labelsTmp, 'w');
    try {
      this.entriesFd = openSync(this.entriesTmp, 'w+');
    } catch (err) {
      closeSync(this.labelsFd);
      rmSync(this.labelsTmp, { force: true });
      throw err;
    }
  }

  /**
   * Hands over a committed chunk (its record is on disk); chunks may come in any order, each once. Appends every
   * chunk that is now next in line; throws if its record cannot be read or a temporary file cannot be written.
   */
  add(meta: ChunkMeta): void {
    if (this.closed) throw new CclupeError('dataset assembly is already closed');
    this.waiting.set(meta.start, meta);
    for (let c = this.chunks[this.next]; c !== undefined && this.waiting.has(c.start); c = this.chunks[this.next]) {
      const m = this.waiting.get(c.start) as ChunkMeta;
      this.appendLabels(c.start);
      this.appendEntries(m);
      this.waiting.delete(c.start);
      this.next++;
    }
  }

  /**
   * Completes the dataset once every chunk has been added: `labels.jsonl` fsynced and renamed into place, then
   * `manifest.json` (atomic) with `createdAt`, then `.parts/` removed. Returns the manifest without its log list.
   */
  async finish(options: GenerateOptions, createdAt: string): Promise<AssembledDataset> {
    if (this.next !== this.chunks.length) throw new CclupeError(`dataset assembly finished with ${this.chunks.length - this.next} chunks missing`);
    if (this.closed) throw new CclupeError('dataset assembly is already closed');
    await this.syncing;
    this.closed = true;
    const p = datasetPaths(this.out);
    const dataset: AssembledDataset = {
      kind: 'cclupe-dataset',
      tool: { name: 'cclupe-kit', version: VERSION },
      master_seed: options.seed,
      log_format_version: LOG_FORMAT_VERSION,
      options,
      packages: packageVersions(),
      indices: { count: this.logs, first: this.firstIndex, last: this.lastIndex },
      totals: { logs: this.logs, rows: this.rows },
      labels_sha256: this.labelsHash.digest('hex'),
      created_at: createdAt,
    };
    try {
      if (this.syncError !== null) throw this.syncError;
      fsyncSync(this.labelsFd);
      this.closeLabels();
      renameSync(this.labelsTmp, p.labels);
      writeFileAtomicWith(p.manifest, (append) => writeManifest(dataset, (add) => copyFd(this.entriesFd, add), append));
    } finally {
      this.release();
    }
    removeOwnEntries(p.parts, isOwnPartsName);
    return dataset;
  }

  /** Gives up (after a failed run): closes and removes the temporary files; the chunk records stay for a resume. */
  async abort(): Promise<void> {
    await this.syncing;
    if (this.closed) return;
    this.closed = true;
    this.release();
  }

  /** Closes and removes what is left of the temporary files (the labels file once renamed is not touched). */
  private release(): void {
    this.closeLabels();
    if (this.entriesFd >= 0) {
      const fd = this.entriesFd;
      this.entriesFd = -1;
      closeSync(fd);
    }
    rmSync(this.labelsTmp, { force: true });
    rmSync(this.entriesTmp, { force: true });
  }

  private closeLabels(): void {
    if (this.labelsFd < 0) return;
    const fd = this.labelsFd;
    this.labelsFd = -1;
    closeSync(fd);
  }

  /**
   * Appends the labels lines of the chunk starting at `start`, read back from its record (just written, so from the
   * page cache: ~0.1 ms for a chunk's 400 KB). Synchronous on purpose: it runs between the calling thread's chunks,
   * and an append on the libuv pool advanced only when that thread next turned its event loop, so at 100,000 logs
   * the appends fell 1.2 s behind the generation.
   */
  private appendLabels(start: number): void {
    const path = chunkRecordPath(this.out, start);
    const record = parseChunkRecord(readFileSync(path));
    if (!record) throw new CclupeError(`chunk record ${path} is not a chunk record`);
    const { labels } = record;
    try {
      writeAllSync(this.labelsFd, labels);
      this.labelsHash.update(labels);
    } catch (err) {
      throw withPath(err, datasetPaths(this.out).labels);
    }
    this.unsynced += labels.length;
    if (this.unsynced >= this.syncEvery && this.syncing === null) {
      this.unsynced = 0;
      this.syncing = new Promise((resolve) =>
        fdatasync(this.labelsFd, (err) => {
          if (err) this.syncError ??= withPath(err, datasetPaths(this.out).labels) as Error;
          this.syncing = null;
          resolve();
        }),
      );
    }
  }

  /** Appends a chunk's manifest entries, each as `manifestLogsJson` spells it, and counts its logs and rows. */
  private appendEntries(meta: ChunkMeta): void {
    if (meta.logs.length === 0) return;
    const entries: ManifestLog[] = meta.logs.map((l) => ({ index: l.index, log_id: l.log_id, profile: l.profile, seed_key: l.seed_key, rows: l.rows, sha256: l.sha256 }));
    const text = (this.logs > 0 ? ',\n' : '') + manifestLogsJson(entries);
    try {
      writeAllSync(this.entriesFd, text);
    } catch (err) {
      throw withPath(err, datasetPaths(this.out).manifest);
    }
    this.firstIndex ??= entries[0].index;
    this.lastIndex = entries[entries.length - 1].index;
    this.logs += entries.length;
    for (const e of entries) this.rows += e.rows;
  }
}

/**
 * Manifest entries as `JSON.stringify(manifest, null, 2)` spells the elements of its `logs` array (each object
 * indented by four spaces, its keys by six), separated by `,\n`.
 */
export function manifestLogsJson(entries: readonly ManifestLog[]): string {
  return entries.map((e) => JSON.stringify(e, null, 2).replace(/^/gm, '    ')).join(',\n');
}

/**
 * Writes `manifest.json`'s bytes, exactly `JSON.stringify(manifest, null, 2) + '\n'`, with the elements of `logs`
 * appended by `writeEntries` (as `manifestLogsJson` spells them, separated by `,\n`; called only when
 * `dataset.totals.logs` > 0) instead of held in memory. Used by the assembler and by `cclupe merge`.
 */
export function writeManifest(dataset: AssembledDataset, writeEntries: (append: (data: string | Uint8Array) => void) => void, append: (data: string | Uint8Array) => void): void {
  // A raw newline cannot occur inside a JSON string, so this is the top-level key (options may hold any text).
  const text = JSON.stringify({ ...withoutCreatedAt(dataset), logs: 0, created_at: dataset.created_at }, null, 2) + '\n';
  const key = '\n  "logs": 0';
  const at = text.indexOf(key);
  if (at < 0) throw new CclupeError('manifest text has no top-level logs key');
  append(text.slice(0, at + key.length - 1));
  if (dataset.totals.logs === 0) append('[]');
  else {
    append('[\n');
    writeEntries(append);
    append('\n  ]');
  }
  append(text.slice(at + key.length));
}

/** Appends everything in the file `fd` (from its start), in 1 MiB pieces. */
export function copyFd(fd: number, append: (data: Uint8Array) => void): void {
  const piece = Buffer.allocUnsafe(1 << 20);
  for (let pos = 0; ; ) {
    const n = readSync(fd, piece, 0, piece.length, pos);
    if (n === 0) break;
    append(piece.subarray(0, n));
    pos += n;
  }
}

function withoutCreatedAt(dataset: AssembledDataset): Omit<AssembledDataset, 'created_at'> {
  const { created_at: _, ...rest } = dataset;
  return rest;
}
