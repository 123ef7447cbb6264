import type { Log, LogRow } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';

/**
 * Per-row features computed once per log and shared by every detector (one pass over the rows).
 * Days are whole days since 1970-01-01 of the row's local date; months are `year·12 + month − 1`.
 */
export interface LogView {
  log: Log;
  rows: LogRow[];
  n: number;
  day: Int32Array;
  month: Int32Array;
  dom: Int8Array;
  hour: Int8Array;
  /** True when the row's status is SUCCESS. */
  ok: Uint8Array;
  /** The most frequent location: the home country. */
  home: string;
  /** Median over months of SUCCESS income inflows (Salary, Sales Receipt, Transfer In, Cash Deposit), cents; 0 if none. */
  monthlyIncomeCents: number;
  /** Median over months of SUCCESS outflows, cents; 0 if none. */
  monthlyOutflowCents: number;
  /** Closing balance per day with rows: day → balance after the day's last row. */
  closingByDay: Map<number, number>;
}

const INCOME_TYPES = new Set(['Salary', 'Sales Receipt', 'Transfer In', 'Cash Deposit']);

/** Builds the shared features of a log in one pass. */
export function buildView(log: Log): LogView {
  const rows = log.rows;
  const n = rows.length;
  const day = new Int32Array(n);
  const month = new Int32Array(n);
  const dom = new Int8Array(n);
  const hour = new Int8Array(n);
  const ok = new Uint8Array(n);
  const locCount = new Map<string, number>();
  const incomeByMonth = new Map<number, number>();
  const outByMonth = new Map<number, number>();
  const closingByDay = new Map<number, number>();
  let lastDate = '';
  let lastDay = 0;
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    const ts = r.timestamp;
    const date = ts.slice(0, 10);
    const y = +ts.slice(0, 4);
    const m = +ts.slice(5, 7);
    const d = +ts.slice(8, 10);
    if (date !== lastDate) {
      lastDate = date;
      lastDay = Math.floor(Date.UTC(y, m - 1, d) / 86_400_000);
    }
    day[i] = lastDay;
    month[i] = y * 12 + m - 1;
    dom[i] = d;
    hour[i] = +ts.slice(11, 13);
    const success = r.status === 'SUCCESS';
    ok[i] = success ? 1 : 0;
    locCount.set(r.location, (locCount.get(r.location) ?? 0) + 1);
    if (success) {
      if (r.amountCents > 0 && INCOME_TYPES.has(r.type)) incomeByMonth.set(month[i], (incomeByMonth.get(month[i]) ?? 0) + r.amountCents);
      else if (r.amountCents < 0) outByMonth.set(month[i], (outByMonth.get(month[i]) ?? 0) - r.amountCents);
    }
    closingByDay.set(lastDay, r.balanceCents);
  }
  let home = 'CN';
  let best = -1;
  for (const [loc, c] of [...locCount].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (c > best) (best = c), (home = loc);
  return {
    log,
    rows,
    n,
    day,
    month,
    dom,
    hour,
    ok,
    home,
    monthlyIncomeCents: median([...incomeByMonth.values()]),
    monthlyOutflowCents: median([...outByMonth.values()]),
    closingByDay,
  };
}

/** Median of a list of numbers (mean of the middle two for an even count); 0 for an empty list. */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = values.slice().sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}

/** The detection of a signal that is not there. */
export const ABSENT: Readonly<Detection> = Object.freeze({ present: false, strength: 0, evidence: [] as string[] });

/** A fresh absent detection (callers may keep and mutate it). */
export function absent(): Detection {
  return { present: false, strength: 0, evidence: [] };
}

/**
 * A detection from a count against its threshold: present when `count ≥ min`; strength rises linearly
 * from 0 at zero to 0.5 at the threshold and 1 at twice the threshold (so present ⇔ strength ≥ 0.5).
 */
export function fromCount(count: number, min: number, evidence: string[], extraOk = true): Detection {
  const present = count >= min && extraOk && evidence.length > 0;
  const strength = Math.min(1, count / (2 * min));
  return { present, strength: present ? Math.max(0.5, strength) : Math.min(strength, 0.49), evidence: present ? evidence : [] };
}

/** Txn ids of the given row indexes in row order, without duplicates. */
export function idsOf(view: LogView, indexes: Iterable<number>): string[] {
  const s = [...new Set(indexes)].sort((a, b) => a - b);
  return s.map((i) => view.rows[i].txn_id);
}

/** Whether a log may carry a personal signal: personal or unknown client kind. */
export function isPersonal(view: LogView): boolean {
  return view.log.clientKind !== 'sme';
}

/** Whether a log may carry an SME signal: SME or unknown client kind. */
export function isSme(view: LogView): boolean {
  return view.log.clientKind !== 'personal';
}

/**
 * Days between day `d` and the nearest occurrence of day-of-month `target` (clamped to month length)
 * in the same, previous or next month; signed, positive when `d` is after it.
 */
export function offsetFromDayOfMonth(d: number, target: number): number {
  const date = new Date(d * 86_400_000);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  let bestOff = Number.POSITIVE_INFINITY;
  for (let k = -1; k <= 1; k++) {
    const last = new Date(Date.UTC(y, m + k + 1, 0)).getUTCDate();
    const t = Math.floor(Date.UTC(y, m + k, Math.min(target, last)) / 86_400_000);
    const off = d - t;
    if (Math.abs(off) < Math.abs(bestOff)) bestOff = off;
  }
  return bestOff;
}

/** The most frequent value (smallest on ties); NaN for an empty list. */
export function mode(values: number[]): number {
  const c = new Map<number, number>();
  for (const v of values) c.set(v, (c.get(v) ?? 0) + 1);
  let best = Number.NaN;
  let bc = 0;
  for (const [v, k] of c) if (k > bc || (k === bc && v < best)) (best = v), (bc = k);
  return best;
}

/**
 * Strength of a ratio-type feature against its threshold: 0.5·value/threshold below it (capped at 0.49),
 * and from 0.5 at the threshold to 1 at twice the threshold when present.
 */
export function ratioStrength(value: number, threshold: number, present: boolean): number {
  if (threshold <= 0) return present ? 1 : 0;
  const r = value / threshold;
  return present ? Math.min(1, Math.max(0.5, 0.5 * r)) : Math.min(0.49, Math.max(0, 0.5 * r));
}

const compiled = new WeakMap<readonly string[], RegExp>();
/** One case-insensitive regular expression matching any of `patterns` (compiled once per array). */
export function anyPattern(patterns: readonly string[]): RegExp {
  let re = compiled.get(patterns);
  if (!re) {
    re = patterns.length ? new RegExp(patterns.map((p) => `(?:${p})`).join('|'), 'i') : /(?!)/;
    compiled.set(patterns, re);
  }
  return re;
}
