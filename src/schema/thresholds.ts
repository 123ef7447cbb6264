import { z } from 'zod';
import { SIGNAL_IDS, type SignalId } from './signal-id.js';
import { TRANSACTION_TYPES } from './transaction-types.js';
import { BUSINESS_CATEGORIES } from './profile.js';

const TxType = z.enum(TRANSACTION_TYPES);
const Share = z.number().min(0).max(1);
const Count = z.number().int().min(1);
const Cents = z.number().int().min(0);
/** A case-insensitive regular-expression source, checked to compile. */
const Pattern = z.string().min(1).refine((s) => {
  try {
    new RegExp(s, 'i');
    return true;
  } catch {
    return false;
  }
}, 'is not a valid regular expression');

/**
 * Detector thresholds, one block per signal (SPEC §3). Every number is documented in `DEFAULT_THRESHOLDS`
 * and in docs/signals.md; callers may override any of them (see `mergeThresholds`).
 */
export const Thresholds = z
  .object({
    concentration: z.object({ types: z.array(TxType).min(1), minRows: Count, minPurchases: Count, minCountShare: Share, minAmountShare: Share, winsorMultiple: z.number().positive() }).strict(),
    microloans: z
      .object({ maxPrincipalCents: Cents, maxIncomeMultiple: z.number().positive(), minDisbursements: Count, minLenders: Count })
      .strict(),
    spikes: z
      .object({ types: z.array(TxType).min(1), medianMultiple: z.number().positive(), incomeShare: z.number().min(0), minBaseRows: Count, repeatTolerance: Share, minSpikes: Count })
      .strict(),
    refunds: z.object({ minRefunds: Count, minRate: Share, windowDays: z.number().int().min(1) }).strict(),
    nighttime: z
      .object({ types: z.array(TxType).min(1), fromHour: z.number().int().min(0).max(23), toHour: z.number().int().min(1).max(24), minRows: Count, minShare: Share, everydayPatterns: z.array(Pattern) })
      .strict(),
    overseas: z.object({ types: z.array(TxType).min(1), minRows: Count, minAmountShare: Share, winsorMultiple: z.number().positive(), minMonths: Count }).strict(),
    seasonality: z
      .object({ types: z.array(TxType).min(1), minMonths: Count, countRatio: z.number().positive(), amountRatio: z.number().positive(), minPeakRows: Count })
      .strict(),
    liquidity: z
      .object({ minFailed: Count, lowBalanceCents: Cents, minLowDays: Count, borrowDays: z.number().int().min(0), borrowCover: Share, minBorrowPairs: Count })
      .strict(),
    repayments: z.object({ lateDays: z.number().int().min(1), partialRatio: Share, minSeries: Count, minIrregular: Count }).strict(),
    essentials: z.object({ types: z.array(TxType).min(1), lateDays: z.number().int().min(1), minSeries: Count, minIrregular: Count }).strict(),
    subscription: z.object({ minPayees: Count, minCharges: Count }).strict(),
    risky: z.object({ namePatterns: z.array(Pattern).min(1), minRows: Count }).strict(),
    penalties: z.object({ feeRemarkPatterns: z.array(Pattern), minRows: Count }).strict(),
    nonessential: z.object({ namePatterns: z.array(Pattern).min(1), minRows: Count }).strict(),
    alignment: z
      .object({
        types: z.array(TxType).min(1),
        /** Supply classes recognised from the counterparty name. */
        classes: z.record(z.string(), z.array(Pattern).min(1)),
        /** Per declared business category, the supply classes that do not fit it. */
        misfits: z.record(z.enum(BUSINESS_CATEGORIES), z.array(z.string())),
        minRows: Count,
      })
      .strict()
      .superRefine((a, ctx) => {
        for (const [cat, list] of Object.entries(a.misfits))
          for (const c of list) if (!(c in a.classes)) ctx.addIssue({ code: 'custom', path: ['misfits', cat], message: `unknown class ${c}` });
      }),
    liquidity_sme: z
      .object({ failedTypes: z.array(TxType).min(1), minFailed: Count, bufferShare: Share, minLowDays: Count })
      .strict(),
  })
  .strict();
export type Thresholds = z.infer<typeof Thresholds>;

/**
 * The default thresholds. Money is in cents (CNY). Rationale for each value is in docs/signals.md §Thresholds;
 * in short, every "min" sits above what the healthy base profiles produce at their own low prevalence and
 * below what the injector writes at intensity ≥ 0.3.
 */
export const DEFAULT_THRESHOLDS: Thresholds = Thresholds.parse({
  concentration: {
    // Discretionary spending only: rent, bills and repayments go to one payee by nature.
    types: ['Purchase'],
    // The most frequent counterparty needs at least 8 purchases (a habit, not a one-off big buy)...
    minRows: 8,
    // ...out of at least 12 purchases in the log...
    minPurchases: 12,
    // ...at least 35% of them (healthy base profiles: p95 0.17–0.29 over 300 logs each)...
    minCountShare: 0.35,
    // ...and at least 10% of the purchase money...
    minAmountShare: 0.1,
    // ...with each purchase counted at most 10 × the median purchase, so one or two huge one-off buys elsewhere
    // (the Spikes signal) do not hide the habit.
    winsorMultiple: 10,
  },
  microloans: {
    // A "small" disbursement: at most 10,000 CNY...
    maxPrincipalCents: 1_000_000,
    // ...and at most 1.5 months of the log's own median monthly income (when income is visible).
    maxIncomeMultiple: 1.5,
    // Three or more small loans a year, from two or more lenders: stacking, not one consumer loan.
    minDisbursements: 3,
    minLenders: 2,
  },
  spikes: {
    types: ['Purchase', 'ATM Withdrawal', 'Transfer Out'],
    // A spike is at least 8 times the median outflow of these types...
    medianMultiple: 8,
    // ...and at least one month of income (when income is visible; retirees' family transfers reach 0.6)...
    incomeShare: 1,
    // (the median needs at least 10 rows to mean anything)
    minBaseRows: 10,
    // ...and not repeated: no other outflow to the same counterparty within ±25% of its amount (savings transfers).
    repeatTolerance: 0.25,
    minSpikes: 2,
  },
  refunds: {
    // Four or more refunds that pair with earlier purchases...
    minRefunds: 4,
    // ...amounting to at least 12% of purchases by count. Healthy categories refund 0–5%.
    minRate: 0.12,
    // SPEC §1: a refund comes within 60 days of its purchase.
    windowDays: 60,
  },
  nighttime: {
    types: ['Purchase', 'Transfer Out'],
    // 00:00–04:59 local time.
    fromHour: 0,
    toHour: 5,
    // Six or more non-routine night outflows...
    minRows: 6,
    // ...making at least 8% of all these outflows.
    minShare: 0.08,
    // Benign look-alike rule: night spending on everyday needs — meals, groceries, transport, medicine — is what
    // a night-shift worker does, so rows at merchants of these classes are not counted. Discretionary night
    // spending (online shops, live streaming, games, entertainment venues, transfers) is the signal.
    everydayPatterns: [
      '\\bnoodle', '\\bhotpot', '\\bbakery', '\\bcoffee', '\\btea house', '\\bcanteen', '\\brestaurant', '\\bdumpling',
      '\\bsupermarket', '\\bfresh market', '\\bconvenience store', '\\bfruit shop', '\\bnight market', '\\blate night',
      '\\btaxi', '\\bride hailing', '\\bmetro\\b', '\\bbus card', '\\brailway', '\\bexpressway', '\\bpharmacy',
      '\\bclinic', '\\bhospital', '\\bpetrol', '\\bev charging',
    ],
  },
  overseas: {
    types: ['Purchase', 'ATM Withdrawal', 'Transfer Out'],
    minRows: 5,
    // At least 10% of these outflows' money spent abroad...
    minAmountShare: 0.1,
    // ...each amount capped at 10 × the median (a Spikes-size outflow at home does not hide the trips)...
    winsorMultiple: 10,
    // ...spread over at least 2 calendar months (one holiday trip is not the signal).
    minMonths: 2,
  },
  seasonality: {
    types: ['Purchase'],
    // Needs at least 6 months with spending to know what a normal month is.
    minMonths: 6,
    // A peak month has at least 3 times the median month's purchase count and 3.5 times its amount;
    // the shipped festival peaks (Spring Festival, Double 11) reach 2.5× / 3× in a few percent of healthy logs.
    countRatio: 3,
    amountRatio: 3.5,
    minPeakRows: 10,
  },
  liquidity: {
    // Three or more declined payments.
    minFailed: 3,
    // A day ending below 50 CNY...
    lowBalanceCents: 5_000,
    // ...on 5 or more distinct days.
    minLowDays: 5,
    // A Transfer In followed within 3 days by a Card/Loan Repayment using ≥ 80% of it, twice or more.
    borrowDays: 3,
    borrowCover: 0.8,
    minBorrowPairs: 2,
  },
  repayments: {
    // An installment paid more than 5 days after its due day of month is late.
    lateDays: 5,
    // An installment below 75% of the lender's median installment is partial (equal-principal schedules
    // decline by ≤ 10% over a year, so 75% leaves room).
    partialRatio: 0.75,
    // A lender's repayments form a series when there are at least 3 of them.
    minSeries: 3,
    // Two or more declined, late or partial installments.
    minIrregular: 2,
  },
  essentials: {
    types: ['Rent', 'Bill Payment', 'Tax', 'Payroll'],
    // More than 6 days from the payee's usual day of month (profiles jitter by at most ±3 days).
    lateDays: 6,
    minSeries: 4,
    // Three or more irregular essential payments (two bounced payrolls happen in healthy bases now and then).
    minIrregular: 3,
  },
  subscription: {
    // Six or more distinct subscription services, each charged at least twice.
    minPayees: 6,
    minCharges: 2,
  },
  risky: {
    // Names of gaming/betting-like and crypto-exchange platforms, as merchant classes (not labels).
    namePatterns: [
      '\\bdigital asset',
      '\\btoken (exchange|trading)',
      '\\bcoin (exchange|trading|market)',
      '\\bchain (exchange|trading)',
      '\\binteractive entertainment',
      '\\bgame (credits|coins|centre|center)',
      '\\blottery',
      '\\bsweepstake',
      '\\bjackpot',
      '\\bprediction (club|market|platform)',
      '\\bfantasy sports',
      '\\bcard room',
    ],
    minRows: 3,
  },
  penalties: {
    // Fee rows whose remark names a charge for a missed or late obligation.
    feeRemarkPatterns: ['\\breturned (payment|debit)', '\\binsufficient funds', '\\bpenalty interest', '\\blate charge', '\\bdishonou?red'],
    minRows: 2,
  },
  nonessential: {
    // Luxury and entertainment merchant classes.
    namePatterns: [
      '\\bjewel',
      '\\bluxury',
      '\\bgolf',
      '\\bkaraoke',
      '\\bktv\\b',
      '\\bday spa\\b',
      '\\bresort\\b',
      '\\byacht',
      '\\bwatch gallery',
      '\\bhaute couture',
      '\\bdesigner (bags|boutique)',
      '\\bnight ?club',
      '\\bcigar',
    ],
    minRows: 3,
  },
  alignment: {
    types: ['Purchase', 'Supplier Payment'],
    classes: {
      steel: ['\\bsteel\\b', '\\brebar', '\\bmetal materials'],
      building: ['\\bcement', '\\bbuilding materials', '\\btimber', '\\bbrick'],
      agrochemical: ['\\bfertili[sz]er', '\\bpesticide', '\\bagrochemical'],
      livestock: ['\\blivestock', '\\bfeed mill', '\\bhatchery'],
      mining: ['\\bmining', '\\bore\\b', '\\bcoal\\b'],
      medical: ['\\bmedical device', '\\bsurgical'],
      heavy_machinery: ['\\bexcavator', '\\bcrane', '\\bheavy machinery'],
      marine: ['\\bshipyard', '\\bmarine engine'],
      bulk_food: ['\\bslaughterhouse', '\\bgrain depot', '\\bseafood wholesale'],
    },
    misfits: {
      restaurant: ['steel', 'building', 'agrochemical', 'mining', 'medical', 'heavy_machinery', 'marine'],
      retail: ['steel', 'agrochemical', 'livestock', 'mining', 'heavy_machinery', 'marine'],
      factory: ['agrochemical', 'livestock', 'medical', 'marine', 'bulk_food'],
      logistics: ['steel', 'agrochemical', 'livestock', 'mining', 'medical', 'bulk_food'],
      services: ['steel', 'building', 'agrochemical', 'livestock', 'mining', 'heavy_machinery', 'marine', 'bulk_food'],
    },
    minRows: 3,
  },
  liquidity_sme: {
    failedTypes: ['Supplier Payment', 'Purchase', 'Transfer Out'],
    // Three or more declined supplier/operating payments (healthy bases show two in about 2% of logs).
    minFailed: 3,
    // A day ending below 5% of the median month's outflow is a thin buffer...
    bufferShare: 0.05,
    // ...on 6 or more distinct days.
    minLowDays: 6,
  },
});

/** A partial override of `Thresholds`: any signal block, any field. */
export type ThresholdOverrides = { [K in SignalId]?: Partial<Thresholds[K]> };

/** Defaults with `overrides` merged in per signal block, validated (throws a ZodError naming the field). */
export function mergeThresholds(overrides: ThresholdOverrides, base: Thresholds = DEFAULT_THRESHOLDS): Thresholds {
  const out: Record<string, unknown> = {};
  for (const id of SIGNAL_IDS) out[id] = { ...base[id], ...(overrides[id] ?? {}) };
  return Thresholds.parse(out);
}
