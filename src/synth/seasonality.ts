import type { SeasonalPeak } from '../schema/profile.js';
import { DAY_S, civil, dayStart, parseDate } from './calendar.js';
import { SEASON_WINDOWS, SPRING_FESTIVAL } from './data/seasons.js';
import type { Period } from './event.js';

/**
 * The seasonal multiplier of every day of a period (index 0 = first day): the product of the multipliers of the
 * peaks whose window covers the day (windows in `SEASON_WINDOWS`), 1 elsewhere. Spring Festival dates come from
 * the `SPRING_FESTIVAL` table; a year outside it has no Spring Festival peak.
 */
export function dayMultipliers(period: Period, peaks: readonly SeasonalPeak[]): Float64Array {
  // The last answer first: every log of a profile asks the same (and builds no key string for it).
  if (peaks === last.peaks && period.start === last.start && period.end === last.end) return last.hit;
  let byPeriod = cache.get(peaks);
  if (!byPeriod) {
    byPeriod = new Map();
    cache.set(peaks, byPeriod);
  }
  const key = `${period.start}:${period.end}`;
  let hit = byPeriod.get(key);
  if (!hit) {
    hit = computeMultipliers(period, peaks);
    byPeriod.set(key, hit);
  }
  last = { peaks, start: period.start, end: period.end, hit };
  return hit;
}

let last: { peaks: readonly SeasonalPeak[] | null; start: number; end: number; hit: Float64Array } = { peaks: null, start: 0, end: 0, hit: new Float64Array(0) };

// Shared by every log of a profile and period; callers must not write to the array.
const cache = new WeakMap<readonly SeasonalPeak[], Map<string, Float64Array>>();

function computeMultipliers(period: Period, peaks: readonly SeasonalPeak[]): Float64Array {
  const days = Math.round((period.end - period.start) / DAY_S);
  const out = new Float64Array(days).fill(1);
  if (peaks.length === 0) return out;
  const firstYear = civil(period.start).year;
  const lastYear = civil(period.end - 1).year;
  for (const peak of peaks) {
    const w = SEASON_WINDOWS[peak.event];
    for (let year = firstYear - 1; year <= lastYear + 1; year++) {
      let anchor: number;
      if (w.anchor === 'spring_festival') {
        const date = SPRING_FESTIVAL[year];
        if (!date) continue;
        anchor = parseDate(date);
      } else {
        const [m, d] = w.anchor.split('-').map(Number);
        anchor = dayStart(year, m, d);
      }
      for (let k = w.from; k <= w.to; k++) {
        const i = Math.round((anchor + k * DAY_S - period.start) / DAY_S);
        if (i >= 0 && i < days) out[i] *= peak.multiplier;
      }
    }
  }
  return out;
}
