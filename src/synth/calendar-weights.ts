import type { CalendarWeights } from '../schema/profile.js';
import { DAY_S, civil } from './calendar.js';
import type { Period } from './event.js';

// Per seasons array (one per profile and period), then per calendar object: shared and never written.
const cache = new WeakMap<Float64Array, WeakMap<CalendarWeights, Float64Array>>();

/**
 * The weight of each day of a period for discretionary spending: its seasonal multiplier times the profile's
 * calendar weights of its month, day of month and weekday (each 1 when not given). Without calendar weights this
 * is `seasons` itself. Cached per seasons array and calendar; callers must not write to the result.
 */
export function calendarDayWeights(period: Period, seasons: Float64Array, calendar: CalendarWeights | undefined): Float64Array {
  if (!calendar || (!calendar.month && !calendar.day_of_month && !calendar.weekday)) return seasons;
  let byCalendar = cache.get(seasons);
  if (!byCalendar) cache.set(seasons, (byCalendar = new WeakMap()));
  let hit = byCalendar.get(calendar);
  if (!hit) {
    hit = new Float64Array(seasons.length);
    for (let d = 0; d < seasons.length; d++) {
      const c = civil(period.start + d * DAY_S);
      hit[d] = seasons[d] * (calendar.month?.[c.month - 1] ?? 1) * (calendar.day_of_month?.[c.day - 1] ?? 1) * (calendar.weekday?.[c.weekday] ?? 1);
    }
    byCalendar.set(calendar, hit);
  }
  return hit;
}
