import type { Log } from '../schema/log-row.js';
import { FEATURE_IDS, FEATURES, type FeatureId, type FeatureNeed } from '../schema/drift-features.js';
import { DAY_MS } from '../log/time-units.js';

/** A numeric value for continuous and ordinal features, a label for categorical ones. */
export type FeatureValue = number | string;

/**
 * Receives one feature value; `feature` is the index of the feature in `FEATURE_IDS` (numbers, not names, so that the
 * hot loop does no string work).
 */
export type FeatureSink = (feature: number, value: FeatureValue) => void;

/** The index of each feature in `FEATURE_IDS`. */
export const FEATURE_INDEX: Readonly<Record<FeatureId, number>> = Object.fromEntries(FEATURE_IDS.map((id, i) => [id, i])) as Record<FeatureId, number>;

const F_AMOUNT_OUT = FEATURE_INDEX.amount_out;
const F_AMOUNT_IN = FEATURE_INDEX.amount_in;
const F_ROWS = FEATURE_INDEX.rows_per_log;
const F_TPM = FEATURE_INDEX.txns_per_month;
const F_HOUR = FEATURE_INDEX.hour;
const F_WEEKDAY = FEATURE_INDEX.weekday;
const F_MONTH = FEATURE_INDEX.month;
const F_DOM = FEATURE_INDEX.day_of_month;
const F_TYPE = FEATURE_INDEX.type;
const F_CHANNEL = FEATURE_INDEX.channel;
const F_GAP = FEATURE_INDEX.gap_days;
const F_BALANCE = FEATURE_INDEX.balance;

/** What a log's source carries; a missing capability makes the features that need it unavailable. */
export interface LogCapabilities {
  timeOfDay: boolean;
  channel: boolean;
}

/** The capabilities of a log: time of day from `log.hasTimeOfDay`, channel unless the caller says the source lacks it. */
export function logCapabilities(log: Pick<Log, 'hasTimeOfDay'>, sourceHasChannel = true): LogCapabilities {
  return { timeOfDay: log.hasTimeOfDay, channel: sourceHasChannel };
}

/** Whether a feature can be measured on a source with these capabilities. */
export function featureAvailable(feature: FeatureId, caps: LogCapabilities): boolean {
  const need: FeatureNeed | undefined = FEATURES[feature].needs;
  return need === undefined || caps[need];
}


/** The signed log scale of a balance b in currency units: sign(b)·log10(1+|b|), continuous through 0. */
export function signedLog10(b: number): number {
  return Math.sign(b) * Math.log10(1 + Math.abs(b));
}

const digit = (s: string, i: number): number => s.charCodeAt(i) - 48;

/**
 * Calls `sink` once per feature value of one log (SPEC §5). Cost O(rows); nothing is kept, so a corpus streams.
 * - amounts: log10 |amount| in currency units, rows with amount 0 skipped;
 * - rows per log: one value; transactions per month: one value per calendar month from the first row's month
 *   to the last row's, zeros included;
 * - hour (only with time of day), ISO weekday (Mon = 0), month, day of month, type, channel (only when the source has it);
 * - gap: whole calendar days between consecutive rows, in file order (rows are in time order, SPEC §1);
 * - balance: sign(b)·log10(1+|b|).
 * Timestamps are read by character codes (`YYYY-MM-DD HH:…`, validated upstream); the date part is decoded once per day.
 */
export function visitLogFeatures(log: Pick<Log, 'rows' | 'hasTimeOfDay'>, caps: LogCapabilities, sink: FeatureSink): void {
  const rows = log.rows;
  sink(F_ROWS, rows.length);
  if (rows.length === 0) return;
  let prevDay: number | null = null;
  let lastDate = '';
  let y = 0;
  let m = 0;
  let d = 0;
  let day = 0;
  let weekday = 0;
  let firstMonth = -1;
  let lastMonth = -1;
  let monthCount = 0;
  let monthIndex = -1;
  const perMonth: number[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const ts = row.timestamp;
    const amount = row.amountCents / 100;
    if (amount < 0) sink(F_AMOUNT_OUT, Math.log10(-amount));
    else if (amount > 0) sink(F_AMOUNT_IN, Math.log10(amount));
    const date = ts.slice(0, 10);
    if (date !== lastDate) {
      lastDate = date;
      y = digit(ts, 0) * 1000 + digit(ts, 1) * 100 + digit(ts, 2) * 10 + digit(ts, 3);
      m = digit(ts, 5) * 10 + digit(ts, 6);
      d = digit(ts, 8) * 10 + digit(ts, 9);
      day = Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
      // 1970-01-01 was a Thursday: ISO weekday with Monday = 0 is (day + 3) mod 7.
      weekday = (((day + 3) % 7) + 7) % 7;
      const mi = y * 12 + (m - 1);
      if (mi !== monthIndex) {
        if (monthIndex >= 0) perMonth.push(monthIndex, monthCount);
        monthIndex = mi;
        monthCount = 0;
        if (firstMonth < 0) firstMonth = mi;
      }
    }
    monthCount++;
    if (caps.timeOfDay) sink(F_HOUR, digit(ts, 11) * 10 + digit(ts, 12));
    sink(F_WEEKDAY, weekday);
    sink(F_MONTH, m);
    sink(F_DOM, d);
    sink(F_TYPE, row.type);
    if (caps.channel) sink(F_CHANNEL, row.channel);
    if (prevDay !== null) sink(F_GAP, day - prevDay);
    prevDay = day;
    sink(F_BALANCE, signedLog10(row.balanceCents / 100));
  }
  perMonth.push(monthIndex, monthCount);
  lastMonth = monthIndex;
  // Rows are in time order, so months arrive ascending; out-of-order input is summed per month all the same.
  const counts = new Map<number, number>();
  for (let i = 0; i < perMonth.length; i += 2) counts.set(perMonth[i], (counts.get(perMonth[i]) ?? 0) + perMonth[i + 1]);
  let lo = firstMonth;
  let hi = lastMonth;
  for (const k of counts.keys()) {
    if (k < lo) lo = k;
    if (k > hi) hi = k;
  }
  for (let mi = lo; mi <= hi; mi++) sink(F_TPM, counts.get(mi) ?? 0);
}
