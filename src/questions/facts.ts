import type { Log, LogRow } from '../schema/log-row.js';
import type { TransactionType } from '../schema/transaction-types.js';
import { CONVENTIONS } from './conventions.js';
import { DAY_MS, HOUR_MS } from '../log/time-units.js';
import { daysFromCivil } from '../log/civil-days.js';

/** A row with its parsed time fields; `t` is local wall time in ms (read as UTC, so calendar maths is plain). */
export interface RowView {
  row: LogRow;
  index: number;
  t: number;
  month: string;
  day: string;
  hour: number;
  dayOfMonth: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  ok: boolean;
}

export { DAY_MS, HOUR_MS };

/** English month names, for options (never for stems). */
export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
/** English weekday names, Sunday first, for options. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** `2023-07` → `July 2023`. */
export function monthLabel(month: string): string {
  let label = MONTH_LABELS.get(month);
  if (label === undefined) {
    label = `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
    // months are few (a log covers a year or two): kept, unless odd input fills the table
    if (MONTH_LABELS.size >= 10_000) MONTH_LABELS.clear();
    MONTH_LABELS.set(month, label);
  }
  return label;
}

/** The labels `monthLabel` made, by month. */
const MONTH_LABELS = new Map<string, string>();

function two(s: string, i: number): number {
  return (s.charCodeAt(i) - 48) * 10 + (s.charCodeAt(i + 1) - 48);
}

/**
 * True when strings `a` and `b` agree on their first `length` characters (both at least that long): compared from the
 * last one backwards, as a change of day or month in a timestamp shows there first, without a call.
 */
function samePrefix(a: string, b: string, length: number): boolean {
  for (let k = length - 1; k >= 0; k--) if (a.charCodeAt(k) !== b.charCodeAt(k)) return false;
  return true;
}

/**
 * Days since 1970-01-01 of a timestamp's date, as `Date.UTC(y, m − 1, d) / DAY_MS` gives it: by arithmetic for
 * month 1–12 and years from 100 (`Date.UTC` reads years 0–99 as 19xx), else by `Date.UTC` itself.
 */
function dayNumber(y: number, m: number, d: number): number {
  return y >= 100 && m >= 1 && m <= 12 ? daysFromCivil(y, m, d) : Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** The most frequent location of rows, the first in code-unit order on a tie. */
function mostFrequentLocation(rows: readonly LogRow[]): string {
  // counted per run of equal locations (most rows are at home, in long runs): fewer map updates
  const counts = new Map<string, number>();
  let run = '';
  let runLength = 0;
  for (const row of rows) {
    if (row.location === run) {
      runLength++;
      continue;
    }
    if (runLength > 0) counts.set(run, (counts.get(run) ?? 0) + runLength);
    run = row.location;
    runLength = 1;
  }
  if (runLength > 0) counts.set(run, (counts.get(run) ?? 0) + runLength);
  let best = '';
  let bestN = -1;
  for (const [loc, c] of counts) {
    if (c > bestN || (c === bestN && loc < best)) {
      best = loc;
      bestN = c;
    }
  }
  return best;
}

/**
 * `Date.parse(day)` of a `YYYY-MM-DD` day (a row's `day`) by arithmetic: ms since 1970-01-01 UTC, a day past the
 * month's end counting on into the next month as the parser does, NaN for a month outside 1–12 or a day outside 1–31.
 */
export function parseDay(day: string): number {
  const m = two(day, 5);
  const d = two(day, 8);
  if (!isDayShape(day) || m < 1 || m > 12 || d < 1 || d > 31) return Date.parse(day);
  return daysFromCivil(two(day, 0) * 100 + two(day, 2), m, d) * DAY_MS;
}

/** True when `s` is four digits, a dash, two digits, a dash and two digits. */
function isDayShape(s: string): boolean {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  for (let k = 0; k < 10; k++) {
    const c = s.charCodeAt(k);
    if (k !== 4 && k !== 7 && (c < 48 || c > 57)) return false;
  }
  return true;
}

/** The row views `LogFacts` makes (a class: one shape, allocated by a constructor rather than a literal per row). */
class View implements RowView {
  // declared, not defined: the fields are plain stores in the constructor (a defined class field is first set to
  // undefined, then assigned, for every row of every log)
  declare readonly row: LogRow;
  declare readonly index: number;
  declare readonly t: number;
  declare readonly month: string;
  declare readonly day: string;
  declare readonly hour: number;
  declare readonly dayOfMonth: number;
  declare readonly weekday: number;
  declare readonly ok: boolean;

  constructor(row: LogRow, index: number, t: number, month: string, day: string, hour: number, dayOfMonth: number, weekday: number, ok: boolean) {
    this.row = row;
    this.index = index;
    this.t = t;
    this.month = month;
    this.day = day;
    this.hour = hour;
    this.dayOfMonth = dayOfMonth;
    this.weekday = weekday;
    this.ok = ok;
  }
}

/**
 * A read-only view over one log with the derived facts templates share, computed once per log
 * (parsed times, months covered, home country). Every derived value follows the conventions in `GLOSSARY`.
 */
export class LogFacts {
  readonly rows: RowView[];
  readonly ok: RowView[];
  readonly failed: RowView[];
  readonly months: string[];
  /** The rows' times never decrease in log order (every generated log; a subsequence of the rows is then in time order too). */
  readonly timeOrdered: boolean;
  /** Each calendar day's rows are one contiguous run of the log (its days never go back), so a day change is a new day. */
  readonly daysInRuns: boolean;
  private readonly monthIndex: Map<string, number>;
  /** Index into `months` of each row's month, by row index. */
  private readonly monthNo: Array<number | undefined>;
  private readonly byTypeCache = new Map<string, RowView[]>();
  private readonly okByTypeCache = new Map<string, RowView[]>();
  private outCache: RowView[] | undefined;
  private monthEndCache: Map<string, number> | undefined;
  private closingCache: Map<string, { balance: number; row: RowView }> | undefined;
  private readonly memoCache = new Map<string, unknown>();
  private readonly monthlyAbsCache = new WeakMap<readonly RowView[], Map<string, number>>();
  private inCache: RowView[] | undefined;
  private typeIndex: Map<string, RowView[]> | undefined;
  private homeCache: string | undefined;

  constructor(readonly log: Log) {
    // One pass over the rows: parsed times (rows of one day share their day and month strings, date and weekday, so
    // the date maths runs once per day), status split, and each row's index into the months covered.
    const n = log.rows.length;
    const rows: RowView[] = new Array(n);
    const failed: RowView[] = [];
    this.months = n ? monthRange(log.rows[0].timestamp.slice(0, 7), log.rows[n - 1].timestamp.slice(0, 7)) : [];
    this.monthIndex = new Map(this.months.map((m, i) => [m, i]));
    this.monthNo = new Array(n);
    let dayTs = '';
    let day = '';
    let month = '';
    let monthNo: number | undefined;
    let dayMs = 0;
    let d = 0;
    let weekday = 0;
    let timeOrdered = true;
    let daysInRuns = true;
    let prevT = -Infinity;
    for (let i = 0; i < n; i++) {
      const row = log.rows[i];
      const ts = row.timestamp;
      // a new day (the date part differs from that of the day's first row), and a new month
      if (i === 0 || !samePrefix(ts, dayTs, 10)) {
        if (i === 0 || !samePrefix(ts, dayTs, 7)) {
          month = ts.slice(0, 7);
          monthNo = this.monthIndex.get(month);
        }
        dayTs = ts;
        const next = ts.slice(0, 10);
        if (i > 0 && !(next > day)) daysInRuns = false;
        day = next;
        d = two(ts, 8);
        const dayNo = dayNumber(two(ts, 0) * 100 + two(ts, 2), two(ts, 5), d);
        dayMs = dayNo * DAY_MS;
        // 1970-01-01 was a Thursday (4)
        weekday = (((dayNo + 4) % 7) + 7) % 7;
      }
      const h = two(ts, 11);
      const t = dayMs + h * HOUR_MS + two(ts, 14) * 60_000 + two(ts, 17) * 1000;
      if (!(t >= prevT)) timeOrdered = false;
      prevT = t;
      const r = new View(row, i, t, month, day, h, d, weekday, row.status === 'SUCCESS');
      rows[i] = r;
      if (!r.ok) failed.push(r);
      this.monthNo[i] = monthNo;
    }
    this.rows = rows;
    // most logs have no failed row: their successful rows are the rows themselves
    this.ok = filterShared(rows, (r) => r.ok);
    this.failed = failed;
    this.timeOrdered = timeOrdered;
    this.daysInRuns = daysInRuns;
  }

  /** The most frequent location of the log's rows, the first in code-unit order on a tie ('' for an empty log). */
  get homeCountry(): string {
    return (this.homeCache ??= mostFrequentLocation(this.log.rows));
  }

  /** The distinct counterparty names of the log, in order of first appearance. */
  counterparties(): string[] {
    return this.memo('counterparties', () => [...new Set(this.rows.map((r) => r.row.counterparty))]);
  }

  /** A value derived from this log, computed once per key (templates share filtered views this way). */
  memo<T>(key: string, compute: () => T): T {
    let hit = this.memoCache.get(key) as T | undefined;
    if (hit === undefined) {
      hit = compute();
      this.memoCache.set(key, hit);
    }
    return hit;
  }

  /** All rows (any status) of the given types, in log order. */
  ofType(...types: TransactionType[]): RowView[] {
    const key = types.length === 1 ? types[0] : types.join('|');
    let hit = this.byTypeCache.get(key);
    if (!hit) {
      hit = this.collectTypes(types);
      this.byTypeCache.set(key, hit);
    }
    return hit;
  }

  /** Successful rows of the given types. */
  okOfType(...types: TransactionType[]): RowView[] {
    // a cache of its own, so that a single type is its own key (no key string built per call)
    const key = types.length === 1 ? types[0] : types.join('|');
    let hit = this.okByTypeCache.get(key);
    if (!hit) {
      hit = filterShared(this.ofType(...types), (r) => r.ok);
      this.okByTypeCache.set(key, hit);
    }
    return hit;
  }

  /**
   * Rows of the given types in log order, from a per-type index built in one pass on first use (templates ask
   * for some forty type sets per log; one pass replaces a scan of every row per set).
   */
  private collectTypes(types: readonly TransactionType[]): RowView[] {
    const index = (this.typeIndex ??= groupBy(this.rows, (r) => r.row.type as string));
    const parts: RowView[][] = [];
    for (const t of new Set<string>(types)) {
      const g = index.get(t);
      if (g) parts.push(g);
    }
    if (parts.length === 0) return [];
    // one type: its group of the index, shared like every cached view (callers must not mutate it)
    if (parts.length === 1) return parts[0];
    // each group is in log order: merge them (the same rows and order as sorting their concatenation)
    let merged = mergeByIndex(parts[0], parts[1]);
    for (let k = 2; k < parts.length; k++) merged = mergeByIndex(merged, parts[k]);
    return merged;
  }

  /** Successful rows with a negative amount. */
  get outflows(): RowView[] {
    return (this.outCache ??= filterShared(this.ok, (r) => r.row.amountCents < 0));
  }

  /** Successful rows with a positive amount. */
  get inflows(): RowView[] {
    return (this.inCache ??= filterShared(this.ok, (r) => r.row.amountCents > 0));
  }

  /**
   * Sum of |amount| per month over the months covered (0 for months without rows). Memoised per rows array, so
   * the shared views (`outflows`, `okOfType(...)`) are summed once per log; callers must not mutate the result.
   */
  monthlyAbs(rows: readonly RowView[]): Map<string, number> {
    let hit = this.monthlyAbsCache.get(rows);
    if (!hit) {
      hit = this.computeMonthlyAbs(rows);
      this.monthlyAbsCache.set(rows, hit);
    }
    return hit;
  }

  private computeMonthlyAbs(rows: readonly RowView[]): Map<string, number> {
    const sums = new Array<number>(this.months.length).fill(0);
    for (const r of rows) sums[this.monthNo[r.index]!] += Math.abs(r.row.amountCents);
    return new Map(this.months.map((k, i) => [k, sums[i]]));
  }

  /** Number of rows per month over the months covered (a month outside them, in a log out of order, comes after them). */
  monthlyCount(rows: readonly RowView[]): Map<string, number> {
    const counts = new Array<number>(this.months.length).fill(0);
    for (const r of rows) {
      const k = this.monthNo[r.index];
      if (k === undefined) return this.monthlyCountByKey(rows);
      counts[k]++;
    }
    return new Map(this.months.map((m, i) => [m, counts[i]]));
  }

  private monthlyCountByKey(rows: readonly RowView[]): Map<string, number> {
    const m = new Map<string, number>(this.months.map((k) => [k, 0]));
    for (const r of rows) m.set(r.month, (m.get(r.month) ?? 0) + 1);
    return m;
  }

  /** Month-end balance per month covered: balance after the month's last row, carried forward over empty months. */
  monthEndBalances(): Map<string, number> {
    return (this.monthEndCache ??= this.computeMonthEnds());
  }

  private computeMonthEnds(): Map<string, number> {
    const last = new Map<string, number>();
    for (const r of this.rows) last.set(r.month, r.row.balanceCents);
    const out = new Map<string, number>();
    let carry = this.rows.length ? this.rows[0].row.balanceCents : 0;
    for (const m of this.months) {
      if (last.has(m)) carry = last.get(m)!;
      out.set(m, carry);
    }
    return out;
  }

  /** Closing balance of each calendar day that has rows (memoised; do not mutate). */
  dailyClosing(): Map<string, { balance: number; row: RowView }> {
    if (this.closingCache) return this.closingCache;
    const out = new Map<string, { balance: number; row: RowView }>();
    // set at the end of each run of rows of one day: the same keys in the same order, each with its day's last row
    const rows = this.rows;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (i + 1 < rows.length && rows[i + 1].day === r.day) continue;
      out.set(r.day, { balance: r.row.balanceCents, row: r });
    }
    this.closingCache = out;
    return out;
  }

  /** Index into `months` of the row's month (undefined for a month outside them, in a log out of order). */
  monthNumber(r: RowView): number | undefined {
    return this.monthNo[r.index];
  }

  /** True when the row's hour is in the night window of the conventions. */
  isNight(r: RowView): boolean {
    return r.hour >= CONVENTIONS.nightStartHour && r.hour < CONVENTIONS.nightEndHour;
  }

  /** Number of distinct calendar days among `rows` (rows of this log, in log order): `new Set(rows.map((r) => r.day)).size`. */
  dayCount(rows: readonly RowView[]): number {
    return this.distinctCount(rows, 'day');
  }

  /** Number of distinct months among `rows` (rows of this log, in log order): `new Set(rows.map((r) => r.month)).size`. */
  monthCount(rows: readonly RowView[]): number {
    return this.distinctCount(rows, 'month');
  }

  /**
   * Distinct days or months among `rows`, counted as changes from row to row when each day is one run of the log
   * (`daysInRuns`; its months are then runs too).
   */
  private distinctCount(rows: readonly RowView[], field: 'day' | 'month'): number {
    if (!this.daysInRuns) return new Set(rows.map((r) => r[field])).size;
    let n = 0;
    for (let i = 0; i < rows.length; i++) if (i === 0 || rows[i][field] !== rows[i - 1][field]) n++;
    return n;
  }
}

/**
 * Index of the first of `rows` later than `t`, as `rows.findIndex((r) => r.t > t)` finds it (`rows.length` when
 * none): by bisection when `ordered` (the rows in time order, `LogFacts.timeOrdered`), else by a scan.
 */
export function firstLater(rows: readonly RowView[], t: number, ordered: boolean): number {
  if (!ordered) {
    const k = rows.findIndex((r) => r.t > t);
    return k < 0 ? rows.length : k;
  }
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].t > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Index of the last of `rows` earlier than `t`, as `rows.findLastIndex((r) => r.t < t)` finds it (−1 when none): by
 * bisection when `ordered` (the rows in time order), else by a scan.
 */
export function lastEarlier(rows: readonly RowView[], t: number, ordered: boolean): number {
  if (!ordered) {
    for (let k = rows.length - 1; k >= 0; k--) if (rows[k].t < t) return k;
    return -1;
  }
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].t < t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * `rows.filter(keep)`, or `rows` itself when every row passes. The views of a log are shared and read-only, so an
 * equal copy is waste, and most are equal: most logs have no failed row and most types flow one way only (the
 * copies were ~5% of the bytes a fresh log allocates). One pass: the rows before the first dropped one are sliced.
 */
export function filterShared(rows: readonly RowView[], keep: (r: RowView) => boolean): RowView[] {
  let k = 0;
  while (k < rows.length && keep(rows[k])) k++;
  if (k === rows.length) return rows as RowView[];
  const out = rows.slice(0, k);
  for (let i = k + 1; i < rows.length; i++) if (keep(rows[i])) out.push(rows[i]);
  return out;
}

/** Two runs of row views in log order merged into one (a new array). */
function mergeByIndex(a: readonly RowView[], b: readonly RowView[]): RowView[] {
  const out: RowView[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(a[i].index < b[j].index ? a[i++] : b[j++]);
  while (i < a.length) out.push(a[i++]);
  while (j < b.length) out.push(b[j++]);
  return out;
}

/** Every `YYYY-MM` from `first` to `last` inclusive. */
export function monthRange(first: string, last: string): string[] {
  const out: string[] = [];
  let y = Number(first.slice(0, 4));
  let m = Number(first.slice(5, 7));
  const ly = Number(last.slice(0, 4));
  const lm = Number(last.slice(5, 7));
  while (y < ly || (y === ly && m <= lm)) {
    out.push(`${y}-${m < 10 ? '0' : ''}${m}`);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** Sum of |amount| in cents. */
export function sumAbs(rows: readonly RowView[]): number {
  let s = 0;
  for (const r of rows) s += Math.abs(r.row.amountCents);
  return s;
}

export { mean, median, stdev } from '../log/statistics.js';

/** The txn_ids of rows, in log order, deduplicated. */
export function ids(rows: readonly RowView[]): string[] {
  let ordered = true;
  for (let k = 1; k < rows.length && ordered; k++) ordered = rows[k].index > rows[k - 1].index;
  if (ordered) return rows.map((r) => r.row.txn_id);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of [...rows].sort((a, b) => a.index - b.index)) {
    if (!seen.has(r.row.txn_id)) {
      seen.add(r.row.txn_id);
      out.push(r.row.txn_id);
    }
  }
  return out;
}

/** Groups rows by a key, keeping insertion order of first appearance. */
export function groupBy<K>(rows: readonly RowView[], key: (r: RowView) => K): Map<K, RowView[]> {
  const m = new Map<K, RowView[]>();
  for (const r of rows) {
    const k = key(r);
    const g = m.get(k);
    if (g) g.push(r);
    else m.set(k, [r]);
  }
  return m;
}

/**
 * The entry with the strictly largest value, or null when the maximum is tied (a tie has no single right answer).
 * Keys are compared as given; values must be finite.
 */
export function strictMax<K>(entries: Iterable<[K, number]>): [K, number] | null {
  return strictBest(entries, (a, b) => a > b);
}

/** The entry with the strictly smallest value, or null when tied. */
export function strictMin<K>(entries: Iterable<[K, number]>): [K, number] | null {
  return strictBest(entries, (a, b) => a < b);
}

/** The entry whose value `beats` every other's, or null when another entry ties it (one pass). */
function strictBest<K>(entries: Iterable<[K, number]>, beats: (a: number, b: number) => boolean): [K, number] | null {
  let best: [K, number] | null = null;
  let tie = false;
  for (const e of entries) {
    if (!best || beats(e[1], best[1])) {
      best = e;
      tie = false;
    } else if (e[1] === best[1]) tie = true;
  }
  return best && !tie ? best : null;
}
