import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import type { Profile } from '../schema/profile.js';
import { generateLog } from '../synth/index.js';
import { ANSWER_PRIORS_SEED, fitAnswerPriors } from '../questions/prior-fit.js';
import type { TemplatePrior } from '../questions/template.js';
import { canonicalJson } from './dataset-layout.js';
import { listProfiles, loadProfile } from './profiles.js';
import { ANSWER_PRIORS_FILE, answerPriorsPath, readAnswerPriors, writeAnswerPriors } from './answer-priors-file.js';
import { hashFile, readShardManifest, SHARD_FILE } from './shard-manifest.js';

/**
 * Calibration logs per custom or fitted profile for its answer priors (`--prior-logs` sets another count). The fit
 * reads them once to measure and once per builder pass (BUILDER_PASSES), on one core, before the dataset is done:
 * measured for a renamed sme-restaurant and personal-gig-worker at the default rows (50–300), 200 logs took 6.0 s,
 * 500 took 10.5 s, 800 took 12.7–13.6 s and 1,000 (the shipped table's count per profile) 15.8 s. 800 keeps within
 * about 15 s a profile, with the shipped precision all but kept: an answer share is measured within about ±0.034
 * instead of ±0.03 (1/√n). Longer logs (`--rows-max`) cost more in proportion to their rows.
 */
export const CUSTOM_PRIOR_LOGS = 800;

/** The profiles of a run that have no shipped priors: a custom file or a fitted profile (any content but a shipped one's). */
export function profilesToFit(profiles: readonly Profile[]): Profile[] {
  const shipped = new Set(listProfiles());
  return profiles.filter((p) => !shipped.has(p.name) || canonicalJson(loadProfile(p.name)) !== canonicalJson(p));
}

/** What shapes a dataset's fitted priors besides its profiles: the calibration count and the logs' period and rows. */
export interface PriorFitOptions {
  count: number;
  period: { start: string; end: string };
  rowsMin: number;
  rowsMax: number;
  /** Called after each calibration log read (the measuring pass and every builder pass). */
  onLog?: () => void;
}

/**
 * Fits the answer priors of every profile without shipped ones (`profilesToFit`), each on its own calibration logs
 * (seed `cclupe-answer-priors`, the run's rows and period: the fit depends on the profile and those alone), and
 * writes them into the dataset `dir` as `answer-priors.json`; nothing when every profile is shipped.
 */
export function fitDatasetPriors(dir: string, profiles: readonly Profile[], options: PriorFitOptions): void {
  const todo = profilesToFit(profiles);
  if (todo.length === 0) return;
  const { count, period, rowsMin, rowsMax, onLog } = options;
  const table: Record<string, TemplatePrior> = {};
  for (const profile of todo) {
    const logAt = (i: number) => ({ log: generateLog(profile, { masterSeed: ANSWER_PRIORS_SEED, index: i, period, rowsMin, rowsMax }).log, profile: profile.name });
    Object.assign(table, fitAnswerPriors({ count, logAt, profiles: [profile.name] }, { kinds: false, ...(onLog ? { onLog } : {}) }));
  }
  writeAnswerPriors(dir, table);
}

/** The SHA-256 a shard's `shard.json` lists for one of its files, if it is a shard that lists it. */
export function shardListed(dir: string, file: string): string | undefined {
  if (!existsSync(join(dir, SHARD_FILE))) return undefined;
  try {
    return readShardManifest(dir).files.find((f) => f.path === file)?.sha256;
  } catch {
    return undefined;
  }
}

/**
 * Whether a finished dataset's `answer-priors.json` is as the run wrote it: absent when no profile needs one, else a
 * readable table (and, in a shard, of the SHA-256 its `shard.json` lists). Refitting gives the same bytes.
 */
export function answerPriorsIntact(dir: string, profiles: readonly Profile[]): boolean {
  if (profilesToFit(profiles).length === 0) return true;
  try {
    if (readAnswerPriors(dir) === undefined) return false;
  } catch (err) {
    if (err instanceof InputError) return false;
    throw err;
  }
  const listed = shardListed(dir, ANSWER_PRIORS_FILE);
  return listed === undefined || hashFile(answerPriorsPath(dir)).sha256 === listed;
}
