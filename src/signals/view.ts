import type { Log, LogRow } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { civilFromDays, daysFromCivil } from '../log/civil-days.js';
import { DAY_S } from '../log/time-units.js';
import { median } from '../log/statistics.js';
import { SIGNAL_INFO } from '../schema/signals.js';
import type { SignalId } from '../schema/signal-id.js';

/**
 * Per-row features computed once per log and shared by every detector (one pass over the rows).
 * Days are whole days since 1970-01-01 of the row's local date; months are `year·12 + month − 1`.
 * Counterparties are interned: `cp[i]` indexes `cpNames`, so name tests run once per distinct name.
 */
export interface LogView {
  log: Log;
  rows: LogRow[];
  n: number;
  day: Int32Array;
  month: Int32Array;
  dom: Int8Array;
  hour: Int8Array;
  /** 1 when the row's status is SUCCESS. */
  ok: Uint8Array;
  cp: Int32Array;
  cpNames: string[];
  /** The most frequent location: the home country. */
  home: string;
  /** Median over months of SUCCESS income inflows (Salary, Sales Receipt, Transfer In, Cash Deposit), cents; 0 if none. */
  monthlyIncomeCents: number;
  /** Median over months of SUCCESS outflows, cents; 0 if none. */
  monthlyOutflowCents: number;
  /** Values derived from the view that several detectors read, computed on first use (see `successOutflows`). */
  memo: Map<string, unknown>;
}

/** Inflow types that count as income in `monthlyIncomeCents` (the generator sizes signals by the same measure). */
export const INCOME_TYPES: ReadonlySet<string> = new Set(['Salary', 'Sales Receipt', 'Transfer In', 'Cash Deposit']);


const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Days in the month `monthIndex` = year·12 + month − 1. */
export function daysInMonthIndex(monthIndex: number): number {
  const y = Math.floor(monthIndex / 12);
  const m = monthIndex - y * 12;
  if (m !== 1) return MONTH_DAYS[m];
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
}

const d2 = (s: string, i: number): number => (s.charCodeAt(i) - 48) * 10 + s.charCodeAt(i + 1) - 48;

// Row times inside years 1000–9999 format as `YYYY-MM-DD HH:MM:SS`; outside them the timestamp is parsed instead.
const MIN_TIME = daysFromCivil(1000, 1, 1) * DAY_S;
const MAX_TIME = daysFromCivil(10_000, 1, 1) * DAY_S;

/**
 * Builds the shared features of a log in one pass (timestamps parsed by character code, no Date objects).
 * `rowTimes`, when given, holds each row's timestamp as whole seconds since 1970-01-01 00:00:00 (the generator knows
 * them): dates and hours then come from arithmetic on those numbers instead of from reading the timestamp strings,
 * with the same result. Rows in time order share the previous row's date when on the same day.
 */
export function buildView(log: Log, rowTimes?: ArrayLike<number>): LogView {
  const rows = log.rows;
  const n = rows.length;
  // the six per-row arrays share one buffer (one allocation outside the heap rather than six)
  const buffer = new ArrayBuffer(15 * n);
  const day = new Int32Array(buffer, 0, n);
  const month = new Int32Array(buffer, 4 * n, n);
  const cp = new Int32Array(buffer, 8 * n, n);
  const dom = new Int8Array(buffer, 12 * n, n);
  const hour = new Int8Array(buffer, 13 * n, n);
  const ok = new Uint8Array(buffer, 14 * n, n);
  const cpNames: string[] = [];
  const cpIndex = new Map<string, number>();
  // Locations are few (home and a handful abroad): counted in a short list rather than a Map, in first-seen order.
  const locNames: string[] = [];
  const locCounts: number[] = [];
  let firstMonth = 0;
  const income: number[] = [];
  const outflow: number[] = [];
  const times = rowTimes !== undefined && rowTimes.length === n ? rowTimes : undefined;
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    const at = times !== undefined ? times[i] : Number.NaN;
    if (at >= MIN_TIME && at < MAX_TIME) {
      const dd = Math.floor(at / DAY_S);
      if (i > 0 && day[i - 1] === dd) {
        month[i] = month[i - 1];
        dom[i] = dom[i - 1];
      } else {
        const c = civilFromDays(dd);
        month[i] = c.year * 12 + c.month - 1;
        dom[i] = c.day;
      }
      day[i] = dd;
      hour[i] = Math.floor((at - dd * DAY_S) / 3600);
    } else {
      const ts = r.timestamp;
      let y = d2(ts, 0) * 100 + d2(ts, 2);
      let m = d2(ts, 5);
      let d = d2(ts, 8);
      // A malformed timestamp (only possible on hand-made or perturbed logs) reads as 1970-01-01 rather than NaN.
      if (!(y >= 0 && m >= 1 && m <= 12 && d >= 1 && d <= 31)) (y = 1970), (m = 1), (d = 1);
      day[i] = i > 0 && dom[i - 1] === d && month[i - 1] === y * 12 + m - 1 ? day[i - 1] : daysFromCivil(y, m, d);
      month[i] = y * 12 + m - 1;
      dom[i] = d;
      const h = d2(ts, 11);
      hour[i] = h >= 0 && h <= 23 ? h : 12;
    }
    let id = cpIndex.get(r.counterparty);
    if (id === undefined) {
      id = cpNames.length;
      cpIndex.set(r.counterparty, id);
      cpNames.push(r.counterparty);
    }
    cp[i] = id;
    if (i === 0) firstMonth = month[0];
    const success = r.status === 'SUCCESS';
    ok[i] = success ? 1 : 0;
    countLocation(r.location, locNames, locCounts);
    if (success) {
      const k = month[i] - firstMonth;
      if (k >= 0 && k < 1200) {
        while (income.length <= k) income.push(0), outflow.push(0);
        if (r.amountCents > 0 && INCOME_TYPES.has(r.type)) income[k] += r.amountCents;
        else if (r.amountCents < 0) outflow[k] -= r.amountCents;
      }
    }
  }
  let home = 'CN';
  let best = -1;
  for (let k = 0; k < locNames.length; k++) {
    const c = locCounts[k];
    if (c > best || (c === best && locNames[k] < home)) (best = c), (home = locNames[k]);
  }
  return {
    log,
    rows,
    n,
    day,
    month,
    dom,
    hour,
    ok,
    cp,
    cpNames,
    home,
    monthlyIncomeCents: median(income.filter((x) => x > 0), 0),
    monthlyOutflowCents: median(outflow.filter((x) => x > 0), 0),
    memo: new Map(),
  };
}

/**
 * Whether interned counterparty `k`'s name matches `re`, tested when first asked and remembered: for detectors that
 * need the names of only some rows (at most one test per distinct name, none for names they never ask about).
 */
export function nameTest(v: LogView, re: RegExp): (k: number) => boolean {
  // 0: not tested yet, 1: matches, 2: does not.
  const known = new Uint8Array(v.cpNames.length);
  return (k) => {
    let state = known[k];
    if (state === 0) known[k] = state = re.test(v.cpNames[k]) ? 1 : 2;
    return state === 1;
  };
}

function countLocation(loc: string, names: string[], counts: number[]): void {
  for (let k = 0; k < names.length; k++) {
    if (names[k] === loc) {
      counts[k]++;
      return;
    }
  }
  names.push(loc);
  counts.push(1);
}

/** For each interned counterparty, whether its name matches `re` (one test per distinct name). */
export function namesMatching(v: LogView, re: RegExp): Uint8Array {
  const out = new Uint8Array(v.cpNames.length);
  for (let k = 0; k < v.cpNames.length; k++) out[k] = re.test(v.cpNames[k]) ? 1 : 0;
  return out;
}

/** A fresh absent detection (callers may keep and mutate it). */
export function absent(): Detection {
  return { present: false, strength: 0, evidence: [] };
}

/**
 * A detection from a count against its threshold: present when `count ≥ min` (and some row is evidence); strength
 * rises linearly from 0 at zero to 0.5 at the threshold and 1 at twice the threshold (so present ⇔ strength ≥ 0.5).
 * `evidence`: row indexes, turned into txn ids (`idsOf`) only when present.
 */
export function fromCount(view: LogView, count: number, min: number, evidence: readonly number[], extraOk = true): Detection {
  const present = count >= min && extraOk && evidence.length > 0;
  const strength = Math.min(1, count / (2 * min));
  return { present, strength: present ? Math.max(0.5, strength) : Math.min(strength, 0.49), evidence: present ? idsOf(view, evidence) : [] };
}

/** Txn ids of the given row indexes in row order, without duplicates. */
export function idsOf(view: LogView, indexes: readonly number[]): string[] {
  const s = Int32Array.from(indexes).sort();
  const out: string[] = [];
  for (let k = 0; k < s.length; k++) if (k === 0 || s[k] !== s[k - 1]) out.push(view.rows[s[k]].txn_id);
  return out;
}

/** Whether a log may carry signal `id`: its client kind is the signal's in the signal table, or unknown. */
export function mayCarry(view: LogView, id: SignalId): boolean {
  const kind = view.log.clientKind;
  return kind === undefined || kind === SIGNAL_INFO[id].kind;
}

/**
 * Signed days from the nearest occurrence of day-of-month `target` (clamped to the month's length) in the row's
 * month or the one before or after, to the row's date (`monthIndex`, `dom`); positive when the row is later.
 */
export function offsetFromDayOfMonth(monthIndex: number, dom: number, target: number): number {
  const here = Math.min(target, daysInMonthIndex(monthIndex));
  const prevLen = daysInMonthIndex(monthIndex - 1);
  const prev = Math.min(target, prevLen);
  const next = Math.min(target, daysInMonthIndex(monthIndex + 1));
  let best = dom - here;
  const fromPrev = dom + prevLen - prev;
  if (Math.abs(fromPrev) < Math.abs(best)) best = fromPrev;
  const toNext = dom - daysInMonthIndex(monthIndex) - next;
  if (Math.abs(toNext) < Math.abs(best)) best = toNext;
  return best;
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

const typeSets = new WeakMap<readonly string[], ReadonlySet<string>>();
/** The set of `types` (made once per array: thresholds are long-lived data). */
export function typeSet(types: readonly string[]): ReadonlySet<string> {
  let set = typeSets.get(types);
  if (!set) typeSets.set(types, (set = new Set(types)));
  return set;
}

/** The SUCCESS outflows of some transaction types: row indexes in row order, their |amount|s, and the median of those. */
export interface SuccessOutflows {
  readonly idx: readonly number[];
  readonly abs: readonly number[];
  /** 0 when there are none. */
  readonly medianAbs: number;
}

const typeKeys = new WeakMap<readonly string[], string>();
/**
 * The SUCCESS outflows of `types`, found once per view and list of types (Spikes and Overseas both measure against
 * the median outflow of the same three types: one pass and one sort serve both). Callers must not change them.
 */
export function successOutflows(v: LogView, types: readonly string[]): SuccessOutflows {
  let key = typeKeys.get(types);
  if (key === undefined) typeKeys.set(types, (key = `outflows\u241f${types.join('\u241f')}`));
  let hit = v.memo.get(key) as SuccessOutflows | undefined;
  if (!hit) {
    const set = typeSet(types);
    const idx: number[] = [];
    const abs: number[] = [];
    for (let i = 0; i < v.n; i++) {
      const r = v.rows[i];
      if (!v.ok[i] || r.amountCents >= 0 || !set.has(r.type)) continue;
      idx.push(i);
      abs.push(-r.amountCents);
    }
    hit = { idx, abs, medianAbs: median(abs, 0) };
    v.memo.set(key, hit);
  }
  return hit;
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
