import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { InputError, UsageError } from '../errors.js';
import type { Manifest } from '../schema/manifest.js';
import type { ShardFile } from '../schema/shard.js';
import { mergeCoverage, summarizeCoverage, type Coverage } from '../questions/coverage.js';
import { balanceItems } from '../questions/dataset.js';
import { itemFacts, type BalanceLog, type BalanceReport, type ItemFacts } from '../questions/balance.js';
import type { ClientKind, Log } from '../schema/log-row.js';
import { ITEM_FLOAT_FIELDS, type Item } from '../schema/item.js';
import { jsonLine } from './jsonl.js';
import { joinLabelFacts, openDataset } from './dataset.js';
import { questionsShardRun } from './questions-shard.js';
import { writeAllSync, writeFileAtomicWith, writeJsonAtomic } from './atomic-write.js';
import { copyFd, writeManifest, type AssembledDataset } from './dataset-assembly.js';
import { datasetPaths } from './dataset-layout.js';
import { walkDatasetShard, QUESTION_FILES } from './dataset-shard.js';
import { MergeWriter } from './merge-writer.js';
import { ANSWER_PRIORS_FILE, readAnswerPriors } from './answer-priors-file.js';
import { writeFileAtomic } from './atomic-write.js';
import type { ManifestHeader } from './manifest-stream.js';
import { hashFile, PIECE_BYTES, readPieces, SHARD_FILE } from './shard-manifest.js';
import { listLogFiles, readLogFile } from './log-files.js';
import type { ShardSet } from './shard-plan.js';
import { writeOutputMarker, type OutputKind } from './output-guard.js';
import { parseJsonText } from './json-text.js';

/** What a merge wrote (or, with `--check`, verified). */
export interface MergeSummary {
  command: ShardSet['command'];
  shards: number;
  out: string | null;
  logs: number;
  rows: number;
  items: number;
  files_verified: number;
}

/**
 * The output of a merge: a temporary directory next to `out`, renamed to `out` by `commit` once everything is
 * written and verified, or removed by `discard`, so that a refused merge writes nothing. `out` must not exist or be
 * an empty directory.
 */
export class MergeOutput {
  readonly dir: string;
  private constructor(readonly out: string) {
    this.dir = join(dirname(out), `.${basename(out)}.merge-tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  }

  /** Checks `out` (a usage error when it holds anything) and creates the temporary directory. */
  static open(out: string, kind: OutputKind): MergeOutput {
    if (existsSync(out)) {
      let entries: string[];
      try {
        entries = readdirSync(out);
      } catch {
        throw new UsageError(`-o: ${out} exists and is not a directory`, '-o');
      }
      if (entries.length > 0) throw new UsageError(`-o: ${out} is not empty; merge into a new directory`, '-o');
    }
    const o = new MergeOutput(out);
    mkdirSync(o.dir, { recursive: true });
    // marked as ours, as a single-machine run's output is, so that later commands recognise it
    writeOutputMarker(o.dir, kind);
    return o;
  }

  commit(): void {
    if (existsSync(this.out)) rmdirSync(this.out);
    renameSync(this.dir, this.out);
  }

  discard(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Runs `body` on a fresh merge output (or none for `--check`), committing it on success and removing it on failure. */
export async function withMergeOutput<T>(out: string | null, kind: OutputKind, body: (dir: string | null) => Promise<T>): Promise<T> {
  if (out === null) return body(null);
  const o = MergeOutput.open(out, kind);
  try {
    const r = await body(o.dir);
    o.commit();
    return r;
  } catch (err) {
    o.discard();
    throw err;
  }
}

function listed(dir: string, files: readonly ShardFile[], path: string): ShardFile {
  const f = files.find((x) => x.path === path);
  if (!f) throw new InputError(`${SHARD_FILE} does not list ${path}`, { file: join(dir, SHARD_FILE) });
  return f;
}

function mismatch(dir: string, path: string): InputError {
  return new InputError(`does not match its SHA-256 in ${SHARD_FILE} (tampered or damaged)`, { file: join(dir, path) });
}

/** Streams a listed file of a shard into `append` (if any), checking its size and SHA-256 against `shard.json`. */
export function copyListedFile(dir: string, f: ShardFile, append: ((piece: Uint8Array) => void) | null): void {
  const path = join(dir, f.path);
  if (!existsSync(path)) throw new InputError(`missing, though ${SHARD_FILE} lists it`, { file: path });
  const h = createHash('sha256');
  const bytes = readPieces(path, (piece) => {
    h.update(piece);
    append?.(piece);
  });
  if (bytes !== f.bytes || h.digest('hex') !== f.sha256) throw mismatch(dir, f.path);
}

/**
 * Merges the shards of one `generate` run into `out` (or only verifies them when `out` is null): the log files of
 * each shard in index order, each checked against its SHA-256 in its shard's manifest; `labels.jsonl` concatenated;
 * `manifest.json` with the unsharded options, indices and totals and every shard's entries; with `--questions`
 * shards, `questions.jsonl` in log-file order and the summed coverage. The bytes equal a single run's with the same
 * options, `created_at` aside. Streams: one log and one 1 MiB piece at a time. With `link`, each verified log is
 * hard-linked instead of copied (no second copy of the bytes; copies when the output is on another file system).
 */
export function mergeDatasetShards(set: ShardSet, out: string | null, createdAt: string, options: { link?: boolean } = {}): Promise<MergeSummary> {
  let link = options.link === true;
  let writer: MergeWriter | null = null;
  return withMergeOutput(out, 'dataset', async (tmp) => {
    const p = tmp === null ? null : datasetPaths(tmp);
    if (p) mkdirSync(p.logs);
    const labelsFd = p ? openSync(join(tmp as string, '.labels.jsonl.part'), 'w') : -1;
    const entriesFd = p ? openSync(join(tmp as string, '.manifest-logs.part'), 'w+') : -1;
    let header: ManifestHeader | null = null;
    let logs = 0;
    let rows = 0;
    let first: number | null = null;
    let last: number | null = null;
    let verified = 0;
    const labelsHash = createHash('sha256');
    try {
      for (const { dir, manifest: m } of set.shards) {
        copyListedFile(dir, listed(dir, m.files, 'labels.jsonl'), (piece) => {
          labelsHash.update(piece);
          if (p) writeAllSync(labelsFd, piece);
        });
        const h = walkDatasetShard(dir, m, (entry, text, bytes) => {
          if (p) {
            const to = join(p.logs, `${entry.log_id}.tsv`);
            if (link) {
              try {
                linkSync(join(datasetPaths(dir).logs, `${entry.log_id}.tsv`), to);
              } catch (err) {
                // Another file system (or one without hard links): copy this log and the rest.
                if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
                link = false;
              }
            }
            if (!link) (writer ??= new MergeWriter()).write(to, bytes);
            writeAllSync(entriesFd, logs > 0 ? `,\n${text}` : text);
          }
          first ??= entry.index;
          last = entry.index;
          logs++;
          rows += entry.rows;
        });
        header ??= h;
        verified += 2 + (m.logs ?? 0);
      }
      if (writer) {
        const w: MergeWriter = writer;
        writer = null;
        await w.finish();
      }
      const questions = set.shards[0].manifest.files.some((f) => f.path === QUESTION_FILES[0]);
      if (p) {
        fsyncSync(labelsFd);
        closeSync(labelsFd);
        renameSync(join(tmp as string, '.labels.jsonl.part'), p.labels);
      }
      verified += mergeAnswerPriors(set, tmp);
      // the balancing pass rebuilds logs from the merged dataset (its logs, labels and answer priors are in place by now)
      const items = questions ? mergeQuestionFiles(set, tmp, tmp) : 0;
      if (questions) verified += 2 * set.shards.length;
      if (p && header) {
        const h = header as ManifestHeader;
        const dataset: AssembledDataset = {
          ...h,
          options: { ...h.options, shard: null },
          indices: { count: logs, first, last },
          totals: { logs, rows },
          labels_sha256: labelsHash.digest('hex'),
          created_at: createdAt,
        } as Omit<Manifest, 'logs'>;
        writeFileAtomicWith(p.manifest, (append) => writeManifest(dataset, (add) => copyFd(entriesFd, add), append));
      }
      return { command: set.command, shards: set.shards.length, out, logs, rows, items, files_verified: verified };
    } finally {
      if (writer) await (writer as MergeWriter).abort();
      if (p) {
        try {
          closeSync(labelsFd);
        } catch {
          /* already closed after the rename */
        }
        closeSync(entriesFd);
        rmSync(join(tmp as string, '.labels.jsonl.part'), { force: true });
        rmSync(join(tmp as string, '.manifest-logs.part'), { force: true });
      }
    }
  });
}

/**
 * Carries a generate run's `answer-priors.json` (written when it has a custom or fitted profile) into the merged
 * dataset: every shard must list it with the same SHA-256 (each fitted it alike), checked as it is read. Returns the
 * number of files verified.
 */
function mergeAnswerPriors(set: ShardSet, tmp: string | null): number {
  const lists = set.shards.map(({ manifest: m }) => m.files.find((f) => f.path === ANSWER_PRIORS_FILE));
  const first = lists[0];
  lists.forEach((f, i) => {
    if ((f === undefined) !== (first === undefined) || (f && first && (f.sha256 !== first.sha256 || f.bytes !== first.bytes))) {
      const why = first === undefined ? 'lists it, though the first shard has none' : f === undefined ? 'does not list it, though the first shard does' : 'lists other bytes than the first shard';
      throw new InputError(`${why}: the shards are not of one run`, { file: join(set.shards[i].dir, SHARD_FILE) });
    }
  });
  if (!first) return 0;
  const chunks: Buffer[] = [];
  set.shards.forEach(({ dir }, i) => copyListedFile(dir, lists[i]!, i === 0 ? (piece) => chunks.push(Buffer.from(piece)) : null));
  if (tmp !== null) writeFileAtomic(join(tmp, ANSWER_PRIORS_FILE), Buffer.concat(chunks));
  return set.shards.length;
}

/**
 * The dataset whose logs a questions merge rebuilds when it balances (`--dataset`, else `out` when it holds the logs):
 * it must be the one the shards were built from. A usage error when there is none: balancing needs the whole dataset.
 */
function questionsDataset(set: ShardSet, out: string, dataset: string | undefined): string {
  const dir = dataset ?? out;
  if (!existsSync(dir) || listLogFiles(dir).length === 0) {
    throw new UsageError(
      'questions shards are balanced over the whole dataset when merged, which rebuilds some logs: merge into the dataset (-o DATASET) or name it with --dataset DIR',
      dataset === undefined ? '-o' : '--dataset',
    );
  }
  const run = set.shards[0].manifest.run as { dataset?: unknown; seed?: unknown };
  if (questionsShardRun(dir, String(run.seed ?? '')).dataset !== run.dataset) {
    throw new InputError('is not the dataset these questions shards were built from (its manifest or log files differ)', { file: dir });
  }
  return dir;
}

/**
 * Merges the shards of one `questions` run: `questions.jsonl` (in log-file order, as one run over the whole dataset
 * writes it) and `questions-coverage.json` into `out`, which may be an existing directory (the dataset itself) that
 * holds neither file yet; only verifies when `out` is null.
 */
export function mergeQuestionShards(set: ShardSet, out: string | null, options: { dataset?: string } = {}): MergeSummary {
  const datasetDir = out === null ? null : questionsDataset(set, out, options.dataset);
  if (out !== null) {
    for (const f of QUESTION_FILES) if (existsSync(join(out, f))) throw new UsageError(`-o: ${join(out, f)} already exists; merge questions into a directory without them`, '-o');
    // Merged into a dataset: it must be the one the shards were built from.
    const dataset = String((set.shards[0].manifest.run as { dataset?: unknown }).dataset ?? '');
    const manifest = join(out, 'manifest.json');
    if (dataset.startsWith('manifest ') && existsSync(manifest) && `manifest ${hashFile(manifest).sha256}` !== dataset) {
      throw new InputError('is not the dataset these questions shards were built from (its manifest.json differs)', { file: out });
    }
  }
  const tmp = out === null ? null : join(out, `.questions-merge-tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  if (tmp) mkdirSync(tmp, { recursive: true });
  try {
    const items = mergeQuestionFiles(set, tmp, datasetDir);
    if (tmp && out) for (const f of QUESTION_FILES) renameSync(join(tmp, f), join(out, f));
    return { command: set.command, shards: set.shards.length, out, logs: 0, rows: 0, items, files_verified: 2 * set.shards.length };
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

/** The coverage file's fields around the coverage summary, as `cclupe questions` writes them. */
interface CoverageFile extends Coverage {
  seed: string;
  templates: number;
  problems: string[];
  unreadable: string[];
}

/**
 * Writes `questions.jsonl` (a k-way merge of the shards' files by log id: each is in log-file order and the shards
 * hold disjoint logs) and `questions-coverage.json` into `dir` (null: verify only). The shards hold phase-1 items, so
 * the merged items then go through the dataset balancing pass (`balanceItems`), which rebuilds a few logs of
 * `datasetDir`; the file is rewritten with their new items and the coverage recounted, which gives the bytes one run
 * over the whole dataset writes. Returns the number of items.
 */
function mergeQuestionFiles(set: ShardSet, dir: string | null, datasetDir: string | null): number {
  const parts: CoverageFile[] = [];
  for (const { dir: d, manifest: m } of set.shards) {
    const f = listed(d, m.files, QUESTION_FILES[1]);
    const chunks: Buffer[] = [];
    copyListedFile(d, f, (piece) => chunks.push(Buffer.from(piece)));
    parts.push(parseJsonText(Buffer.concat(chunks).toString('utf8'), join(d, f.path)) as CoverageFile);
  }
  const seeds = new Set(parts.map((c) => `${c.seed}\n${c.templates}`));
  if (seeds.size > 1) throw new InputError(`was built with question seed ${parts[parts.length - 1].seed}, not ${parts[0].seed} as the first shard`, { file: join(set.shards[parts.length - 1].dir, QUESTION_FILES[1]) });
  const readers = set.shards.map(({ dir: d, manifest: m }) => new ItemLineReader(d, listed(d, m.files, QUESTION_FILES[0])));
  let items = 0;
  const part = dir === null ? null : join(dir, `.${QUESTION_FILES[0]}.part`);
  const fd = part === null ? -1 : openSync(part, 'w');
  /** What the balancing pass reads of each log's items (kept only when writing). */
  const facts: BalanceLog[] = [];
  const strings = new Map<string, string>();
  const intern = (x: string): string => {
    const had = strings.get(x);
    if (had !== undefined) return had;
    strings.set(x, x);
    return x;
  };
  try {
    const out: Buffer[] = [];
    let pending = 0;
    const flush = () => {
      if (fd >= 0 && out.length) writeAllSync(fd, Buffer.concat(out));
      out.length = 0;
      pending = 0;
    };
    for (;;) {
      let best: ItemLineReader | null = null;
      for (const r of readers) if (r.logId !== null && (best === null || r.logId < (best.logId as string))) best = r;
      if (best === null) break;
      const id = best.logId as string;
      const mine: ItemFacts[] = [];
      while (best.logId === id) {
        out.push(best.line as Buffer);
        pending += (best.line as Buffer).length;
        items++;
        if (fd >= 0) mine.push(itemFacts(best.value as Item, intern));
        best.next();
      }
      if (fd >= 0) facts.push({ logId: id, facts: mine });
      if (pending >= PIECE_BYTES) flush();
    }
    flush();
    for (const r of readers) r.finish();
    if (fd >= 0) {
      fsyncSync(fd);
      closeSync(fd);
    }
  } catch (err) {
    for (const r of readers) r.close();
    if (fd >= 0) {
      try {
        closeSync(fd);
      } catch {
        /* closed */
      }
    }
    if (part) rmSync(part, { force: true });
    throw err;
  }
  if (dir === null || part === null) return items;
  const seed = parts[0].seed;
  const balanced = balanceItems(facts, datasetLogs(datasetDir ?? dir), seed, readAnswerPriors(datasetDir ?? dir));
  const kinds = new Set<ClientKind>();
  for (const c of parts) for (const key of Object.keys(c.logic)) kinds.add(key.slice(0, key.indexOf(':')) as ClientKind);
  const c = balanced.replaced.size === 0 ? mergeCoverage(parts) : rewriteBalanced(part, balanced.replaced, [...kinds].sort(), parts);
  renameSync(part, join(dir, QUESTION_FILES[0]));
  const file = {
    seed,
    templates: parts[0].templates,
    ...c,
    problems: parts.flatMap((x) => x.problems),
    unreadable: parts.flatMap((x) => x.unreadable),
    balancing: balanced.report satisfies BalanceReport,
  };
  writeJsonAtomic(join(dir, QUESTION_FILES[1]), file);
  return items;
}

/**
 * The logs of a dataset directory as `cclupe questions` reads them (canonical reader, labels joined), one at a time:
 * what the balancing pass rebuilds. A log it cannot find is an `InputError`.
 */
function datasetLogs(dir: string): (logId: string) => { log: Log } {
  const ds = openDataset(dir);
  let labels: ReturnType<typeof ds.labelFacts> | null = null;
  const files = new Map<string, string>();
  return (logId) => {
    if (files.size === 0) for (const f of ds.logFilesById()) files.set(f.id, f.path);
    labels ??= ds.labelFacts();
    const file = files.get(logId);
    if (!file) throw new InputError(`no log file for ${logId}, whose items the balancing pass rebuilds`, { file: dir });
    const log = readLogFile(file).logs.find((l) => l.logId === logId);
    if (!log) throw new InputError(`could not read log ${logId}, whose items the balancing pass rebuilds`, { file });
    return { log: joinLabelFacts(log, labels.get(logId)) };
  };
}

/**
 * Rewrites the merged `questions.jsonl` at `path` with the balanced items of the `replaced` logs (each log's lines
 * are contiguous, in log order), streaming, and returns the coverage of the new file, counted in batches of logs and
 * summed (`mergeCoverage`), with the logs asked for taken from the shards' coverage.
 */
function rewriteBalanced(path: string, replaced: ReadonlyMap<string, Item[]>, kinds: readonly ClientKind[], parts: readonly Coverage[]): Coverage {
  const tmp = `${path}.balanced`;
  const fd = openSync(tmp, 'w');
  const sums: Coverage[] = [];
  let batch: Item[] = [];
  const BATCH_LOGS = 500;
  let batchLogs = 0;
  let lastId: string | null = null;
  const out: string[] = [];
  let pending = 0;
  const emit = (text: string) => {
    out.push(text);
    pending += text.length;
    if (pending >= PIECE_BYTES) {
      writeAllSync(fd, out.join(''));
      out.length = 0;
      pending = 0;
    }
  };
  try {
    let rest: Buffer = Buffer.alloc(0);
    const onLine = (line: string) => {
      const item = JSON.parse(line) as Item;
      const id = item.log_id;
      if (id !== lastId) {
        if (batchLogs >= BATCH_LOGS) {
          sums.push(summarizeCoverage(batch, 0, kinds));
          batch = [];
          batchLogs = 0;
        }
        batchLogs++;
        lastId = id;
        const fresh = replaced.get(id);
        if (fresh) {
          for (const it of fresh) {
            emit(jsonLine(it, ITEM_FLOAT_FIELDS) + '\n');
            batch.push(it);
          }
        }
      }
      if (replaced.has(id)) return;
      emit(line + '\n');
      batch.push(item);
    };
    // split on newline bytes, never inside a multi-byte character
    readPieces(path, (piece) => {
      let buf = rest.length ? Buffer.concat([rest, piece]) : Buffer.from(piece);
      for (let nl = buf.indexOf(10); nl >= 0; nl = buf.indexOf(10)) {
        onLine(buf.toString('utf8', 0, nl));
        buf = buf.subarray(nl + 1);
      }
      rest = buf;
    });
    if (rest.length) onLine(rest.toString('utf8'));
    if (out.length) writeAllSync(fd, out.join(''));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  sums.push(summarizeCoverage(batch, 0, kinds));
  const c = mergeCoverage(sums);
  c.logs = parts.reduce((a, p) => a + p.logs, 0);
  return c;
}

/** Reads a shard's `questions.jsonl` line by line (each line with its newline), hashing it; `logId` of the current line. */
class ItemLineReader {
  line: Buffer | null = null;
  logId: string | null = null;
  /** The current line, parsed. */
  value: unknown = null;
  private readonly fd: number;
  private readonly hash: Hash = createHash('sha256');
  private buf = Buffer.alloc(0);
  private bytes = 0;
  private lineNo = 0;
  private eof = false;
  private closed = false;
  private readonly path: string;

  constructor(
    private readonly dir: string,
    private readonly file: ShardFile,
  ) {
    this.path = join(dir, file.path);
    if (!existsSync(this.path)) throw new InputError(`missing, though ${SHARD_FILE} lists it`, { file: this.path });
    if (statSync(this.path).size !== file.bytes) throw mismatch(dir, file.path);
    this.fd = openSync(this.path, 'r');
    this.next();
  }

  next(): void {
    for (;;) {
      const nl = this.buf.indexOf(10);
      if (nl >= 0) {
        this.line = this.buf.subarray(0, nl + 1);
        this.buf = this.buf.subarray(nl + 1);
        this.lineNo++;
        this.value = parseJsonText(this.line.toString('utf8'), this.path, this.lineNo);
        const id = (this.value as { log_id?: unknown } | null)?.log_id;
        if (typeof id !== 'string') throw new InputError('log_id: expected a string', { file: this.path, line: this.lineNo, column: 1 });
        if (this.logId !== null && id < this.logId) throw new InputError(`log ${id} comes after ${this.logId}: not in log-file order`, { file: this.path, line: this.lineNo, column: 1 });
        this.logId = id;
        return;
      }
      if (this.eof) {
        if (this.buf.length > 0) throw new InputError('the last line has no newline', { file: this.path, line: this.lineNo + 1, column: 1 });
        this.line = null;
        this.logId = null;
        this.value = null;
        return;
      }
      const piece = Buffer.allocUnsafe(PIECE_BYTES);
      const n = readSync(this.fd, piece, 0, piece.length, null);
      if (n === 0) this.eof = true;
      else {
        const got = piece.subarray(0, n);
        this.hash.update(got);
        this.bytes += n;
        this.buf = this.buf.length ? Buffer.concat([this.buf, got]) : got;
      }
    }
  }

  /** Closes the file (once). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  /** Closes the file and checks its size and SHA-256 against `shard.json`. */
  finish(): void {
    this.close();
    if (this.bytes !== this.file.bytes || this.hash.digest('hex') !== this.file.sha256) throw mismatch(this.dir, this.file.path);
  }
}
