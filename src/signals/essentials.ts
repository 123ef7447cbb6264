import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, buildView, fromCount, mayCarry, type LogView } from './view.js';
import { groupRows, irregularRows } from './series.js';
import { median } from '../log/statistics.js';

/**
 * Essentials (SME): essential obligations (rent, utilities, tax, payroll; `types`) paid irregularly.
 * Rows are grouped by (type, payee); a group with ≥ `minSeries` SUCCESS rows whose median gap between attempts
 * is monthly (20–40 days, declined attempts and their retries included) is a schedule. Irregular: declined (FAILED) rows, and rows more than `lateDays` from the
 * series' usual day of month. Present with ≥ `minIrregular` irregular rows. Evidence: those rows.
 */
export function essentialsFromView(v: LogView, t: Thresholds['essentials']): Detection {
  if (!mayCarry(v, 'essentials')) return absent();
  const typeIndex = typeIndexOf(t.types);
  const groups = groupRows(v, (i) => v.rows[i].amountCents < 0 && typeIndex.has(v.rows[i].type), (i) => typeIndex.get(v.rows[i].type)! * v.cpNames.length + v.cp[i]);
  const bad: number[] = [];
  for (const series of groups.values()) {
    const okRows = series.filter((i) => v.ok[i]);
    if (okRows.length < t.minSeries) continue;
    // Monthly-ness from every attempt (declined ones included: they are the schedule showing through).
    const gaps: number[] = [];
    for (let k = 1; k < series.length; k++) gaps.push(v.day[series[k]] - v.day[series[k - 1]]);
    const g = median(gaps, 0);
    if (g < 20 || g > 40) continue;
    for (const x of irregularRows(v, series, okRows, null, t.lateDays)) bad.push(x);
  }
  return fromCount(v, bad.length, t.minIrregular, bad);
}

const typeIndexes = new WeakMap<readonly string[], ReadonlyMap<string, number>>();
/** Each of `types` to its position in the list (made once per thresholds array). */
function typeIndexOf(types: readonly string[]): ReadonlyMap<string, number> {
  let index = typeIndexes.get(types);
  if (!index) typeIndexes.set(types, (index = new Map(types.map((ty, k) => [ty, k]))));
  return index;
}

/** Detects the Essentials signal on a log. */
export function detectEssentials(log: Log, t: Thresholds['essentials'] = DEFAULT_THRESHOLDS.essentials): Detection {
  return essentialsFromView(buildView(log), t);
}
