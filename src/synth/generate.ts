import type { Detection, LogLabels, SignalLabel } from '../schema/labels.js';
import type { Log } from '../schema/log-row.js';
import type { Profile } from '../schema/profile.js';
import { SIGNAL_IDS, type SignalId } from '../schema/signal-id.js';
import { createRng, streamKey } from '../random/rng.js';
import { chance, uniform } from '../random/draw.js';
import { CclupeError } from '../errors.js';
import { DAY, parseDate } from './calendar.js';
import { drawAmount, unitsToCents } from './amounts.js';
import { addFlows, addSpending, type BaseContext } from './base-events.js';
import { addLoans } from './loans.js';
import { targetRows, thinEvents } from './budget.js';
import { finalize } from './finalize.js';
import { dayMultipliers } from './seasonality.js';
import { sharedFaker } from './faker-rng.js';
import { Vocabulary } from './vocabulary.js';
import { logIdFor } from './log-id.js';
import type { InjectContext, Injector, Period, SynthEvent, SynthLoan } from './event.js';

/** The default period of a log: the calendar year 2023 (SPEC §1). */
export const DEFAULT_PERIOD = { start: '2023-01-01', end: '2023-12-31' } as const;
/** The default row range of a log (SPEC §2). */
export const DEFAULT_ROWS = { min: 50, max: 300 } as const;

/** Options of one log: the master seed and index that name its stream, and optional period and row range. */
export interface GenerateLogOptions {
  masterSeed: string;
  index: number;
  /** Inclusive dates `YYYY-MM-DD`; default the calendar year 2023. */
  period?: { start: string; end: string };
  rowsMin?: number;
  rowsMax?: number;
}

/** A generated log and its labels. */
export interface GeneratedLog {
  log: Log;
  labels: LogLabels;
}

/**
 * The signal machinery the pipeline runs: injectors by signal and a detector over a finished log (which may use
 * `rowTimes`, each row's timestamp as whole local seconds, instead of parsing the timestamps).
 */
export interface SignalDeps {
  injectors: Partial<Record<SignalId, Injector>>;
  detect: (log: Log, rowTimes: Float64Array) => Record<SignalId, Detection>;
}

/** The stream key of log `index` under a master seed; recorded in labels and the manifest. */
export function logSeedKey(masterSeed: string, index: number): string {
  return streamKey('cclupe', masterSeed, index);
}

/** Inclusive `YYYY-MM-DD` dates → local-seconds period [start, end + 1 day); throws a CclupeError when inverted. */
export function toPeriod(p: { start: string; end: string }): Period {
  const start = parseDate(p.start);
  const end = parseDate(p.end) + DAY;
  if (end <= start) throw new CclupeError(`period end ${p.end} is before its start ${p.start}`);
  return { start, end };
}

/** Rounds of top-up and thinning allowed to bring a log's rows into `rowsMin..rowsMax`. */
const MAX_ROW_ROUNDS = 30;

/**
 * Generates one log and its labels from a profile with the given signal machinery (pure):
 * base events (income flows, obligations, profile loans, discretionary spending rescaled to the profile's
 * spend ratio) → the injectors of the signals the profile draws → row range enforcement → `finalize` → labels,
 * with each signal's present/strength/evidence from `deps.detect` on the final log.
 * All draws come from the log's own stream `createRng(logSeedKey(masterSeed, index))`, faker included.
 */
export function generateLogWith(profile: Profile, opts: GenerateLogOptions, deps: SignalDeps): GeneratedLog {
  const periodDates = opts.period ?? DEFAULT_PERIOD;
  const period = toPeriod(periodDates);
  const lo = opts.rowsMin ?? profile.rows.min;
  const hi = opts.rowsMax ?? profile.rows.max;
  if (!(Number.isInteger(lo) && Number.isInteger(hi) && lo >= 1 && hi >= lo)) throw new CclupeError(`row range ${lo}..${hi} is not a range of positive integers`);
  const seedKey = logSeedKey(opts.masterSeed, opts.index);
  const rng = createRng(seedKey);
  const { faker, randomizer } = sharedFaker();
  randomizer.current = rng;
  const vocab = new Vocabulary(faker, rng, profile.client_kind);
  const events: SynthEvent[] = [];
  const loans: SynthLoan[] = [];
  const seasons = dayMultipliers(period, profile.seasonality);
  const base: BaseContext = { rng, period, vocab, homeCountry: profile.home_country, seasons, events };

  const openingBalanceCents = Math.round(drawAmount(rng, profile.opening_balance) * 100);
  const target = targetRows(rng, lo, hi, profile.fill);
  const monthlyIncome = addFlows(base, profile.income, true);
  const incomeScale = monthlyIncome > 0 ? monthlyIncome / 100 / profile.monthly_income : 1;
  addFlows(base, profile.obligations, false, incomeScale);
  addLoans({ ...base, loans }, profile.loans);
  const refundShare = profile.spending.reduce((a, c) => a + c.weight * c.refund_rate, 0) / profile.spending.reduce((a, c) => a + c.weight, 0);
  // Discretionary spending gets at least 30% of the target even when scheduled flows fill it (the upper bound is
  // enforced after injection by thinning).
  const discretionaryCount = Math.round(Math.max(0.3 * target, target - events.length) / (1 + refundShare));
  const spending = addSpending(base, profile.spending, discretionaryCount);
  const discretionary = new Set<SynthEvent>(spending);
  rescaleSpending(events, spending, discretionary, profile.spend_ratio, profile.spend_scale);
  // Base texts come from the vocabulary and are safe; finalize re-checks only texts an injector wrote or changed.
  for (const ev of events) {
    ev.trustedCounterparty = ev.counterparty;
    ev.trustedRemark = ev.remark;
  }

  const monthlyIncomeCents = monthlyIncome > 0 ? monthlyIncome : unitsToCents(profile.monthly_income);
  const ctx: InjectContext = {
    rng,
    period,
    clientKind: profile.client_kind,
    businessCategory: profile.business_category,
    homeCountry: profile.home_country,
    events,
    loans,
    monthlyIncomeCents,
    counterparty: (kind) => vocab.counterparty(kind),
    remark: (kind) => vocab.remark(kind),
  };
  const injected = new Map<SignalId, number>();
  for (const id of SIGNAL_IDS) {
    const spec = profile.signals[id];
    if (!spec) continue;
    const on = chance(rng, spec.prevalence);
    const intensity = Math.round(uniform(rng, spec.intensity[0], spec.intensity[1]) * 1000) / 1000;
    const injector = deps.injectors[id];
    if (!on || !injector) continue;
    injector(ctx, intensity);
    injected.set(id, intensity);
  }

  const floor = Math.round(profile.overdraft_floor * 100);
  let current = ctx.events;
  let fin = finalize((current = thinEvents(current, hi, rng, discretionary)), loans, { period, openingBalanceCents, overdraftFloorCents: floor, homeCountry: profile.home_country });
  // `finalize` drops some events (unpaired refunds, out-of-period injections), so the events kept may have to exceed
  // `hi` by what it drops for the rows to reach `lo`: the cap follows the drops seen, until the rows are in range.
  let cap = hi;
  for (let round = 0; (fin.rows.length < lo || fin.rows.length > hi) && round < MAX_ROW_ROUNDS; round++) {
    const dropped = current.length - fin.rows.length;
    if (fin.rows.length < lo) {
      // Rows lost to dropped refunds or out-of-period injections: top up with refund-free discretionary spending.
      const fill = addSpending({ ...base, events: current }, profile.spending.map((c) => ({ ...c, refund_rate: 0 })), lo - fin.rows.length);
      for (const ev of fill) discretionary.add(ev);
      cap = Math.max(cap, hi + dropped);
    } else cap = current.length - (fin.rows.length - hi);
    current = thinEvents(current, cap, rng, discretionary);
    fin = finalize(current, loans, { period, openingBalanceCents, overdraftFloorCents: floor, homeCountry: profile.home_country });
  }
  if (fin.rows.length < lo || fin.rows.length > hi) {
    throw new CclupeError(`could not meet the row range ${lo}..${hi} (got ${fin.rows.length} rows) for log ${opts.index} of profile ${profile.name}`);
  }

  const logId = logIdFor(profile.client_kind, opts.index);
  const log: Log = {
    logId,
    rows: fin.rows,
    clientKind: profile.client_kind,
    ...(profile.business_category ? { businessCategory: profile.business_category } : {}),
    hasTimeOfDay: true,
  };
  const detections = deps.detect(log, fin.rowTimes);
  const signals = {} as Record<SignalId, SignalLabel>;
  for (const id of SIGNAL_IDS) {
    const d = detections[id] ?? { present: false, strength: 0, evidence: [] };
    const intensity = injected.get(id);
    signals[id] = {
      injected: intensity !== undefined,
      intensity: intensity ?? 0,
      present: d.present,
      strength: d.strength,
      evidence: d.evidence,
    };
  }
  const labels: LogLabels = {
    log_id: logId,
    profile: profile.name,
    base: profile.base,
    client_kind: profile.client_kind,
    business_category: profile.business_category,
    seed_key: seedKey,
    period: { start: periodDates.start, end: periodDates.end },
    rows: fin.rows.length,
    opening_balance_cents: openingBalanceCents,
    signals,
    refund_pairs: fin.refundPairs,
    loans: fin.loans,
  };
  return { log, labels };
}

/**
 * Rescales discretionary outflows so that they sum to `ratio` × (income − obligations) over the log, the factor
 * clipped to `scale`; refunds scale with their purchases. Income and obligations are the non-discretionary
 * events (loan disbursements excluded from income); `mine` is `spending` as a set.
 */
function rescaleSpending(events: readonly SynthEvent[], spending: readonly SynthEvent[], mine: ReadonlySet<SynthEvent>, ratio: number, scale: readonly [number, number]): void {
  let income = 0;
  let obligations = 0;
  let spend = 0;
  for (const ev of events) {
    if (mine.has(ev)) {
      if (ev.amountCents < 0) spend -= ev.amountCents;
    } else if (ev.type !== 'Loan Disbursement') {
      if (ev.amountCents > 0) income += ev.amountCents;
      else obligations -= ev.amountCents;
    }
  }
  if (spend <= 0 || income <= 0) return;
  const target = ratio * Math.max(income - obligations, 0.1 * income);
  const factor = Math.min(scale[1], Math.max(scale[0], target / spend));
  for (const ev of spending) {
    if (ev.amountCents < 0) ev.amountCents = -Math.max(1, Math.round(-ev.amountCents * factor));
  }
  for (const ev of spending) {
    if (ev.type === 'Refund' && ev.refundOf) {
      ev.amountCents = Math.min(-ev.refundOf.amountCents, Math.max(1, Math.round(ev.amountCents * factor)));
    }
  }
}

