import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../errors.js';
import { writeAllSync } from '../io/atomic-write.js';
import { copyListedFile, MergeOutput, type MergeSummary } from '../io/dataset-merge.js';
import { SHARD_FILE } from '../io/shard-manifest.js';
import type { ShardSet } from '../io/shard-plan.js';
import type { ChatTransport } from './client.js';
import { parseEvalConfig } from './config.js';
import { loadEvalDataset } from '../io/eval-dataset.js';
import { ITEM_HEADER } from './wire.js';
import { RunManifest } from '../schema/run-manifest.js';
import { runEval } from './run.js';
import { readRunManifest, RUN_FILES, writeRunManifest } from '../io/eval-run-dir.js';
import { maxOf } from '../log/extremes.js';

/** Options of `mergeEvalShards`. */
export interface MergeEvalOptions {
  /** The dataset the shards ran on (default: the one recorded in the first shard's run manifest). */
  dataset?: string;
}

/**
 * Merges the shards of one eval run into the run directory `out` (or only verifies them when `out` is null): every
 * listed file is checked against its SHA-256; `responses.jsonl` and `errors.jsonl` are concatenated in shard order;
 * then the whole run is scored once from that cache, offline, exactly as `cclupe eval` ends a run (so `predictions.jsonl`
 * and the scores are a single run's bytes), and each shard's predictions must be the ones the merged run gives.
 */
export async function mergeEvalShards(set: ShardSet, out: string | null, options: MergeEvalOptions = {}): Promise<MergeSummary> {
  const files = [RUN_FILES.responses, RUN_FILES.errors];
  if (out === null) {
    let verified = 0;
    for (const { dir, manifest } of set.shards) {
      for (const f of manifest.files) copyListedFile(dir, f, null);
      verified += manifest.files.length;
    }
    return { command: 'eval', shards: set.shards.length, out: null, logs: 0, rows: 0, items: 0, files_verified: verified };
  }
  const first = set.shards[0];
  const firstRun = readRunManifest(first.dir);
  if (!firstRun) throw new InputError(`missing, though ${SHARD_FILE} lists it`, { file: join(first.dir, RUN_FILES.manifest) });
  const datasetDir = options.dataset ?? resolve(firstRun.dataset.dir);
  const run = first.manifest.run as { config: unknown; dataset_hash: string; structured_output: boolean | null };
  const config = parseEvalConfig(run.config, join(first.dir, SHARD_FILE));
  const o = MergeOutput.open(out, 'run');
  try {
    let verified = 0;
    for (const { dir, manifest } of set.shards) {
      for (const f of manifest.files) if (!files.includes(f.path as (typeof files)[number])) copyListedFile(dir, f, null);
      verified += manifest.files.length;
    }
    for (const name of files) {
      const tmp = join(o.dir, `.${name}.part`);
      const fd = openSync(tmp, 'w');
      try {
        for (const { dir, manifest } of set.shards) {
          const f = manifest.files.find((x) => x.path === name);
          if (f) copyListedFile(dir, f, (piece) => writeAllSync(fd, piece));
        }
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, join(o.dir, name));
    }
    let dataset;
    try {
      dataset = loadEvalDataset(datasetDir);
    } catch (err) {
      if (err instanceof InputError) throw new InputError(`the dataset the shards ran on cannot be read (${err.format()}); name it with --dataset`, { file: datasetDir });
      throw err;
    }
    if (dataset.hash !== run.dataset_hash) throw new InputError('is not the dataset the shards ran on (its questions or logs differ); name the right one with --dataset', { file: datasetDir });
    const manifests = set.shards.map(({ dir }) => readRunManifest(dir) as RunManifest);
    const created = manifests.map((m) => m.created_at).sort()[0];
    const { shard: _shard, ...rest } = firstRun;
    writeRunManifest(o.dir, RunManifest.parse({ ...rest, status: 'running', created_at: created, sessions: maxOf(manifests.map((m) => m.sessions)) }));
    // Everything is in the merged cache: a request would mean a shard lacks an item's response.
    let asked: string | null = null;
    const offline: ChatTransport = {
      complete: (_body, opts) => {
        asked ??= opts?.headers?.[ITEM_HEADER] ?? 'an item';
        return Promise.reject(new Error('merge sends no requests'));
      },
      listModels: () => {
        asked ??= 'the preflight';
        return Promise.reject(new Error('merge sends no requests'));
      },
    };
    const lacking = () => new InputError(`no shard holds a response for ${asked}: re-run the shard that holds it, then merge again`, { file: set.shards.map((s) => s.dir).join(', ') });
    let outcome;
    try {
      outcome = await runEval(dataset, config, { runDir: o.dir, transport: offline, sleep: () => Promise.resolve() });
    } catch (err) {
      if (asked !== null) throw lacking();
      throw err;
    }
    if (asked !== null) throw lacking();
    checkShardPredictions(set, outcome.predictions);
    rmSync(join(o.dir, '.lock'), { force: true });
    o.commit();
    return { command: 'eval', shards: set.shards.length, out, logs: 0, rows: 0, items: outcome.predictions.length, files_verified: verified };
  } catch (err) {
    o.discard();
    throw err;
  }
}

/** Each shard's `predictions.jsonl` must hold, line for line, the merged run's predictions of its items. */
function checkShardPredictions(set: ShardSet, merged: ReadonlyArray<{ item_id: string }>): void {
  const byId = new Map(merged.map((p) => [p.item_id, JSON.stringify(p)]));
  for (const { dir } of set.shards) {
    const path = join(dir, RUN_FILES.predictions);
    const lines = readFileSync(path, 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (lines[i] === '') continue;
      const id = (JSON.parse(lines[i]) as { item_id: string }).item_id;
      if (byId.get(id) !== lines[i]) throw new InputError(`the prediction of ${id} is not the one its shard's responses give`, { file: path, line: i + 1, column: 1 });
    }
  }
}
