import type { Log } from '../schema/log-row.js';
import type { Profile } from '../schema/profile.js';
import { FitAccumulator, type FitSketch } from './accumulator.js';
import { tailLoading } from './log-effects.js';
import { TYPE_DIRECTION } from '../schema/transaction-types.js';
import { quantilesOf } from './estimate.js';

/** Logs simulated per calibration round. */
export const CALIBRATION_LOGS = 200;

/** How a fitted profile's balance levels should change: level' = median · (level / median)^stretch · factor. */
export interface LevelCorrection {
  factor: number;
  stretch: number;
}

/**
 * The correction of a fitted profile's balance levels so that its logs' mean balances match the source's in median
 * and in spread (the log-scale interquartile range), measured on one simulated round (pure: `generate` makes log
 * `index` from the profile). The walk that holds a balance turns near the level, but money arrives in lumps, so
 * the generated means sit somewhat off the levels and are somewhat tighter.
 */
export function balanceLevelCorrection(profile: Profile, sketch: FitSketch, generate: (profile: Profile, index: number) => Log): LevelCorrection {
  const means: number[] = [];
  for (let index = 0; index < CALIBRATION_LOGS; index++) {
    const log = generate(profile, index);
    if (log.rows.length === 0) continue;
    let s = 0;
    for (const r of log.rows) s += r.balanceCents / 100;
    if (s > 0) means.push(s / log.rows.length);
  }
  const source = sketch.meanBalance.filter((m) => m > 0);
  if (means.length < 10 || source.length < 4) return { factor: 1, stretch: 1 };
  const [g1, g2, g3] = quantilesOf(means, 4).slice(1, 4);
  const [s1, s2, s3] = quantilesOf(source, 4).slice(1, 4);
  const factor = Math.min(4, Math.max(0.25, s2 / g2));
  const spreadG = Math.log(g3 / g1);
  const spreadS = Math.log(s3 / s1);
  const stretch = spreadG > 0 && spreadS > 0 ? Math.min(3, Math.max(1 / 3, spreadS / spreadG)) : 1;
  return { factor, stretch };
}

/** Applies a correction to level quantiles (currency units, to the cent, at least 0.01). */
export function correctLevels(quantiles: readonly number[], c: LevelCorrection): number[] {
  const median = quantilesOf(quantiles, 2)[1];
  return quantiles.map((q) => Math.max(0.01, Math.round(median * Math.pow(Math.max(q, 0.01) / median, c.stretch) * c.factor * 100) / 100));
}

/** Logs simulated per tail-calibration round (two rounds). */
export const TAIL_CALIBRATION_LOGS = 300;
/** The tail loading of the second round; the first has none. */
export const TAIL_PROBE = 0.8;
/** Largest tail loading written: some variety among a log's large amounts always remains. */
const MAX_TAIL = 0.95;

/**
 * The tail loadings of a fitted profile whose `log_effects.tails` still hold the source's measure (`tailLoading`):
 * the profile is simulated with every tail loading at 0 and at `TAIL_PROBE` (`TAIL_CALIBRATION_LOGS` logs each), the
 * same measure is taken on each round, and each name's loading is set where the source's measure falls on the line
 * between the two (clamped to [0, 0.95]; 0 where the measure does not rise with the loading). Null when the profile
 * has no tails. Pure: `generate` makes log `index` from a profile.
 */
export function calibrateTails(profile: Profile, generate: (profile: Profile, index: number) => Log): number[] | null {
  const e = profile.log_effects;
  if (!e?.tails) return null;
  const keys = e.names.map((name) => {
    const c = profile.spending.find((s) => s.name === name);
    if (!c) return null;
    const sign = c.direction ? (c.direction === 'in' ? 1 : -1) : TYPE_DIRECTION[c.type] === 1 ? 1 : -1;
    return `${c.type}|${sign > 0 ? 'in' : 'out'}`;
  });
  const measure = (tail: number): number[] => {
    const acc = new FitAccumulator();
    const probe: Profile = { ...profile, log_effects: { ...e, tails: e.names.map(() => tail) } };
    for (let index = 0; index < TAIL_CALIBRATION_LOGS; index++) acc.add(generate(probe, index), { timeOfDay: false, channel: false }, profile.client_kind);
    return keys.map((key) => (key ? tailLoading(acc.sketch, key) : 0));
  };
  const none = measure(0);
  const probed = measure(TAIL_PROBE);
  return e.tails.map((source, k) => {
    const rise = probed[k] - none[k];
    if (!keys[k] || source <= 0 || !(rise > 0.01)) return 0;
    return Math.round(Math.min(MAX_TAIL, Math.max(0, (TAIL_PROBE * (source - none[k])) / rise)) * 1000) / 1000;
  });
}
