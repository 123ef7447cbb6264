import { mode, offsetFromDayOfMonth, type LogView } from './view.js';
import { median } from '../log/statistics.js';

/**
 * Irregular rows of a monthly payment series (rows of one payee, in time order): FAILED rows, and SUCCESS rows
 * whose offset from the due day of month differs from the series' median offset by more than `lateDays`.
 * `dueDay` is the due day of month; when null the mode of the SUCCESS rows' days of month is used.
 * Returns the irregular row indexes and the SUCCESS rows' median |amount| (for partial checks).
 */
export function irregularInSeries(v: LogView, series: number[], dueDay: number | null, lateDays: number): { irregular: number[]; medianAbs: number } {
  const okRows = series.filter((i) => v.ok[i]);
  return { irregular: irregularRows(v, series, okRows, dueDay, lateDays), medianAbs: median(okRows.map((i) => Math.abs(v.rows[i].amountCents)), 0) };
}

/** The irregular rows of `irregularInSeries` alone; `okRows` are the series' SUCCESS rows. */
export function irregularRows(v: LogView, series: number[], okRows: number[], dueDay: number | null, lateDays: number): number[] {
  const due = dueDay ?? modeOfDays(v, okRows);
  const offsets = new Array<number>(okRows.length);
  for (let k = 0; k < okRows.length; k++) offsets[k] = offsetFromDayOfMonth(v.month[okRows[k]], v.dom[okRows[k]], due);
  const center = dueDay === null ? median(offsets, 0) : 0;
  const irregular: number[] = [];
  for (const i of series) if (!v.ok[i]) irregular.push(i);
  for (let k = 0; k < okRows.length; k++) if (Math.abs(offsets[k] - center) > lateDays) irregular.push(okRows[k]);
  return irregular;
}

// The table `modeOfDays` counts in, shared by its calls (they never overlap): clearing it costs less than a new one,
// which at 128 bytes is allocated outside the heap.
const dayCounts = new Int32Array(32);

/** `mode` of the rows' days of month, counted in a 32-slot table (days are 1–31). */
function modeOfDays(v: LogView, rows: number[]): number {
  const counts = dayCounts.fill(0);
  for (const i of rows) {
    const d = v.dom[i];
    if (!(d >= 0 && d < 32)) return mode(rows.map((j) => v.dom[j]));
    counts[d]++;
  }
  // Most frequent, smallest on ties; NaN for no rows, as `mode` gives.
  let best = Number.NaN;
  let bc = 0;
  for (let d = 0; d < 32; d++) if (counts[d] > bc) (best = d), (bc = counts[d]);
  return best;
}

/** Row indexes grouped by `key(i)` for the rows that pass `keep(i)`, groups in first-seen order. */
export function groupRows(v: LogView, keep: (i: number) => boolean, key: (i: number) => number): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (let i = 0; i < v.n; i++) {
    if (!keep(i)) continue;
    const k = key(i);
    const list = out.get(k);
    if (list) list.push(i);
    else out.set(k, [i]);
  }
  return out;
}
