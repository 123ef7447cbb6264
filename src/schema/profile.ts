import { z } from 'zod';
import { SIGNAL_IDS } from './signal-id.js';
import { CHANNELS, TRANSACTION_TYPES } from './transaction-types.js';
import { ClientKind } from './log-row.js';
import { CNY_PER_UNIT, CURRENCIES } from './currencies.js';

/** The declared business categories of SME profiles; shared with the validator's alignment rules and the questions. */
export const BUSINESS_CATEGORIES = ['restaurant', 'retail', 'factory', 'logistics', 'services'] as const;
export const BusinessCategory = z.enum(BUSINESS_CATEGORIES);
export type BusinessCategory = z.infer<typeof BusinessCategory>;

/**
 * An amount distribution in currency units (CNY), clipped to [min, max] when given.
 * - lognormal: exp(N(mu, sigma²)); median e^mu.
 * - gamma: shape k, scale θ; mean kθ.
 * - uniform: [min, max).
 * - fixed: always `value`.
 * - empirical: `quantiles` at the evenly spaced probabilities 0, 1/K, …, 1 (K + 1 values, ascending), drawn by
 *   interpolating between neighbours (log-linearly when both are positive); `cclupe fit` writes these.
 */
export const AmountDist = z.discriminatedUnion('dist', [
  z.object({ dist: z.literal('lognormal'), mu: z.number(), sigma: z.number().nonnegative(), min: z.number().positive().optional(), max: z.number().positive().optional() }).strict(),
  z.object({ dist: z.literal('gamma'), shape: z.number().positive(), scale: z.number().positive(), min: z.number().positive().optional(), max: z.number().positive().optional() }).strict(),
  z.object({ dist: z.literal('uniform'), min: z.number().positive(), max: z.number().positive() }).strict(),
  z.object({ dist: z.literal('fixed'), value: z.number().positive() }).strict(),
  z
    .object({
      dist: z.literal('empirical'),
      quantiles: z.array(z.number().nonnegative()).min(2).max(1001),
    })
    .strict()
    .refine((d) => d.quantiles.every((q, i) => i === 0 || q >= d.quantiles[i - 1]), 'quantiles must be ascending'),
]);
export type AmountDist = z.infer<typeof AmountDist>;

/** How often a scheduled flow recurs. `irregular` draws `per_month` events at random days. */
export const CADENCES = ['monthly', 'semimonthly', 'biweekly', 'weekly', 'quarterly', 'annual', 'irregular'] as const;
export const Cadence = z.enum(CADENCES);
export type Cadence = z.infer<typeof Cadence>;

const TxType = z.enum(TRANSACTION_TYPES);
const ChannelName = z.enum(CHANNELS);
/** Relative weights per channel, e.g. `{ "QR": 5, "POS": 2 }`. */
const ChannelMix = z.partialRecord(ChannelName, z.number().nonnegative());
const Range = z.tuple([z.number(), z.number()]).refine(([a, b]) => a <= b, 'range must be [min, max] with min <= max');
const UnitlessRange = z.tuple([z.number().positive(), z.number().positive()]).refine(([a, b]) => a <= b, 'range must be [min, max] with min <= max');
const UnitRange = z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]).refine(([a, b]) => a <= b, 'range must be [min, max] with min <= max');

/** A recurring flow: income (salary, sales receipts) or an obligation (rent, bills, payroll, supplier payments). */
/**
 * One way a flow can run in a given log: the fields it sets replace the flow's, `amount_scale` multiplies the level,
 * and `skip_months` drops that many whole months of it (a job between employers, a payroll paid late into the next
 * month); absent fields keep the flow's own.
 */
export const FlowVariant = z
  .object({
    weight: z.number().positive(),
    cadence: Cadence.optional(),
    months: z.array(z.number().int().min(1).max(12)).min(1).optional(),
    hours: z.tuple([z.number().int().min(0).max(23), z.number().int().min(0).max(23)]).optional(),
    variation: z.number().min(0).max(2).optional(),
    remark: z.string().min(1).optional(),
    amount_scale: z.number().positive().optional(),
    skip_months: Range.optional(),
  })
  .strict();
export type FlowVariant = z.infer<typeof FlowVariant>;

export const Flow = z
  .object({
    name: z.string().min(1),
    type: TxType,
    cadence: Cadence,
    /** Day of month (monthly/quarterly/semimonthly first day), 1–28. */
    day: z.number().int().min(1).max(28).default(1),
    /** Months (1–12) a quarterly or annual flow falls in; default January/April/July/October, or January. */
    months: z.array(z.number().int().min(1).max(12)).min(1).optional(),
    /** Day-of-month jitter, ± days. */
    jitter_days: z.number().int().min(0).max(10).default(0),
    /** Events per month for `irregular`. */
    per_month: Range.optional(),
    /** The flow's level, drawn once per log (a salary, a rent). */
    amount: AmountDist,
    /** Per-occurrence spread around the level: each amount is level·exp(N(0, variation²)); 0 = the same every time. */
    variation: z.number().min(0).max(2).default(0),
    /** Probability that a log has this flow at all. */
    probability: z.number().min(0).max(1).default(1),
    counterparty: z.string().min(1),
    /** True: the same counterparty every time (employer, landlord); false: a fresh one per event from a small pool. */
    fixed_counterparty: z.boolean().default(true),
    remark: z.string().min(1),
    channel: ChannelName,
    /** Hour-of-day range [from, to] the flow posts in (local time). */
    hours: z.tuple([z.number().int().min(0).max(23), z.number().int().min(0).max(23)]).default([9, 17]),
    /**
     * Whether the level scales with the log's drawn income (level × drawn monthly income / `monthly_income`), so that
     * rent follows salary and payroll follows revenue instead of being independent draws.
     */
    scale_with_income: z.boolean().default(false),
    /** Whether the amount is scaled by the seasonality multiplier (sales revenue, not salary). */
    seasonal: z.boolean().default(false),
    /** Whether an outgoing payment is declined when funds run short (true) or always goes through (false). */
    declinable: z.boolean().default(true),
    /**
     * Ways the flow differs from one client to the next, one drawn per log by weight (default: none, the flow as
     * written): a settlement hour, a monthly instead of a quarterly tax, a payroll-heavy cost mix, missed months.
     */
    variants: z.array(FlowVariant).min(1).optional(),
  })
  .strict();
export type Flow = z.infer<typeof Flow>;

/** A class of discretionary spending: merchant class, weight, amounts, hours, weekdays and channels. */
export const SpendingCategory = z
  .object({
    name: z.string().min(1),
    weight: z.number().positive(),
    type: TxType.default('Purchase'),
    /** Counterparty kind (see `COUNTERPARTY_KINDS`), e.g. `grocery`, `steel_supplier`. */
    counterparty: z.string().min(1),
    /** Size of the per-log pool of counterparties of this class (regulars). */
    pool: z.number().int().min(1).max(50).default(4),
    remark: z.string().min(1),
    amount: AmountDist,
    channels: ChannelMix,
    /** 24 relative weights for the hour of day; default: a daytime curve. */
    hours: z.array(z.number().nonnegative()).length(24).optional(),
    /** 7 relative weights Monday..Sunday. */
    weekdays: z.array(z.number().nonnegative()).length(7).optional(),
    /** Share of a refund (full or partial) within 60 days, for purchases. */
    refund_rate: z.number().min(0).max(0.5).default(0),
    /** Share of events abroad (travel spending). */
    overseas_rate: z.number().min(0).max(1).default(0),
    /** Money in or out, for types that go either way (Interest); default from the type (in for income types). */
    direction: z.enum(['in', 'out']).optional(),
  })
  .strict();
export type SpendingCategory = z.infer<typeof SpendingCategory>;

export const SEASONAL_EVENTS = ['spring_festival', 'national_day', 'double_11', 'summer'] as const;
/** A seasonal peak: spending/revenue rate multiplied by `multiplier` during the event's window. */
export const SeasonalPeak = z
  .object({
    event: z.enum(SEASONAL_EVENTS),
    multiplier: z.number().positive(),
  })
  .strict();
export type SeasonalPeak = z.infer<typeof SeasonalPeak>;

/** A loan the profile may hold, disbursed inside the period and repaid by schedule. */
export const LoanSpec = z
  .object({
    name: z.string().min(1),
    probability: z.number().min(0).max(1),
    lender: z.string().min(1),
    principal: AmountDist,
    annual_rate: Range,
    term_months: z.array(z.number().int().positive()).min(1),
    method: z.enum(['equal_installment', 'equal_principal', 'bullet']),
    /** Disbursement month window, 0-based months from the period start. */
    start_month: z.tuple([z.number().int().min(0), z.number().int().min(0)]).default([0, 3]),
  })
  .strict();
export type LoanSpec = z.infer<typeof LoanSpec>;

/** How often a signal is injected (prevalence, share of logs) and at what intensity range (SPEC §3). */
export const SignalSpec = z
  .object({
    prevalence: z.number().min(0).max(1),
    intensity: UnitRange,
  })
  .strict();
export type SignalSpec = z.infer<typeof SignalSpec>;

/** Signal prevalence per signal id; absent signals are never injected. */
export const SignalTable = z.partialRecord(z.enum(SIGNAL_IDS), SignalSpec);
export type SignalTable = z.infer<typeof SignalTable>;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are YYYY-MM-DD');

/** The calendar period of the logs, inclusive dates (SPEC §1); a fitted profile keeps its source's period. */
export const ProfilePeriod = z
  .object({ start: IsoDate, end: IsoDate })
  .strict()
  .refine((p) => p.start <= p.end, 'period end must not be before its start');
export type ProfilePeriod = z.infer<typeof ProfilePeriod>;

/**
 * How long each log runs and how busy it is, for sources whose accounts cover part of the period (fitted profiles):
 * a log covers `months` consecutive calendar months at a uniformly drawn place inside the period and its base events
 * aim at `rows` rows (instead of `fill`); the two draws are tied by a Gaussian copula with this rank correlation.
 */
export const Activity = z
  .object({
    months: AmountDist,
    rows: AmountDist,
    rank_correlation: z.number().min(-1).max(1).default(0),
  })
  .strict();
export type Activity = z.infer<typeof Activity>;

/**
 * Relative weights of calendar months (12, January first), days of the month (31) and weekdays (7, Monday first),
 * multiplied into the day weights of discretionary spending (on top of each category's weekdays and seasonality).
 */
export const CalendarWeights = z
  .object({
    month: z.array(z.number().nonnegative()).length(12).optional(),
    day_of_month: z.array(z.number().nonnegative()).length(31).optional(),
    weekday: z.array(z.number().nonnegative()).length(7).optional(),
  })
  .strict();
export type CalendarWeights = z.infer<typeof CalendarWeights>;

/**
 * Where a log's large draws begin: the within-log noise above this standard normal score (the log's own upper
 * quartile) is a large amount of the log, which `log_effects.tails` ties to about one size per log (Berka's large
 * withdrawers make several withdrawals of about one size, issue #14).
 */
export const TAIL_CUT = 0.674;

/**
 * How much of each spending category's amount spread is the log's own level, and how those levels go together
 * (fitted profiles: a real account that withdraws large sums also receives large sums and keeps a larger balance).
 * Each log draws one standard normal level per name, correlated by `correlation` (a Gaussian vector); a category's
 * amount is drawn at probability Φ(loading · level + √(1 − loading²) · ε) of its distribution, so its distribution
 * over all logs stays as written while its spread within a log narrows. The name `balance` ties the balance level
 * (`balance.level`, drawn at Φ(level)). Names not in `spending` or `balance` are ignored.
 */
export const LogEffects = z
  .object({
    names: z.array(z.string().min(1)).min(1),
    /** Share of a name's spread (on the normal-score scale) that is the log's level, 0–1 (the square root of the between-log share of variance). */
    loadings: z.array(z.number().min(0).max(1)),
    /** Correlation of the levels, one row per name (symmetric, unit diagonal, positive definite). */
    correlation: z.array(z.array(z.number().min(-1).max(1))),
    /**
     * Per name, the share of a log's rows of it, after its first, that repeat an amount the log already drew of it
     * (a standing order, a habitual cash sum), 0–1; absent: none repeat but by chance.
     */
    repeats: z.array(z.number().min(0).max(1)).optional(),
    /**
     * Per name, how much the log's large amounts of it share one size, 0–1 (the square root of the between-log share
     * of the variance of where in the log's upper quartile its rows fall): a log that makes large withdrawals makes
     * several of about one size. Absent or 0: a log's large amounts fall anywhere in the upper quartile.
     */
    tails: z.array(z.number().min(0).max(1)).optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    const k = e.names.length;
    if (new Set(e.names).size !== k) ctx.addIssue({ code: 'custom', message: 'names must be distinct', path: ['names'] });
    if (e.loadings.length !== k) ctx.addIssue({ code: 'custom', message: `needs one loading per name (${k})`, path: ['loadings'] });
    if (e.repeats && e.repeats.length !== k) ctx.addIssue({ code: 'custom', message: `needs one repeat share per name (${k})`, path: ['repeats'] });
    if (e.tails && e.tails.length !== k) ctx.addIssue({ code: 'custom', message: `needs one tail loading per name (${k})`, path: ['tails'] });
    if (e.correlation.length !== k || e.correlation.some((r) => r.length !== k)) ctx.addIssue({ code: 'custom', message: `must be ${k} × ${k}`, path: ['correlation'] });
    else if (choleskyFactor(e.correlation) === null) ctx.addIssue({ code: 'custom', message: 'must be a symmetric positive definite matrix with a unit diagonal', path: ['correlation'] });
  });
export type LogEffects = z.infer<typeof LogEffects>;

/**
 * The lower-triangular Cholesky factor L (row-major, k × k) with L Lᵀ = m, or null when m is not symmetric positive
 * definite with a unit diagonal (to 1e-6).
 */
export function choleskyFactor(m: readonly (readonly number[])[]): Float64Array | null {
  const k = m.length;
  const l = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    if (Math.abs(m[i][i] - 1) > 1e-6) return null;
    for (let j = 0; j <= i; j++) {
      if (Math.abs(m[i][j] - m[j][i]) > 1e-6) return null;
      let s = m[i][j];
      for (let p = 0; p < j; p++) s -= l[i * k + p] * l[j * k + p];
      if (i === j) {
        if (s <= 1e-9) return null;
        l[i * k + i] = Math.sqrt(s);
      } else l[i * k + j] = s / l[j * k + j];
    }
  }
  return l;
}

/**
 * A client profile after `extends` is resolved (SPEC §2). Amounts in CNY units; the generator converts to cents.
 * `base` is the root of the inheritance chain (one of the four bases).
 */
export const Profile = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'profile names are lower-case kebab-case'),
    base: z.string().min(1),
    description: z.string().min(1),
    client_kind: ClientKind,
    business_category: BusinessCategory.nullable(),
    home_country: z.string().regex(/^[A-Z]{2}$/).default('CN'),
    /** The period of the logs (default the calendar year 2023); `cclupe generate --period` overrides it. */
    period: ProfilePeriod.default({ start: '2023-01-01', end: '2023-12-31' }),
    /**
     * ISO 4217 code of the amounts (default CNY; `schema/currencies.ts` lists the known ones): every amount of the
     * profile and of its logs is in its units, and cash withdrawn abroad is converted into it.
     */
    currency: z
      .string()
      .refine((c) => CNY_PER_UNIT[c] !== undefined, { message: `currency must be one of ${CURRENCIES.join(', ')}` })
      .default('CNY'),
    /** Per-log span and row count drawn jointly (fitted profiles); absent: the whole period and `fill`. */
    activity: Activity.optional(),
    /** Calendar weights of discretionary spending (fitted profiles). */
    calendar: CalendarWeights.optional(),
    /**
     * When set (fitted profiles), each log holds its balance near a level drawn from `level`: the opening balance is
     * that level, and the discretionary rows take their places in time so that money comes in when the balance is
     * below the level and goes out when above, with the relative `spread` of the source (a balance `spread` × level
     * above or below the level makes the direction about 73% likely); a log may start lower (`start`) and rise to
     * its level over the first `ramp` of its rows, as a newly opened account does. Times, types and amounts stay.
     */
    balance: z
      .object({
        level: AmountDist,
        spread: z.number().positive().max(10),
        /** The opening balance as a share of the level (1: the log starts at its level). */
        start: z.number().min(0).max(1).default(1),
        /** Share of the log over which the balance rises from its start to the level (0: at once). */
        ramp: z.number().min(0).max(1).default(0),
      })
      .strict()
      .optional(),
    log_effects: LogEffects.optional(),
    rows: z.object({ min: z.number().int().min(1), max: z.number().int().min(1) }).strict().refine((r) => r.min <= r.max, 'rows.min must be <= rows.max').default({ min: 50, max: 300 }),
    /** Target share of the row range the base events fill, before injection (the rest is headroom for signals). */
    fill: UnitRange.default([0.3, 0.8]),
    opening_balance: AmountDist,
    /**
     * The opening balance is at least this many months of the log's own outflows (obligations and discretionary
     * spending as drawn, before signals): a healthy holder starts the period able to pay rent, payroll and suppliers
     * before the first income arrives. 0: the drawn `opening_balance` alone.
     */
    opening_cover_months: z.number().min(0).max(24).default(0),
    /** Cash machines pay out multiples of this many currency units (100 CNY notes); 0: amounts as drawn. */
    cash_note: z.number().min(0).default(100),
    /** Lowest balance a declinable payment may leave, in CNY (0: no overdraft; negative: an overdraft line). */
    overdraft_floor: z.number().max(0).default(0),
    /**
     * Discretionary spending as a share of the year's income net of obligations; amounts are rescaled per log
     * (factor clipped to `spend_scale`) so that the balance path matches the profile's means whatever the row count.
     */
    spend_ratio: z.number().positive().max(3).default(0.85),
    /** Bounds of that rescaling factor; narrow for personal spending (keeps amounts realistic), wide for SME costs. */
    spend_scale: UnitlessRange.default([0.5, 2]),
    /** Typical monthly income in CNY, used when the log draws no income flow. */
    monthly_income: z.number().positive(),
    income: z.array(Flow).default([]),
    obligations: z.array(Flow).default([]),
    spending: z.array(SpendingCategory).min(1),
    seasonality: z.array(SeasonalPeak).default([]),
    loans: z.array(LoanSpec).default([]),
    signals: SignalTable.default({}),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.client_kind === 'sme' && p.business_category === null)
      ctx.addIssue({ code: 'custom', path: ['business_category'], message: 'an SME profile needs a business category' });
    if (p.client_kind === 'personal' && p.business_category !== null)
      ctx.addIssue({ code: 'custom', path: ['business_category'], message: 'a personal profile has no business category' });
  });
export type Profile = z.infer<typeof Profile>;
/** The profile file as written, before `extends` is resolved and defaults applied. */
export type ProfileInput = z.input<typeof Profile>;
