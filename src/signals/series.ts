import { median, mode, offsetFromDayOfMonth, type LogView } from './view.js';

/**
 * Irregular rows of a monthly payment series (rows of one payee, in time order): FAILED rows, and SUCCESS rows
 * whose offset from the due day of month differs from the series' median offset by more than `lateDays`.
 * `dueDay` is the due day of month; when null the mode of the SUCCESS rows' days of month is used.
 * Returns the irregular row indexes and the SUCCESS rows' median |amount| (for partial checks).
 */
export function irregularInSeries(v: LogView, series: number[], dueDay: number | null, lateDays: number): { irregular: number[]; medianAbs: number } {
  const okRows = series.filter((i) => v.ok[i]);
  const due = dueDay ?? mode(okRows.map((i) => v.dom[i]));
  const offsets = okRows.map((i) => offsetFromDayOfMonth(v.month[i], v.dom[i], due));
  const center = dueDay === null ? median(offsets) : 0;
  const irregular: number[] = [];
  for (const i of series) if (!v.ok[i]) irregular.push(i);
  for (let k = 0; k < okRows.length; k++) if (Math.abs(offsets[k] - center) > lateDays) irregular.push(okRows[k]);
  return { irregular, medianAbs: median(okRows.map((i) => Math.abs(v.rows[i].amountCents))) };
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
