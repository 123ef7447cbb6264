import type { ClientKind } from '../schema/log-row.js';
import type { Profile } from '../schema/profile.js';
import { SIGNAL_IDS } from '../schema/signal-id.js';
import { CHANNELS } from '../schema/transaction-types.js';
import { AMOUNT_RESOLUTION, CASH_NOTES, type FitSketch, type TypeStats } from './accumulator.js';
import { fitCalendar } from './calendar-fit.js';
import { estimateLogEffects } from './log-effects.js';
import { TYPE_VOCABULARY } from './type-vocabulary.js';
import { maxOf, minOf } from '../log/extremes.js';

/** Quantiles written per empirical distribution: K + 1 values at 0, 1/K, …, 1. */
export const FIT_QUANTILES = 40;
/** Fewest logs a fit accepts: below this the per-log distributions (rows, span, balance) mean little. */
export const MIN_FIT_LOGS = 5;
/**
 * The balance walk's turning scale as a share of the source's median within-log spread (sd / mean of a log's
 * balances, which also holds the slow build-up of an account): measured on Berka, a quarter keeps the generated
 * balances as spread as the source's.
 */
export const SPREAD_SHARE = 0.25;
/** Days per month used to turn spans into months and back. */
export const DAYS_PER_MONTH = 30.4375;

/** What the estimate is named and extends. */
export interface EstimateOptions {
  name: string;
  description: string;
  /** The base profile as written in `extends` and as resolved. */
  baseName: string;
  base: Profile;
  kind: ClientKind;
  /** ISO 4217 code of the source's amounts (default: the base's currency). */
  currency?: string;
}

/** A fitted profile as written: the fields estimated, plus removals of what the base has and the source lacks. */
export type FittedProfile = Record<string, unknown>;

const round = (x: number, digits: number): number => Number(x.toPrecision(digits));
const cents = (x: number): number => Math.round(x * 100) / 100;

/** K + 1 quantiles of numbers (linear interpolation between order statistics). */
export function quantilesOf(values: readonly number[], k = FIT_QUANTILES): number[] {
  const s = Float64Array.from(values).sort();
  const out: number[] = [];
  for (let i = 0; i <= k; i++) {
    const pos = (i / k) * (s.length - 1);
    const lo = Math.floor(pos);
    const hi = Math.min(s.length - 1, lo + 1);
    out.push(s[lo] + (s[hi] - s[lo]) * (pos - lo));
  }
  return out;
}

/** K + 1 quantiles (currency units, to the cent) of an amount grid sketch. */
function amountQuantiles(cells: ReadonlyMap<number, number>, k = FIT_QUANTILES): number[] {
  const sorted = [...cells.entries()].sort((a, b) => a[0] - b[0]);
  const n = sorted.reduce((a, [, c]) => a + c, 0);
  const out: number[] = [];
  let j = 0;
  let below = 0;
  for (let i = 0; i <= k; i++) {
    const rank = Math.round((i / k) * (n - 1));
    while (below + sorted[j][1] <= rank) below += sorted[j++][1];
    out.push(Math.max(0.01, cents(Math.pow(10, sorted[j][0] * AMOUNT_RESOLUTION))));
  }
  return out;
}

function dateOf(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** The largest note that at least 90% of the source's cash withdrawals are multiples of (0: none, amounts as drawn). */
function cashNote(sketch: FitSketch): number {
  let best = 0;
  for (const note of CASH_NOTES) if (sketch.cashRows > 0 && sketch.cashMultiples[note] >= 0.9 * sketch.cashRows) best = note;
  return best;
}

function median(values: readonly number[]): number {
  return quantilesOf(values, 2)[1];
}

/** Spearman rank correlation of two equally long series (average ranks for ties). */
export function rankCorrelation(a: readonly number[], b: readonly number[]): number {
  const ranks = (v: readonly number[]): number[] => {
    const idx = v.map((x, i) => [x, i] as const).sort((p, q) => p[0] - q[0]);
    const r = new Array<number>(v.length);
    for (let i = 0; i < idx.length; ) {
      let j = i;
      while (j + 1 < idx.length && idx[j + 1][0] === idx[i][0]) j++;
      for (let t = i; t <= j; t++) r[idx[t][1]] = (i + j) / 2;
      i = j + 1;
    }
    return r;
  };
  const ra = ranks(a);
  const rb = ranks(b);
  const mean = (v: number[]): number => v.reduce((x, y) => x + y, 0) / v.length;
  const ma = mean(ra);
  const mb = mean(rb);
  let c = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < ra.length; i++) {
    c += (ra[i] - ma) * (rb[i] - mb);
    va += (ra[i] - ma) ** 2;
    vb += (rb[i] - mb) ** 2;
  }
  return va > 0 && vb > 0 ? c / Math.sqrt(va * vb) : 0;
}

function slug(t: TypeStats): string {
  return `fit-${t.type.toLowerCase().replace(/[^a-z]+/g, '-')}-${t.direction}`;
}

/** The spending category that reproduces one type's rows: weight, amounts, channels, hours, vocabulary. */
function category(t: TypeStats, sketch: FitSketch, kind: ClientKind, refundRate: number): Record<string, unknown> {
  const vocab = TYPE_VOCABULARY[t.type];
  const channels: Record<string, number> = {};
  if (sketch.channel && t.channels.size > 0) {
    for (const c of CHANNELS) {
      const n = t.channels.get(c);
      if (n) channels[c] = n;
    }
  } else channels[vocab.channel] = 1;
  const out: Record<string, unknown> = {
    name: slug(t),
    weight: t.rows,
    type: t.type,
    counterparty: vocab.counterparty[kind],
    pool: Math.min(50, Math.max(1, Math.round(t.counterparties / Math.max(1, t.logs)))),
    remark: vocab.remark[kind],
    amount: { dist: 'empirical', quantiles: amountQuantiles(t.amounts) },
    channels,
    weekdays: [1, 1, 1, 1, 1, 1, 1],
  };
  if (sketch.timeOfDay) out.hours = t.hours;
  if (t.type === 'Interest') out.direction = t.direction;
  if (t.type === 'Purchase' && refundRate > 0) out.refund_rate = round(Math.min(0.5, refundRate), 3);
  return out;
}

/**
 * Estimates a profile from a sketch (pure). The result `extends` the base and sets what the source shows:
 * - the type mix and amounts: one discretionary category per (type, direction), weighted by its rows, with the
 *   empirical quantiles of its amounts, its channel mix (or the type's usual channel when the source has none),
 *   its hour curve (when the source has time of day) and the generator's vocabulary for the type;
 * - refunds as a refund rate of purchases (a refund row needs its purchase); loans kept from the base only when the
 *   source has loan rows;
 * - per log: the span and the row count (empirical, tied by their rank correlation), and the balance level (the
 *   mean balance of each log) with the median relative spread around it, where a log starts (its first balance as
 *   a share of the level) and how soon it gets there (the share of rows before the balance first reaches its mean);
 * - the monthly income (median money in per month of a log), which sizes injected signals;
 * - the per-log amount levels (`log_effects`): how much of each category's amount spread is the log's own scale, and
 *   how those scales and the balance level go together;
 * - the period (the source's months), day-of-month, weekday and month weights (raked so that generated rows match
 *   the source's marginals over the windows logs are drawn in);
 * and removes the base's income, obligations, spending, seasonality and signals, which the source does not show.
 */
export function estimateProfile(sketch: FitSketch, opts: EstimateOptions): FittedProfile {
  const types = [...sketch.types.values()].sort((a, b) => b.rows - a.rows || slug(a).localeCompare(slug(b)));
  const refunds = types.find((t) => t.type === 'Refund')?.rows ?? 0;
  const purchases = types.find((t) => t.type === 'Purchase' && t.direction === 'out')?.rows ?? 0;
  const hasLoans = types.some((t) => t.type === 'Loan Disbursement' || t.type === 'Loan Repayment');
  const spent = types.filter((t) => t.type !== 'Refund' && t.type !== 'Loan Disbursement' && t.type !== 'Loan Repayment');
  const spending = spent.map((t) => category(t, sketch, opts.kind, purchases > 0 ? refunds / purchases : 0));
  const logEffects = estimateLogEffects(sketch, spent.map((t) => ({ key: `${t.type}|${t.direction}`, name: slug(t) })));
  const months = sketch.logDays.map((d) => round(d / DAYS_PER_MONTH, 4));
  const first = new Date(sketch.firstDay * 86_400_000);
  const last = new Date(sketch.lastDay * 86_400_000);
  const periodStart = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1) / 86_400_000;
  const periodEnd = Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 0) / 86_400_000;
  const monthQuantiles = quantilesOf(months).map((x) => round(x, 4));
  const calendar = fitCalendar(sketch, periodStart, periodEnd, monthQuantiles.map((m) => Math.max(1, Math.round(m * DAYS_PER_MONTH))));
  const removeAll = (list: ReadonlyArray<{ name: string }>): Array<Record<string, unknown>> => list.map((f) => ({ name: f.name, remove: true }));
  const signals: Record<string, { prevalence: number }> = {};
  for (const id of SIGNAL_IDS) if (opts.base.signals[id]) signals[id] = { prevalence: 0 };
  const profile: FittedProfile = {
    name: opts.name,
    extends: opts.baseName,
    description: opts.description,
    period: { start: dateOf(periodStart), end: dateOf(periodEnd) },
    currency: opts.currency ?? opts.base.currency,
    rows: { min: minOf(sketch.logRows), max: maxOf(sketch.logRows) },
    activity: {
      months: { dist: 'empirical', quantiles: monthQuantiles },
      rows: { dist: 'empirical', quantiles: quantilesOf(sketch.logRows).map((x) => round(x, 4)) },
      rank_correlation: round(rankCorrelation(sketch.logRows, sketch.logDays), 3),
    },
    calendar,
    overdraft_floor: Math.min(0, cents(sketch.lowestBalance)),
    cash_note: cashNote(sketch),
    monthly_income: Math.max(1, cents(median(sketch.monthlyInflow))),
    balance: {
      level: { dist: 'empirical', quantiles: quantilesOf(sketch.meanBalance.map((b) => Math.max(0.01, b))).map(cents) },
      spread: round(Math.min(10, Math.max(0.01, SPREAD_SHARE * median(sketch.balanceSpread))), 3),
      start: sketch.startShare.length ? round(median(sketch.startShare), 3) : 1,
      ramp: sketch.rampShare.length ? round(median(sketch.rampShare), 3) : 0,
    },
    ...(logEffects ? { log_effects: logEffects } : {}),
    income: removeAll(opts.base.income),
    obligations: removeAll(opts.base.obligations),
    spending: [...removeAll(opts.base.spending.filter((c) => !spending.some((s) => s.name === c.name))), ...spending],
    seasonality: [],
    loans: hasLoans ? [] : removeAll(opts.base.loans),
    signals,
  };
  if (hasLoans) delete profile.loans;
  return profile;
}
