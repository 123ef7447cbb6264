import type { ClientKind, Log } from '../schema/log-row.js';
import { TYPE_DIRECTION, type TransactionType } from '../schema/transaction-types.js';
import { TAIL_CUT } from '../schema/profile.js';
import { normalCdf, normalQuantile } from '../random/normal.js';

/** Grid step of the amount sketches, in log10 currency units (0.05% of the amount). */
export const AMOUNT_RESOLUTION = 0.0002;

/** One stream of amounts (one transaction type, one direction) and what goes with it. */
export interface TypeStats {
  type: TransactionType;
  direction: 'in' | 'out';
  rows: number;
  /** Logs with at least one such row. */
  logs: number;
  /** log10 amount grid cell → count (bounded by the grid, not by the corpus). */
  amounts: Map<number, number>;
  channels: Map<string, number>;
  hours: number[];
  /** Distinct counterparties per log that has the type, summed (for the per-log pool size). */
  counterparties: number;
}

/** What one streaming pass over a corpus gathers for `estimateProfile`; memory grows with logs, not rows. */
export interface FitSketch {
  logs: number;
  rows: number;
  kinds: Record<ClientKind | 'unknown', number>;
  timeOfDay: boolean;
  channel: boolean;
  /** Rows per log and span in days (first to last row, inclusive), one pair per log. */
  logRows: number[];
  logDays: number[];
  /** The mean balance of each log and its relative spread (sd / |mean|), currency units. */
  meanBalance: number[];
  balanceSpread: number[];
  /** Per log: its first balance as a share of its mean, and the share of its rows before the balance first reaches the mean. */
  startShare: number[];
  rampShare: number[];
  /** Money in per month of each log (currency units; months from its span in days). */
  monthlyInflow: number[];
  /**
   * Per log, per type key (`type|direction`, as in `types`): rows, sum and sum of squares of log10 |amount|, and the
   * rows whose amount (in cents) an earlier row of the key in the log already had; with `meanBalance`, what the
   * per-log amount levels (`log_effects`) are estimated from.
   */
  logAmounts: Array<Map<string, [number, number, number, number]>>;
  /**
   * Per log, per type key: the rows of the log's upper quartile (standardized log10 |amount| above `TAIL_CUT` of the
   * log's own mean and sd), and the sum and sum of squares of their place there (`tailPlace`); what the tail loadings
   * (`log_effects.tails`) are estimated from. Logs with fewer than `TAIL_MIN_ROWS` rows of a key give none.
   */
  logTails: Array<Map<string, [number, number, number]>>;
  /** The lowest balance of the corpus. */
  lowestBalance: number;
  types: Map<string, TypeStats>;
  /** Rows per calendar month (12), day of month (31), weekday (7, Monday first). */
  month: number[];
  dayOfMonth: number[];
  weekday: number[];
  /** Earliest and latest day number (days since 1970-01-01). */
  firstDay: number;
  lastDay: number;
  failedRows: number;
  /** ATM withdrawals, and how many are whole multiples of 1, 10, 50, 100, 500, 1000 currency units. */
  cashRows: number;
  cashMultiples: Record<number, number>;
}

/** Note sizes a source's cash withdrawals are tested against. */
export const CASH_NOTES = [1, 10, 50, 100, 500, 1000] as const;

const digit = (s: string, i: number): number => s.charCodeAt(i) - 48;

/** Day number (days since 1970-01-01) of a `YYYY-MM-DD…` timestamp. */
function dayNumber(ts: string): number {
  const y = digit(ts, 0) * 1000 + digit(ts, 1) * 100 + digit(ts, 2) * 10 + digit(ts, 3);
  const m = digit(ts, 5) * 10 + digit(ts, 6);
  const d = digit(ts, 8) * 10 + digit(ts, 9);
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

/** Accumulates a corpus one log at a time (pure: logs in, a sketch out). */
export class FitAccumulator {
  readonly sketch: FitSketch = {
    logs: 0,
    rows: 0,
    kinds: { personal: 0, sme: 0, unknown: 0 },
    timeOfDay: true,
    channel: true,
    logRows: [],
    logDays: [],
    meanBalance: [],
    balanceSpread: [],
    startShare: [],
    monthlyInflow: [],
    rampShare: [],
    logAmounts: [],
    logTails: [],
    lowestBalance: Infinity,
    types: new Map(),
    month: new Array(12).fill(0),
    dayOfMonth: new Array(31).fill(0),
    weekday: new Array(7).fill(0),
    firstDay: Infinity,
    lastDay: -Infinity,
    failedRows: 0,
    cashRows: 0,
    cashMultiples: Object.fromEntries(CASH_NOTES.map((n) => [n, 0])),
  };

  /** Adds one log (rows in time order); `caps` says whether its source carries time of day and channel. */
  add(log: Pick<Log, 'rows'>, caps: { timeOfDay: boolean; channel: boolean }, kind: ClientKind | undefined): void {
    const s = this.sketch;
    const rows = log.rows;
    if (rows.length === 0) return;
    s.logs++;
    s.rows += rows.length;
    s.kinds[kind ?? 'unknown']++;
    if (!caps.timeOfDay) s.timeOfDay = false;
    if (!caps.channel) s.channel = false;
    const seen = new Map<TypeStats, Set<string>>();
    const levels = new Map<string, [number, number, number, number]>();
    const amountsSeen = new Map<string, Set<number>>();
    const lgs = new Map<string, number[]>();
    let first = Infinity;
    let last = -Infinity;
    let inflow = 0;
    let sumBalance = 0;
    let sumSquares = 0;
    let lastDate = '';
    let day = 0;
    for (const row of rows) {
      const ts = row.timestamp;
      const date = ts.slice(0, 10);
      if (date !== lastDate) {
        lastDate = date;
        day = dayNumber(ts);
      }
      if (day < first) first = day;
      if (day > last) last = day;
      s.month[digit(ts, 5) * 10 + digit(ts, 6) - 1]++;
      s.dayOfMonth[digit(ts, 8) * 10 + digit(ts, 9) - 1]++;
      s.weekday[(((day + 3) % 7) + 7) % 7]++;
      const balance = row.balanceCents / 100;
      sumBalance += balance;
      sumSquares += balance * balance;
      if (balance < s.lowestBalance) s.lowestBalance = balance;
      if (row.status === 'FAILED') s.failedRows++;
      if (row.amountCents === 0) continue;
      if (row.amountCents > 0 && row.status !== 'FAILED') inflow += row.amountCents / 100;
      if (row.type === 'ATM Withdrawal' && row.amountCents < 0) {
        s.cashRows++;
        for (const note of CASH_NOTES) if (-row.amountCents % (note * 100) === 0) s.cashMultiples[note]++;
      }
      const dir = TYPE_DIRECTION[row.type];
      const direction: 'in' | 'out' = dir === 0 ? (row.amountCents > 0 ? 'in' : 'out') : dir > 0 ? 'in' : 'out';
      const key = `${row.type}|${direction}`;
      let t = s.types.get(key);
      if (!t) s.types.set(key, (t = { type: row.type, direction, rows: 0, logs: 0, amounts: new Map(), channels: new Map(), hours: new Array(24).fill(0), counterparties: 0 }));
      t.rows++;
      const lg = Math.log10(Math.abs(row.amountCents) / 100);
      const cell = Math.round(lg / AMOUNT_RESOLUTION);
      t.amounts.set(cell, (t.amounts.get(cell) ?? 0) + 1);
      let level = levels.get(key);
      if (!level) levels.set(key, (level = [0, 0, 0, 0]));
      level[0]++;
      level[1] += lg;
      level[2] += lg * lg;
      let list = lgs.get(key);
      if (!list) lgs.set(key, (list = []));
      list.push(lg);
      let amounts = amountsSeen.get(key);
      if (!amounts) amountsSeen.set(key, (amounts = new Set()));
      if (amounts.has(row.amountCents)) level[3]++;
      else amounts.add(row.amountCents);
      if (caps.channel) t.channels.set(row.channel, (t.channels.get(row.channel) ?? 0) + 1);
      if (caps.timeOfDay) t.hours[digit(ts, 11) * 10 + digit(ts, 12)]++;
      let names = seen.get(t);
      if (!names) seen.set(t, (names = new Set()));
      names.add(row.counterparty);
    }
    for (const [t, names] of seen) {
      t.logs++;
      t.counterparties += names.size;
    }
    if (first < s.firstDay) s.firstDay = first;
    if (last > s.lastDay) s.lastDay = last;
    s.logRows.push(rows.length);
    s.logAmounts.push(levels);
    const tails = new Map<string, [number, number, number]>();
    for (const [key, list] of lgs) {
      const stats = tailStats(list);
      if (stats) tails.set(key, stats);
    }
    s.logTails.push(tails);
    s.monthlyInflow.push(inflow / Math.max(1, (last - first + 1) / 30.4375));
    s.logDays.push(last - first + 1);
    const mean = sumBalance / rows.length;
    let reach = rows.findIndex((r) => r.balanceCents / 100 >= mean);
    if (reach < 0) reach = rows.length;
    if (mean > 0) {
      s.startShare.push(Math.min(1, Math.max(0, rows[0].balanceCents / 100 / mean)));
      s.rampShare.push(reach / rows.length);
    }
    s.meanBalance.push(mean);
    s.balanceSpread.push(Math.sqrt(Math.max(0, sumSquares / rows.length - mean * mean)) / Math.max(1, Math.abs(mean)));
  }
}

/** Fewest rows of a kind a log needs for its own mean and sd, and so its upper quartile, to mean something. */
export const TAIL_MIN_ROWS = 12;
const TAIL_BELOW = normalCdf(TAIL_CUT);

/**
 * Where a large amount falls among a log's large amounts, as the generator's `tailNoise` places it: the standard
 * normal score of its rank above `TAIL_CUT`, for a standardized log10 amount `r` > `TAIL_CUT`.
 */
export function tailPlace(r: number): number {
  return normalQuantile((normalCdf(r) - TAIL_BELOW) / (1 - TAIL_BELOW));
}

/** The standard normal score of a distribution's lower quartile (its distance below the median, in sds). */
const QUARTILE_SCORE = 0.6745;

/**
 * A log's rows of one kind (log10 |amount|) placed on the scale of its everyday amounts: centred on their median and
 * divided by the spread of the lower half (median − lower quartile, over `QUARTILE_SCORE`), both untouched by how the
 * large rows fall (the large rows are above the upper quartile). The rows above `TAIL_CUT` there are the log's large
 * ones: their count, and the sum and sum of squares of their places (`tailPlace`). Null with fewer than
 * `TAIL_MIN_ROWS` rows or no spread in the lower half.
 */
function tailStats(lgs: number[]): [number, number, number] | null {
  const n = lgs.length;
  if (n < TAIL_MIN_ROWS) return null;
  const sorted = Float64Array.from(lgs).sort();
  const at = (q: number): number => {
    const pos = q * (n - 1);
    const lo = Math.floor(pos);
    return sorted[lo] + (sorted[Math.min(n - 1, lo + 1)] - sorted[lo]) * (pos - lo);
  };
  const median = at(0.5);
  const scale = (median - at(0.25)) / QUARTILE_SCORE;
  if (!(scale > 1e-9)) return null;
  const out: [number, number, number] = [0, 0, 0];
  for (const x of lgs) {
    const r = (x - median) / scale;
    if (r <= TAIL_CUT) continue;
    const place = tailPlace(r);
    out[0]++;
    out[1] += place;
    out[2] += place * place;
  }
  return out;
}
