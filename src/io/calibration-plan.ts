import { UsageError } from '../errors.js';
import type { GenerateOptions } from '../schema/manifest.js';
import type { Profile } from '../schema/profile.js';
import { readManifest } from './dataset-layout.js';
import { listProfiles, loadProfile, profileHash } from './profiles.js';

/** A profile given for a calibration set (`cclupe validity --profile`): a file or shipped name, and its weight if given. */
export interface CalibrationProfile {
  source: string;
  weight?: number;
}

/** How to generate a dataset's calibration set: the dataset's generation options with another seed, and their profiles. */
export interface CalibrationPlan {
  options: GenerateOptions;
  profiles: Profile[];
}

/**
 * Plans the calibration set of dataset `dir`: its manifest's options (count, profile mix, rows, period, `prior_logs`)
 * with `seed`, so that generating it builds the calibration items, answer priors included, as `cclupe generate
 * --seed <seed>` with the dataset's arguments would. A manifest profile is taken from `given` (checked against the
 * manifest's `profile_hashes`), else shipped under its name when its content is the shipped one's. Throws a
 * UsageError when the manifest is unreadable, the seed is the dataset's, a given profile is not the dataset's, or a
 * profile can be had neither way.
 */
export function planCalibration(dir: string, seed: string, given: readonly CalibrationProfile[]): CalibrationPlan {
  let manifest;
  try {
    manifest = readManifest(dir);
  } catch {
    throw new UsageError(`${dir} has no readable manifest.json to generate a calibration set from; give --calibration DIR`, '--calibration');
  }
  const o = manifest.options;
  if (seed === manifest.master_seed) throw new UsageError(`--calibration-seed must differ from the dataset's seed (${seed})`, '--calibration-seed');
  const byName = givenProfiles(dir, o, given);
  const shipped = new Set(listProfiles());
  const missing: string[] = [];
  const profiles: Profile[] = [];
  for (const { name } of o.profiles) {
    const profile = byName.get(name) ?? (shipped.has(name) ? loadProfile(name) : undefined);
    // a shipped name whose recorded hash is another content's was a custom file of that name (or an older release's)
    if (profile && (byName.has(name) || o.profile_hashes[name] === undefined || o.profile_hashes[name] === profileHash(profile))) profiles.push(profile);
    else missing.push(shipped.has(name) ? `${name} (not the shipped one of that name)` : name);
  }
  if (missing.length) {
    throw new UsageError(
      `${dir} was generated from profile ${missing.join(', ')}, which is not shipped, so no calibration set can be generated from its name; give the profile file with --profile FILE (checked against the manifest's profile_hashes), or generate a calibration set with it and another seed and give --calibration DIR`,
      '--profile',
    );
  }
  const options: GenerateOptions = {
    count: o.count,
    profiles: o.profiles,
    seed,
    rows_min: o.rows_min,
    rows_max: o.rows_max,
    period: o.period,
    shard: null,
    profile_hashes: Object.fromEntries(profiles.map((p) => [p.name, profileHash(p)])),
    ...(o.prior_logs !== undefined ? { prior_logs: o.prior_logs } : {}),
  };
  return { options, profiles };
}

/** Loads the given profiles by name, each checked to be one the dataset was generated from, with its content and weight. */
function givenProfiles(dir: string, o: GenerateOptions, given: readonly CalibrationProfile[]): Map<string, Profile> {
  const byName = new Map<string, Profile>();
  for (const g of given) {
    const profile = loadProfile(g.source);
    const { name } = profile;
    const entry = o.profiles.find((p) => p.name === name);
    if (!entry) {
      throw new UsageError(`--profile ${g.source}: profile ${name} is not one ${dir} was generated from (${o.profiles.map((p) => p.name).join(', ')})`, '--profile');
    }
    if (byName.has(name)) throw new UsageError(`--profile ${g.source}: profile ${name} is given more than once`, '--profile');
    const recorded = o.profile_hashes[name];
    if (recorded !== profileHash(profile)) {
      throw new UsageError(
        `--profile ${g.source}: profile ${name} differs from the one ${dir} was generated from (its resolved content's sha256 is not the manifest's profile_hashes.${name}, ${recorded ?? 'absent'}); give the file the dataset was generated from`,
        '--profile',
      );
    }
    if (g.weight !== undefined && g.weight !== entry.weight) {
      throw new UsageError(`--profile ${g.source}: weight ${g.weight} of ${name} is not the dataset's (${entry.weight}); leave the weight out`, '--profile');
    }
    byName.set(name, profile);
  }
  return byName;
}
