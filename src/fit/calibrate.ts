import type { Log } from '../schema/log-row.js';
import type { Profile } from '../schema/profile.js';
import type { FitSketch } from './accumulator.js';
import { quantilesOf } from './estimate.js';

/** Logs simulated per calibration round. */
export const CALIBRATION_LOGS = 120;

/**
 * The factor by which a fitted profile's balance levels should be multiplied so that the median of its logs' mean
 * balances matches the source's (pure: `generate` makes log `index` from the profile). The walk that holds a
 * balance turns near the level but money arrives in lumps, so the generated mean sits somewhat off the level; one
 * simulated round measures by how much.
 */
export function balanceLevelFactor(profile: Profile, sketch: FitSketch, generate: (profile: Profile, index: number) => Log): number {
  const means: number[] = [];
  for (let index = 0; index < CALIBRATION_LOGS; index++) {
    const log = generate(profile, index);
    if (log.rows.length === 0) continue;
    let s = 0;
    for (const r of log.rows) s += r.balanceCents / 100;
    means.push(s / log.rows.length);
  }
  if (means.length === 0) return 1;
  const generated = quantilesOf(means, 2)[1];
  const source = quantilesOf(sketch.meanBalance, 2)[1];
  if (!(generated > 0 && source > 0)) return 1;
  return Math.min(4, Math.max(0.25, source / generated));
}
