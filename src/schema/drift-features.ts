/**
 * The drift features of SPEC §5, kept as data. Each feature says how its values are binned:
 * - `continuous`: equal-frequency edges fitted on the reference (open outer bins, duplicate edges merged);
 *   values are first snapped to a grid of `resolution` so that a reference can be sketched in bounded memory;
 * - `ordinal`: one bin per value of a fixed integer domain (hour, weekday, month, day of month);
 * - `categorical`: one bin per value seen in the reference, plus OTHER.
 * `needs` names what a source must carry for the feature to exist (Berka has no time of day and no channel).
 */
export const FEATURE_IDS = [
  'amount_out',
  'amount_in',
  'rows_per_log',
  'txns_per_month',
  'hour',
  'weekday',
  'month',
  'day_of_month',
  'type',
  'channel',
  'gap_days',
  'balance',
] as const;

/** One drift feature id, e.g. `amount_out`. */
export type FeatureId = (typeof FEATURE_IDS)[number];

/** How a feature is binned. */
export type FeatureKind = 'continuous' | 'ordinal' | 'categorical';

/** What a source must carry for a feature to be measured. */
export type FeatureNeed = 'timeOfDay' | 'channel';

/** The definition of one feature. */
export interface FeatureDef {
  id: FeatureId;
  title: string;
  /** How the value is measured, with units. */
  measure: string;
  kind: FeatureKind;
  /** Grid step for continuous features (values are rounded to a multiple of it before binning). */
  resolution?: number;
  /** Inclusive integer domain of an ordinal feature. */
  domain?: readonly [number, number];
  /** Display labels of an ordinal domain, in order (weekday names). */
  labels?: readonly string[];
  needs?: FeatureNeed;
}

/** All features, in report order. */
export const FEATURES: Readonly<Record<FeatureId, FeatureDef>> = {
  amount_out: {
    id: 'amount_out',
    title: 'Amount out',
    measure: 'log10 |amount| of rows with amount < 0 (currency units)',
    kind: 'continuous',
    resolution: 0.001,
  },
  amount_in: {
    id: 'amount_in',
    title: 'Amount in',
    measure: 'log10 |amount| of rows with amount > 0 (currency units)',
    kind: 'continuous',
    resolution: 0.001,
  },
  rows_per_log: { id: 'rows_per_log', title: 'Rows per log', measure: 'rows in one log', kind: 'continuous', resolution: 1 },
  txns_per_month: {
    id: 'txns_per_month',
    title: 'Transactions per month',
    measure: 'rows per calendar month, over every month from the first row to the last (zeros included)',
    kind: 'continuous',
    resolution: 1,
  },
  hour: { id: 'hour', title: 'Hour of day', measure: 'hour of the timestamp, 0–23', kind: 'ordinal', domain: [0, 23], needs: 'timeOfDay' },
  weekday: {
    id: 'weekday',
    title: 'Day of week',
    measure: 'ISO weekday of the date, Monday first',
    kind: 'ordinal',
    domain: [0, 6],
    labels: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  },
  month: {
    id: 'month',
    title: 'Month',
    measure: 'calendar month of the date',
    kind: 'ordinal',
    domain: [1, 12],
    labels: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
  day_of_month: { id: 'day_of_month', title: 'Day of month', measure: 'day of the date, 1–31', kind: 'ordinal', domain: [1, 31] },
  type: { id: 'type', title: 'Type mix', measure: 'transaction type label', kind: 'categorical' },
  channel: { id: 'channel', title: 'Channel mix', measure: 'channel', kind: 'categorical', needs: 'channel' },
  gap_days: {
    id: 'gap_days',
    title: 'Gap between transactions',
    measure: 'calendar days between consecutive rows of a log (whole days, so that date-only sources compare)',
    kind: 'continuous',
    resolution: 1,
  },
  balance: {
    id: 'balance',
    title: 'Balance',
    measure: 'sign(b)·log10(1+|b|) of the balance after each row (currency units)',
    kind: 'continuous',
    resolution: 0.001,
  },
};

/** The client-kind groups a corpus is split into: `all` always, plus each kind the logs declare. */
export const DRIFT_GROUPS = ['all', 'personal', 'sme'] as const;

/** One group name. */
export type DriftGroup = (typeof DRIFT_GROUPS)[number];
