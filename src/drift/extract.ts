import type { Log } from '../schema/log-row.js';
import { FEATURES, type FeatureId, type FeatureNeed } from './features.js';

/** A numeric value for continuous and ordinal features, a label for categorical ones. */
export type FeatureValue = number | string;

/** Receives one feature value. */
export type FeatureSink = (feature: FeatureId, value: FeatureValue) => void;

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

const MS_PER_DAY = 86_400_000;

/** The signed log scale of a balance b in currency units: sign(b)·log10(1+|b|), continuous through 0. */
export function signedLog10(b: number): number {
  return Math.sign(b) * Math.log10(1 + Math.abs(b));
}

/**
 * Calls `sink` once per feature value of one log (SPEC §5). Cost O(rows); nothing is kept, so a corpus streams.
 * - amounts: log10 |amount| in currency units, rows with amount 0 skipped;
 * - rows per log: one value; transactions per month: one value per calendar month from the first row's month
 *   to the last row's, zeros included;
 * - hour (only with time of day), ISO weekday (Mon = 0), month, day of month, type, channel (only when the source has it);
 * - gap: whole calendar days between consecutive rows, in file order (rows are in time order, SPEC §1);
 * - balance: sign(b)·log10(1+|b|).
 */
export function visitLogFeatures(log: Pick<Log, 'rows' | 'hasTimeOfDay'>, caps: LogCapabilities, sink: FeatureSink): void {
  const rows = log.rows;
  sink('rows_per_log', rows.length);
  if (rows.length === 0) return;
  let prevDay: number | null = null;
  let firstMonth = 0;
  let lastMonth = 0;
  const perMonth = new Map<number, number>();
  for (const row of rows) {
    const ts = row.timestamp;
    const amount = row.amountCents / 100;
    if (amount < 0) sink('amount_out', Math.log10(-amount));
    else if (amount > 0) sink('amount_in', Math.log10(amount));
    const y = Number(ts.slice(0, 4));
    const m = Number(ts.slice(5, 7));
    const d = Number(ts.slice(8, 10));
    const day = Math.round(Date.UTC(y, m - 1, d) / MS_PER_DAY);
    if (caps.timeOfDay) sink('hour', Number(ts.slice(11, 13)));
    // 1970-01-01 was a Thursday: ISO weekday with Monday = 0 is (day + 3) mod 7.
    sink('weekday', (((day + 3) % 7) + 7) % 7);
    sink('month', m);
    sink('day_of_month', d);
    sink('type', row.type);
    if (caps.channel) sink('channel', row.channel);
    if (prevDay !== null) sink('gap_days', day - prevDay);
    prevDay = day;
    sink('balance', signedLog10(row.balanceCents / 100));
    const monthIndex = y * 12 + (m - 1);
    if (perMonth.size === 0) firstMonth = monthIndex;
    lastMonth = monthIndex;
    perMonth.set(monthIndex, (perMonth.get(monthIndex) ?? 0) + 1);
  }
  const lo = Math.min(firstMonth, lastMonth);
  const hi = Math.max(firstMonth, lastMonth);
  for (let mi = lo; mi <= hi; mi++) sink('txns_per_month', perMonth.get(mi) ?? 0);
}
