import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createHash } from 'node:crypto';
import { TEMPLATES } from '../questions/templates/index.js';
import { VERSION } from '../version.js';
import { shardRange } from './dataset-layout.js';
import { QUESTION_FILES } from './dataset-shard.js';
import { listLogFiles } from './log-files.js';
import { checkShardFile, hashFile, readShardManifest, runHash, SHARD_FILE, writeShardManifest } from './shard-manifest.js';
import { parseJsonText } from './json-text.js';
import { readRegularText } from './read-regular.js';

/**
 * The identity every questions shard of one run shares: the question seed, the template count and the dataset (its
 * manifest's SHA-256, or, for a folder of logs, the SHA-256 of its file list with sizes and of its labels).
 */
export function questionsShardRun(dir: string, seed: string): Record<string, unknown> {
  const manifest = join(dir, 'manifest.json');
  let dataset: string;
  if (existsSync(manifest)) dataset = `manifest ${hashFile(manifest).sha256}`;
  else {
    const h = createHash('sha256');
    for (const f of listLogFiles(dir)) h.update(`${basename(f)} ${statSync(f).size}\n`);
    const labels = join(dir, 'labels.jsonl');
    if (existsSync(labels)) h.update(`labels ${hashFile(labels).sha256}`);
    dataset = `files ${h.digest('hex')}`;
  }
  return { command: 'questions', tool: VERSION, seed, templates: TEMPLATES.length, dataset };
}

/**
 * The item count of a questions shard already complete in `out` for this run and shard, every file checked against
 * its `shard.json` (an `InputError` naming a file that no longer matches); null when there is none to prove.
 */
export function proveQuestionsShard(out: string, run: Record<string, unknown>, shard: { k: number; n: number }): number | null {
  if (!existsSync(join(out, SHARD_FILE))) return null;
  const had = readShardManifest(out);
  if (had.run_hash !== runHash(run) || had.shard.k !== shard.k || had.shard.n !== shard.n) return null;
  for (const f of had.files) {
    const bad = checkShardFile(out, f);
    if (bad) throw bad;
  }
  return (JSON.parse(readFileSync(join(out, QUESTION_FILES[1]), 'utf8')) as { items: number }).items;
}

/** Writes a questions shard's `shard.json` once its question files are in `out`. */
export function writeQuestionsShard(dir: string, out: string, run: Record<string, unknown>, shard: { k: number; n: number }): void {
  mkdirSync(out, { recursive: true });
  const total = listLogFiles(dir).length;
  const { first, end } = shardRange(total, shard);
  writeShardManifest(out, { command: 'questions', run, shard, range: { unit: 'log file', first, end, total }, logs: null }, [...QUESTION_FILES], new Date().toISOString());
}

/** The master seed of a dataset's manifest, or null when it has none. */
export function readDatasetSeed(dir: string): string | null {
  const manifest = join(dir, 'manifest.json');
  if (!existsSync(manifest)) return null;
  // a regular file only: a FIFO or device of that name would block the read or never end it
  const m = parseJsonText(readRegularText(manifest), manifest) as { master_seed?: unknown } | null;
  return typeof m?.master_seed === 'string' ? m.master_seed : null;
}
