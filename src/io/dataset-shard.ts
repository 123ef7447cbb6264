import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { InputError } from '../errors.js';
import type { GenerateOptions, ManifestLog } from '../schema/manifest.js';
import type { ShardManifest } from '../schema/shard.js';
import { VERSION } from '../version.js';
import { canonicalJson, datasetPaths, packageVersions, shardRange } from './dataset-layout.js';
import { readManifestStream, type ManifestHeader } from './manifest-stream.js';
import { ANSWER_PRIORS_FILE } from './answer-priors-file.js';
import { checkShardFile, readShardManifest, runHash, SHARD_FILE, writeShardManifest } from './shard-manifest.js';

/** The files of a generate shard besides its logs (listed with theirs in `manifest.json`). */
export const DATASET_SHARD_FILES = ['labels.jsonl', 'manifest.json'] as const;
/** The files `--questions` adds to a generate shard (and a questions shard holds). */
export const QUESTION_FILES = ['questions.jsonl', 'questions-coverage.json'] as const;

/** The identity every shard of one generate run shares: its options without the shard, versions, and `--questions`. */
export function datasetShardRun(options: GenerateOptions, questions: boolean): Record<string, unknown> {
  return { command: 'generate', tool: VERSION, packages: packageVersions(), options: { ...options, shard: null }, questions };
}

/** Writes a finished generate shard's `shard.json` (its options hash, k, N, index range and files with their SHA-256). */
export function writeDatasetShard(dir: string, options: GenerateOptions, questions: boolean, createdAt: string): ShardManifest {
  if (!options.shard) throw new InputError('not a shard: the run has no --shard', { file: dir });
  const { first, end } = shardRange(options.count, options.shard);
  return writeShardManifest(
    dir,
    { command: 'generate', run: datasetShardRun(options, questions), shard: options.shard, range: { unit: 'log index', first, end, total: options.count }, logs: end - first },
    // answer-priors.json: only a run with a custom or fitted profile writes it, the same bytes in every shard
    [...DATASET_SHARD_FILES, ...(existsSync(join(dir, ANSWER_PRIORS_FILE)) ? [ANSWER_PRIORS_FILE] : []), ...(questions ? QUESTION_FILES : [])],
    createdAt,
  );
}

/**
 * What re-running a finished generate shard finds: 'verified' when its `shard.json` is there for this very run and
 * every file (every log included) still matches it; 'unlisted' when there is no `shard.json` for this run yet (the
 * shard was killed before writing it, or first ran without `--questions`), so the caller writes one. A shard whose
 * files no longer match is an `InputError` naming the file: `cclupe generate` repairs the logs, labels and answer
 * priors first (`repairDataset`), so what is left is a file it cannot put right, such as a changed manifest.
 */
export function proveDatasetShard(dir: string, options: GenerateOptions, questions: boolean): 'verified' | 'unlisted' {
  if (!existsSync(join(dir, SHARD_FILE))) {
    walkDatasetShard(dir, null, () => {});
    return 'unlisted';
  }
  const m = readShardManifest(dir);
  if (m.run_hash !== runHash(datasetShardRun(options, questions))) {
    walkDatasetShard(dir, null, () => {});
    return 'unlisted';
  }
  for (const f of m.files) {
    if (f.path === 'manifest.json') continue;
    const bad = checkShardFile(dir, f);
    if (bad) throw bad;
  }
  walkDatasetShard(dir, m, () => {});
  return 'verified';
}

/**
 * Reads a generate shard's `manifest.json` in pieces and every log it lists, checking each log's SHA-256, the indices
 * (consecutive from the shard's first) and, with `m`, the manifest's own SHA-256 and its agreement with `shard.json`;
 * `onLog` gets each verified log's entry, entry text and bytes, in index order. Returns the manifest's header.
 */
export function walkDatasetShard(dir: string, m: ShardManifest | null, onLog: (entry: ManifestLog, text: string, bytes: Buffer) => void): ManifestHeader {
  const path = datasetPaths(dir).manifest;
  if (!existsSync(path)) throw new InputError(m ? `missing, though ${SHARD_FILE} lists it` : 'missing', { file: path });
  const logsDir = datasetPaths(dir).logs;
  let expected = m ? m.range.first : -1;
  const read = readManifestStream(path, (entry, text) => {
    if (expected < 0) expected = entry.index;
    if (entry.index !== expected) throw new InputError(`lists log index ${entry.index} where ${expected} was expected`, { file: path });
    expected++;
    const file = join(logsDir, `${entry.log_id}.tsv`);
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      throw new InputError('missing, though manifest.json lists it', { file });
    }
    if (createHash('sha256').update(bytes).digest('hex') !== entry.sha256) throw new InputError('does not match its SHA-256 in manifest.json (tampered or damaged)', { file });
    onLog(entry, text, bytes);
  });
  const h = read.header;
  if (m) {
    const listed = m.files.find((f) => f.path === 'manifest.json');
    if (!listed || listed.sha256 !== read.sha256 || listed.bytes !== read.bytes) throw new InputError(`does not match its SHA-256 in ${SHARD_FILE} (tampered or damaged)`, { file: path });
    const run = m.run as { options?: unknown };
    const agrees =
      canonicalJson({ ...h.options, shard: null }) === canonicalJson(run.options) &&
      canonicalJson(h.options.shard) === canonicalJson(m.shard) &&
      h.totals.logs === m.logs &&
      h.indices.count === m.logs &&
      (m.logs === 0 || (h.indices.first === m.range.first && h.indices.last === m.range.end - 1)) &&
      expected - m.range.first === m.logs;
    if (!agrees) throw new InputError(`does not describe shard ${m.shard.k}/${m.shard.n} of ${SHARD_FILE} (indices ${m.range.first}..${m.range.end - 1})`, { file: path });
  } else if (expected >= 0 && expected - (h.indices.first ?? 0) !== h.totals.logs) {
    throw new InputError(`lists ${expected - (h.indices.first ?? 0)} logs but its totals say ${h.totals.logs}`, { file: path });
  }
  return h;
}
