import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ShardManifest } from '../schema/shard.js';
import { writeShardManifest } from '../io/shard-manifest.js';
import { VERSION } from '../version.js';
import type { EvalConfig } from './config.js';
import type { EvalDataset } from '../io/eval-dataset.js';
import type { RunManifest } from '../schema/run-manifest.js';
import { RUN_FILES } from '../io/eval-run-dir.js';
import { selectItems, shardItems } from './select.js';
import { withoutUserinfo } from './redact.js';
import { NO_REDACTION, type Redact } from '../io/redact-type.js';

/**
 * The identity every shard of one eval run shares: the settings without the operational ones (concurrency,
 * timeouts, retries, the key's variable name: shards may differ there), the item filter, the dataset and prompt
 * hashes, and the structured-output decision (requests with and without it are different requests).
 */
export function evalShardRun(config: EvalConfig, manifest: RunManifest): Record<string, unknown> {
  const { concurrency: _c, timeout_ms: _t, retry: _r, api_key_env: _k, ...settings } = config;
  return {
    command: 'eval',
    tool: VERSION,
    // the base URL as the run records it: credentials in it reach no file
    config: settings.base_url === undefined ? settings : { ...settings, base_url: withoutUserinfo(settings.base_url) },
    config_hash: manifest.config_hash,
    dataset_hash: manifest.dataset.hash,
    prompt_hash: manifest.prompt_hash,
    structured_output: manifest.structured_output,
  };
}

/** The run files a finished eval shard lists in its `shard.json` (the error log only when it exists). */
export function evalShardFiles(runDir: string): string[] {
  const names = [RUN_FILES.manifest, RUN_FILES.responses, RUN_FILES.errors, RUN_FILES.predictions, RUN_FILES.results, RUN_FILES.report];
  return names.filter((f) => existsSync(join(runDir, f)));
}

/**
 * Writes a finished eval shard's `shard.json`: options hash, k, N, its range of logs and its files with their SHA-256;
 * the run's identity through the run's redaction (`runRedactor`), as the run's own files.
 */
export function writeEvalShard(runDir: string, dataset: EvalDataset, config: EvalConfig, manifest: RunManifest, shard: { k: number; n: number }, createdAt: string, redact: Redact = NO_REDACTION): ShardManifest {
  const r = shardItems(selectItems(dataset.items, config.filter), shard);
  return writeShardManifest(
    runDir,
    { command: 'eval', run: redact.deep(evalShardRun(config, manifest)), shard, range: { unit: 'log group', first: r.first, end: r.end, total: r.total }, logs: null },
    evalShardFiles(runDir),
    createdAt,
  );
}
