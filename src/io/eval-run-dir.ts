import { existsSync } from 'node:fs';
import { acquireLock, ensureDir } from './output-guard.js';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import { writeFileAtomic, writeJsonAtomic } from './atomic-write.js';
import { formatJsonl } from './jsonl.js';
import { PREDICTION_FLOAT_FIELDS, type Prediction } from '../schema/prediction.js';
import { RunManifest } from '../schema/run-manifest.js';
import { readRegularText } from './read-regular.js';
import { NO_REDACTION, type Redact } from './redact-type.js';
import { parseJsonText } from './json-text.js';

/** File names inside a run directory (SPEC §10). */
export const RUN_FILES = {
  manifest: 'manifest.json',
  responses: 'responses.jsonl',
  errors: 'errors.jsonl',
  results: 'results.json',
  predictions: 'predictions.jsonl',
  report: 'report.html',
} as const;

/** Path of a run file. */
export function runPath(runDir: string, file: keyof typeof RUN_FILES): string {
  return join(runDir, RUN_FILES[file]);
}

/** Reads a run manifest, or null when the directory holds none yet. */
export function readRunManifest(runDir: string): RunManifest | null {
  const path = runPath(runDir, 'manifest');
  if (!existsSync(path)) return null;
  const value = parseJsonText(readRegularText(path), path);
  const r = RunManifest.safeParse(value);
  if (!r.success) throw new InputError(`not a cclupe run manifest: ${r.error.issues[0].path.join('.')}: ${r.error.issues[0].message}`, { file: path });
  return r.data;
}

/** Writes the manifest atomically, through the run's redaction (its config may hold a secret, e.g. in extra_body). */
export function writeRunManifest(runDir: string, manifest: RunManifest, redact: Redact = NO_REDACTION): void {
  writeJsonAtomic(runPath(runDir, 'manifest'), redact.deep(manifest));
}

/** Writes results, predictions and the HTML report atomically, each through the run's redaction. */
export function writeRunOutputs(runDir: string, outputs: { results: unknown; predictions: readonly Prediction[]; reportHtml: string }, redact: Redact = NO_REDACTION): void {
  writeJsonAtomic(runPath(runDir, 'results'), redact.deep(outputs.results));
  writeFileAtomic(runPath(runDir, 'predictions'), formatJsonl(redact.deep(outputs.predictions), PREDICTION_FLOAT_FIELDS));
  writeFileAtomic(runPath(runDir, 'report'), redact.text(outputs.reportHtml));
}

/** Takes the run directory's lock; see `acquireLock` in `src/io/output-guard.ts`, which every command's output uses. */
export function acquireRunLock(runDir: string): () => void {
  ensureDir(runDir);
  return acquireLock(runDir, '--out', 'cclupe eval');
}
