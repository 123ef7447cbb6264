import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, UsageError } from '../errors.js';
import { writeFileAtomic, writeJsonAtomic } from './atomic-write.js';
import { formatJsonl } from './jsonl.js';
import type { Prediction } from '../schema/prediction.js';
import { RunManifest } from '../schema/run-manifest.js';

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
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new InputError(`invalid JSON: ${(err as Error).message}`, { file: path });
  }
  const r = RunManifest.safeParse(value);
  if (!r.success) throw new InputError(`not a cclupe run manifest: ${r.error.issues[0].path.join('.')}: ${r.error.issues[0].message}`, { file: path });
  return r.data;
}

/** Writes the manifest atomically. */
export function writeRunManifest(runDir: string, manifest: RunManifest): void {
  writeJsonAtomic(runPath(runDir, 'manifest'), manifest);
}

/** Writes results, predictions and the HTML report atomically. */
export function writeRunOutputs(runDir: string, outputs: { results: unknown; predictions: readonly Prediction[]; reportHtml: string }): void {
  writeJsonAtomic(runPath(runDir, 'results'), outputs.results);
  writeFileAtomic(runPath(runDir, 'predictions'), formatJsonl(outputs.predictions));
  writeFileAtomic(runPath(runDir, 'report'), outputs.reportHtml);
}

/**
 * Takes the run directory's lock (`.lock`, holding the pid) so that two sessions never append to one cache.
 * A lock left by a process that no longer exists (after `kill -9`) is taken over. Returns the release function.
 */
export function acquireRunLock(runDir: string): () => void {
  mkdirSync(runDir, { recursive: true });
  const path = join(runDir, '.lock');
  for (let tries = 0; ; tries++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 2) throw err;
      const pid = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new UsageError(`another cclupe eval (pid ${pid}) is using ${runDir}; wait for it or remove ${path} if it is gone`, '--out');
      }
      rmSync(path, { force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
