import type { Detection, LogLabels, SignalLabel } from '../schema/labels.js';
import type { ClientKind, Log } from '../schema/log-row.js';
import { choleskyFactor, type Activity, type Profile, type SpendingCategory } from '../schema/profile.js';
import { SIGNAL_IDS, type SignalId } from '../schema/signal-id.js';
import { KEY_DELIMITER, createRng } from '../random/rng.js';
import { chance, int, normal, uniform } from '../random/draw.js';
import type { Rng } from '../random/rng.js';
import { TYPE_DIRECTION } from '../schema/transaction-types.js';
import { CclupeError } from '../errors.js';
import { DAY_S, dayStart, formatDate, parseDate } from './calendar.js';
import { incomeOfMonthsWithIncome, medianOutflow } from './inject/util.js';
import { DEFAULT_THRESHOLDS } from '../schema/thresholds.js';
import { drawAmount, empiricalQuantile, normalCdf, unitsToCents } from './amounts.js';
import { addFlows, addSpending, monthsOf, type BaseContext, type LogLevels } from './base-events.js';
import { profileTypeHours } from './type-hours.js';
import { calendarDayWeights } from './calendar-weights.js';
import { postEvents } from './posting.js';
import { addLoans } from './loans.js';
import { targetRows, thinEvents } from './budget.js';
import { finalize } from './finalize.js';
import { orderBySecond } from './time-order.js';
import { keepToMerchantRanges } from './merchant-amounts.js';
import { CNY_PER_UNIT } from '../schema/currencies.js';
import { dayMultipliers } from './seasonality.js';
import { sharedFaker } from './faker-rng.js';
import { Vocabulary } from './vocabulary.js';
import { SWEEP_DESTINATIONS, SWEEP_TIMING, TRAJECTORIES, type Trajectory } from './data/trajectories.js';
import { LOAN_USES } from './data/loan-uses.js';
import { logIdFor } from './log-id.js';
import { synthEvent, type InjectContext, type Injector, type Period, type Settler, type SynthEvent, type SynthLoan } from './event.js';

/** The default period of a log: the calendar year 2023 (SPEC §1). */
export const DEFAULT_PERIOD = { start: '2023-01-01', end: '2023-12-31' } as const;
/** The default row range of a log (SPEC §2). */
export const DEFAULT_ROWS = { min: 50, max: 300 } as const;

/** Options of one log: the master seed and index that name its stream, and optional period and row range. */
export interface GenerateLogOptions {
  masterSeed: string;
  index: number;
  /** Inclusive dates `YYYY-MM-DD`; default the profile's period (the calendar year 2023 unless it says otherwise). */
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
  /** Per signal, what checks its injected sizes again after a balance walk (none: nothing to check). */
  settlers?: Partial<Record<SignalId, Settler>>;
  detect: (log: Log, rowTimes: Float64Array) => Record<SignalId, Detection>;
}

/** The stream key of log `index` under a master seed; recorded in labels and the manifest. */
export function logSeedKey(masterSeed: string, index: number): string {
  // streamKey('cclupe', masterSeed, index), spelled out: it runs once per log.
  return `cclupe${KEY_DELIMITER}${masterSeed}${KEY_DELIMITER}${index}`;
}

/** Inclusive `YYYY-MM-DD` dates → local-seconds period [start, end + 1 day); throws a CclupeError when inverted. */
export function toPeriod(p: { start: string; end: string }): Period {
  const start = parseDate(p.start);
  const end = parseDate(p.end) + DAY_S;
  if (end <= start) throw new CclupeError(`period end ${p.end} is before its start ${p.start}`);
  return { start, end };
}

/** The outflows whose median is a log's everyday size: those the Spikes detector measures a large outflow against. */
const EVERYDAY_TYPES = DEFAULT_THRESHOLDS.spikes.types;

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
  const fullDates = opts.period ?? profile.period;
  const fullPeriod = toPeriod(fullDates);
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
  const fullSeasons = dayMultipliers(fullPeriod, profile.seasonality);
  const dayWeights = calendarDayWeights(fullPeriod, fullSeasons, profile.calendar);

  let openingBalanceCents = Math.round(drawAmount(rng, profile.opening_balance) * 100);
  const levels = profile.log_effects ? drawLevels(rng, profile) : null;
  const levelCents = profile.balance
    ? Math.round((levels && levels.balance !== null && profile.balance.level.dist === 'empirical' ? empiricalQuantile(profile.balance.level.quantiles, normalCdf(levels.balance)) : drawAmount(rng, profile.balance.level)) * 100)
    : null;
  if (levelCents !== null) openingBalanceCents = levelCents;
  let period = fullPeriod;
  let periodDates = fullDates;
  let target: number;
  if (profile.activity) {
    const drawn = drawActivity(rng, profile.activity, fullPeriod);
    period = drawn.window;
    periodDates = { start: formatDate(period.start), end: formatDate(period.end - DAY_S) };
    target = Math.min(hi, Math.max(lo, drawn.rows));
  } else target = targetRows(rng, lo, hi, profile.fill);
  // A window's seasons are its slice of the period's (no new array per window).
  const seasons = period === fullPeriod ? fullSeasons : fullSeasons.subarray(Math.round((period.start - fullPeriod.start) / DAY_S), Math.round((period.end - fullPeriod.start) / DAY_S));
  // One shape for every context made from this one (`levels` always present), so that addSpending's reads of it stay
  // monomorphic.
  const base: BaseContext = { rng, period, vocab, homeCountry: profile.home_country, seasons, tablePeriod: fullPeriod, dayWeights, events, regulars: new Map(), levels: levels ? levels.spending : undefined };
  const monthlyIncome = addFlows(base, profile.income, true);
  const incomeScale = monthlyIncome > 0 ? monthlyIncome / 100 / profile.monthly_income : 1;
  addFlows(base, profile.obligations, false, incomeScale);
  // A client that keeps a cover buys something with a loan; an overdue one's loan fills its shortfalls.
  addLoans({ rng, period, vocab, homeCountry: profile.home_country, events, loans }, profile.loans, profile.opening_cover_months > 0 ? LOAN_USES[profile.client_kind] : undefined);
  const refundShare = profile.spending.reduce((a, c) => a + c.weight * c.refund_rate, 0) / profile.spending.reduce((a, c) => a + c.weight, 0);
  // Discretionary spending gets at least 30% of the target even when scheduled flows fill it (the upper bound is
  // enforced after injection by thinning).
  const discretionaryCount = Math.round(Math.max(0.3 * target, target - events.length) / (1 + refundShare));
  const spending = addSpending(base, profile.spending, discretionaryCount);
  const discretionary = new Set<SynthEvent>(spending);
  // A balance trajectory (saving, flat, drawing down) per log of a profile that keeps a cover, unless it walks its
  // balance at a level (profiles without a cover, the overdue ones, spend what comes in already).
  const netShare = profile.balance || profile.opening_cover_months <= 0 ? null : drawTrajectory(rng, TRAJECTORIES[profile.client_kind]);
  rescaleSpending(events, spending, discretionary, profile.spend_ratio, profile.spend_scale, netShare);
  if (netShare !== null) sweepSurplus(base, profile.client_kind, netShare);
  if (profile.opening_cover_months > 0) {
    let out = 0;
    for (const ev of events) if (ev.amountCents < 0 && ev.at >= period.start && ev.at < period.end) out -= ev.amountCents;
    const months = (period.end - period.start) / DAY_S / 30.4375;
    // The cover, on top of how far the account runs down before its lowest point (a log that draws on its savings, a
    // payroll- or rent-heavy cost mix): a client that keeps a cover does not run out before the year's low.
    const cover = Math.round((profile.opening_cover_months * out) / Math.max(1, months));
    openingBalanceCents = Math.max(openingBalanceCents, cover + (netShare !== null ? deepestDip(events, period) : 0));
  }
  // Base texts come from the vocabulary and are safe; finalize re-checks only texts an injector wrote or changed.
  for (const ev of events) {
    ev.trustedCounterparty = ev.counterparty;
    ev.trustedRemark = ev.remark;
  }

  // Signals are sized by the log's income: its income flows, else (a fitted profile, whose money in is discretionary
  // and follows its money out, as the balance walk holds the balance) the larger of money in and money out per month
  // of its own spending as drawn and of its income as the detectors measure it (the median income of a month with
  // income: a log whose money comes in lumps every few months has a month's income of a lump, not of a lump spread
  // over the months between), else the profile's typical income.
  const drawnIncome = monthlyIncome > 0 || !profile.balance ? 0 : Math.max(moneyPerMonth(spending, period), incomeOfMonthsWithIncome(spending));
  const monthlyIncomeCents = monthlyIncome > 0 ? monthlyIncome : drawnIncome > 0 ? drawnIncome : unitsToCents(profile.monthly_income);
  const ctx: InjectContext = {
    rng,
    period,
    clientKind: profile.client_kind,
    businessCategory: profile.business_category,
    homeCountry: profile.home_country,
    events,
    loans,
    monthlyIncomeCents,
    cnyPerUnit: CNY_PER_UNIT[profile.currency] ?? 1,
    // A fitted profile's amounts are its source's, in its currency and at its level: injected everyday rows follow them.
    everydayCents: profile.balance ? medianOutflow(events, EVERYDAY_TYPES) : undefined,
    counterparty: (kind) => vocab.counterparty(kind),
    remark: (kind) => vocab.remark(kind),
    remarkFor: (counterparty, kind) => vocab.remarkFor(counterparty, kind),
    typeHours: (type) => profileTypeHours(profile).get(type),
  };
  const injected = new Map<SignalId, number>();
  for (const id of SIGNAL_IDS) {
    const spec = profile.signals[id];
    if (!spec) continue;
    const on = chance(rng, spec.prevalence);
    const intensity = Math.round(uniform(rng, spec.intensity[0], spec.intensity[1]) * 1000) / 1000;
    const injector = deps.injectors[id];
    if (!on || !injector) continue;
    if (injector(ctx, intensity) === false) continue;
    injected.set(id, intensity);
  }
  if (levelCents !== null && profile.balance) {
    // After injection, so that the walk sees the signals' money too (their events keep their places). A reserve as
    // large again as the discretionary spending, from which the walk picks money in or out as the balance asks.
    const sides = bySide(profile.spending);
    // Each side's levels, picked out of the log's once (on the side's first draw).
    const sideLevels: { in?: LogLevels; out?: LogLevels } = {};
    const reserve = (side: 'in' | 'out', count: number): SynthEvent[] => {
      const s = sides[side];
      if (s.categories.length === 0) return [];
      let own = sideLevels[side];
      if (levels && !own) own = sideLevels[side] = sideOf(levels.spending, s.index);
      const drawn = addSpending({ ...base, events: [], levels: own ?? base.levels }, s.categories, count);
      // The vocabulary wrote their texts, as it wrote the base events' (trusted above).
      for (const ev of drawn) {
        ev.trustedCounterparty = ev.counterparty;
        ev.trustedRemark = ev.remark;
      }
      return drawn;
    };
    openingBalanceCents = holdBalance(ctx.events, discretionary, reserve, rng, levelCents, profile.balance);
    for (const id of injected.keys()) deps.settlers?.[id]?.(ctx);
  }
  postEvents(ctx.events, { period, homeCountry: profile.home_country, cashNote: profile.cash_note, currency: profile.currency });
  // A merchant's trade sets what a purchase there costs; a fitted profile keeps its source's amounts.
  if (!profile.balance) keepToMerchantRanges(ctx.events, (name) => vocab.amountRange(name), CNY_PER_UNIT[profile.currency] ?? 1);

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
      const fill = addSpending({ ...base, events: current }, refundFree(profile.spending), lo - fin.rows.length);
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

/** A net change over the period ÷ the period's income, drawn from a trajectory table (band by weight, uniform in it). */
function drawTrajectory(rng: Rng, table: readonly Trajectory[]): number {
  let total = 0;
  for (const t of table) total += t.weight;
  let u = rng.next() * total;
  let band = table[table.length - 1];
  for (const t of table) {
    if ((u -= t.weight) < 0) {
      band = t;
      break;
    }
  }
  return uniform(rng, band.net[0], band.net[1]);
}

/**
 * Moves what a log has left over beyond its trajectory (net change over the period above `netShare` × income) out of
 * the account, one sweep a month on a day of the log's own, to one destination drawn per log (`SWEEP_DESTINATIONS`),
 * each amount spread around an even share (`SWEEP_TIMING`).
 */
function sweepSurplus(base: BaseContext, kind: ClientKind, netShare: number): void {
  const { rng, period, events } = base;
  let net = 0;
  let income = 0;
  for (const ev of events) {
    if (ev.at < period.start || ev.at >= period.end) continue;
    net += ev.amountCents;
    if (ev.amountCents > 0 && ev.type !== 'Loan Disbursement') income += ev.amountCents;
  }
  const surplus = net - netShare * income;
  const months = monthsOf(period);
  if (!(surplus > 0) || months.length === 0) return;
  const table = SWEEP_DESTINATIONS[kind];
  let u = rng.next() * table.reduce((a, d) => a + d.weight, 0);
  const dest = table.find((d) => (u -= d.weight) < 0) ?? table[table.length - 1];
  const name = base.vocab.counterparty(dest.counterparty);
  base.vocab.pinRemark(name, dest.remark);
  const day = int(rng, 1, 28);
  const weights = months.map(() => Math.exp(normal(rng, 0, SWEEP_TIMING.variation)));
  const total = weights.reduce((a, b) => a + b, 0);
  months.forEach(([y, m], k) => {
    const at = dayStart(y, m, day) + int(rng, SWEEP_TIMING.hours[0], SWEEP_TIMING.hours[1]) * 3600 + int(rng, 0, 3599);
    if (at < period.start || at >= period.end) return;
    events.push(
      synthEvent({
        at,
        type: dest.type,
        channel: dest.type === 'Card Repayment' ? 'AUTO_DEBIT' : 'ONLINE',
        counterparty: name,
        amountCents: -Math.max(100, Math.round((surplus * weights[k]) / total)),
        location: base.homeCountry,
        remark: base.vocab.remarkFor(name, dest.remark, m),
        outcome: 'declinable',
      }),
    );
  });
}

/** How far the running sum of the events (in time order, inside the period) falls below zero at its lowest, cents. */
function deepestDip(events: readonly SynthEvent[], period: Period): number {
  const inside = events.filter((e) => e.at >= period.start && e.at < period.end).sort((a, b) => a.at - b.at);
  let run = 0;
  let low = 0;
  for (const e of inside) low = Math.min(low, (run += e.amountCents));
  return -low;
}

/**
 * Rescales discretionary outflows so that they sum to `ratio` × (income − obligations) over the log, or, with a
 * trajectory `netShare`, to what leaves income − obligations − spending = `netShare` × income; the factor clipped
 * to `scale`; refunds scale with their purchases. Income and obligations are the non-discretionary events (loan
 * disbursements excluded from income); `mine` is `spending` as a set.
 */
function rescaleSpending(events: readonly SynthEvent[], spending: readonly SynthEvent[], mine: ReadonlySet<SynthEvent>, ratio: number, scale: readonly [number, number], netShare: number | null = null): void {
  // Spending alone (a fitted profile's log): no income to scale it to.
  if (events.length === spending.length) return;
  let income = 0;
  let obligations = 0;
  let spend = 0;
  for (const ev of events) {
    if (mine.has(ev)) {
      if (ev.amountCents < 0) spend -= ev.amountCents;
    } else if (ev.type !== 'Loan Disbursement' && !ev.fundedBy) {
      if (ev.amountCents > 0) income += ev.amountCents;
      else obligations -= ev.amountCents;
    }
  }
  if (spend <= 0 || income <= 0) return;
  const target = netShare === null ? ratio * Math.max(income - obligations, 0.1 * income) : Math.max(income - obligations - netShare * income, 0.1 * ratio * income);
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


/** The larger of money in and money out per month (cents) of events inside a period. */
function moneyPerMonth(events: readonly SynthEvent[], period: Period): number {
  let inflow = 0;
  let outflow = 0;
  for (const ev of events) {
    if (ev.at < period.start || ev.at >= period.end) continue;
    if (ev.amountCents > 0) inflow += ev.amountCents;
    else outflow -= ev.amountCents;
  }
  return Math.round(Math.max(inflow, outflow) / Math.max(1, (period.end - period.start) / DAY_S / DAYS_PER_MONTH));
}

interface LevelPlan {
  /** Cholesky factor of the levels' correlation, row-major. */
  chol: Float64Array;
  /** Per spending category: its index among the names (−1: none), and its loading. */
  spendingIndex: Int32Array;
  spendingLoading: Float64Array;
  /** Per spending category: its repeat share (null: the profile gives none). */
  spendingRepeat: Float64Array | null;
  /** Per spending category: its tail loading (null: the profile gives none). */
  spendingTail: Float64Array | null;
  balanceIndex: number;
}
const levelPlans = new WeakMap<object, LevelPlan>();

/**
 * The log's amount levels under `profile.log_effects`: a standard normal vector with the profile's correlation
 * (Cholesky factor times independent draws), as z and loading per spending category index (with an anchor among its
 * large amounts per category under `tails`), and the balance level's score (null when the profile names no `balance`).
 */
function drawLevels(rng: Rng, profile: Profile): { spending: LogLevels; balance: number | null } {
  const e = profile.log_effects!;
  let plan = levelPlans.get(e);
  if (!plan) {
    const spendingIndex = new Int32Array(profile.spending.length).fill(-1);
    const spendingLoading = new Float64Array(profile.spending.length);
    const spendingRepeat = e.repeats ? new Float64Array(profile.spending.length) : null;
    const spendingTail = e.tails ? new Float64Array(profile.spending.length) : null;
    profile.spending.forEach((c, i) => {
      const k = e.names.indexOf(c.name);
      spendingIndex[i] = k;
      if (k >= 0) spendingLoading[i] = e.loadings[k];
      if (k >= 0 && spendingRepeat && e.repeats) spendingRepeat[i] = e.repeats[k];
      if (k >= 0 && spendingTail && e.tails) spendingTail[i] = e.tails[k];
    });
    // The schema checked the matrix, so the factor exists.
    plan = { chol: choleskyFactor(e.correlation)!, spendingIndex, spendingLoading, spendingRepeat, spendingTail, balanceIndex: e.names.indexOf('balance') };
    levelPlans.set(e, plan);
  }
  // Plain arrays: a typed array of more than 64 bytes is allocated outside the heap, at several times the cost.
  const k = e.names.length;
  const eps: number[] = [];
  for (let i = 0; i < k; i++) eps.push(normal(rng, 0, 1));
  const z: number[] = [];
  for (let i = 0; i < k; i++) {
    let s = 0;
    for (let j = 0; j <= i; j++) s += plan.chol[i * k + j] * eps[j];
    z.push(s);
  }
  const sz: number[] = [];
  for (let i = 0; i < plan.spendingIndex.length; i++) sz.push(plan.spendingIndex[i] >= 0 ? z[plan.spendingIndex[i]] : 0);
  const spending: LogLevels = { z: sz, loading: plan.spendingLoading };
  if (plan.spendingRepeat) {
    spending.repeat = plan.spendingRepeat;
    spending.drawn = Array.from(sz, () => []);
  }
  if (plan.spendingTail) {
    // One anchor per category with a tail loading: where among its large amounts this log's fall.
    const tail = plan.spendingTail;
    spending.tail = tail;
    spending.anchor = Array.from(tail, (t) => (t > 0 ? normal(rng, 0, 1) : 0));
  }
  return { spending, balance: plan.balanceIndex >= 0 ? z[plan.balanceIndex] : null };
}

/** The levels of some spending categories (`index` into the profile's list), sharing the log's draws so far. */
function sideOf(levels: LogLevels, index: Int32Array): LogLevels {
  const out: LogLevels = { z: Float64Array.from(index, (i) => levels.z[i]), loading: Float64Array.from(index, (i) => levels.loading[i]) };
  if (levels.tail && levels.anchor) {
    const { tail, anchor } = levels;
    out.tail = Float64Array.from(index, (i) => tail[i]);
    out.anchor = Float64Array.from(index, (i) => anchor[i]);
  }
  if (levels.repeat && levels.drawn) {
    const { repeat, drawn } = levels;
    out.repeat = Float64Array.from(index, (i) => repeat[i]);
    out.drawn = Array.from(index, (i) => drawn[i]);
  }
  return out;
}

/** A value of a distribution at probability u: quantile interpolation for empirical ones, a plain draw otherwise. */
function atProbability(rng: Rng, dist: Activity['months'], u: number): number {
  return dist.dist === 'empirical' ? empiricalQuantile(dist.quantiles, u) : drawAmount(rng, dist);
}

// One refund-free copy per category list, so that the spending tables cached per list are built once, not per log.
const refundFreeCache = new WeakMap<readonly SpendingCategory[], SpendingCategory[]>();

/** The categories with refund rate 0 (for top-ups and the balance reserve, which must not add unpaired refunds). */
function refundFree(categories: readonly SpendingCategory[]): SpendingCategory[] {
  let hit = refundFreeCache.get(categories);
  if (!hit) refundFreeCache.set(categories, (hit = categories.map((c) => ({ ...c, refund_rate: 0 }))));
  return hit;
}

// The balance walk's per-event arrays, reused from log to log (grown when needed): a typed array of more than 64
// bytes is allocated outside the heap, at several times the cost of the walk's use of it.
let walkScratch = { movable: new Uint8Array(0), times: new Float64Array(0), isSlot: new Uint8Array(0), fixed: new Float64Array(0) };

function walkScratchFor(n: number): typeof walkScratch {
  if (walkScratch.movable.length < n) {
    const size = Math.max(n, 2 * walkScratch.movable.length, 512);
    walkScratch = { movable: new Uint8Array(size), times: new Float64Array(size), isSlot: new Uint8Array(size), fixed: new Float64Array(size) };
  }
  return walkScratch;
}

/** How far ahead the balance walk sees fixed outflows (a planned trip, a large payment): ten days. */
const LOOKAHEAD_S = 10 * DAY_S;

/** Reserve draws the balance walk tries before it takes whichever direction is left. */
const RESERVE_TRIES = 4;

/** Most extra money-in rows the walk adds at one time when fixed outflows ahead would overdraw the account. */
const MAX_EXTRA_INS = 3;

interface Side {
  /** Refund-free categories of one direction, and the index of each in the profile's spending list. */
  categories: SpendingCategory[];
  index: Int32Array;
}
const sideCache = new WeakMap<readonly SpendingCategory[], { in: Side; out: Side }>();

/** The refund-free spending categories that bring money in and those that take it out (cached per list). */
function bySide(categories: readonly SpendingCategory[]): { in: Side; out: Side } {
  let hit = sideCache.get(categories);
  if (!hit) {
    const free = refundFree(categories);
    const side = (dir: 1 | -1): Side => {
      const index = free.map((_, i) => i).filter((i) => (free[i].direction ? (free[i].direction === 'in' ? 1 : -1) : TYPE_DIRECTION[free[i].type] === 1 ? 1 : -1) === dir);
      return { categories: index.map((i) => free[i]), index: Int32Array.from(index) };
    };
    sideCache.set(categories, (hit = { in: side(1), out: side(-1) }));
  }
  return hit;
}

/** Days per month when a span in months becomes a window in days. */
const DAYS_PER_MONTH = 30.4375;

/**
 * A log's window and row target under `activity`: months and rows drawn through a Gaussian copula with the profile's
 * rank correlation (Pearson ρ = 2 sin(π ρ_s / 6)), then a window of that many months (in whole days) at a uniform
 * place inside the period.
 */
function drawActivity(rng: Rng, activity: Activity, full: Period): { window: Period; rows: number } {
  const rho = 2 * Math.sin((Math.PI * activity.rank_correlation) / 6);
  const z1 = normal(rng, 0, 1);
  const z2 = rho * z1 + Math.sqrt(Math.max(0, 1 - rho * rho)) * normal(rng, 0, 1);
  const days = Math.round((full.end - full.start) / DAY_S);
  const span = Math.min(days, Math.max(1, Math.round(atProbability(rng, activity.months, normalCdf(z1)) * DAYS_PER_MONTH)));
  const rows = Math.max(1, Math.round(atProbability(rng, activity.rows, normalCdf(z2))));
  const start = full.start + int(rng, 0, days - span) * DAY_S;
  return { window: { start, end: start + span * DAY_S }, rows };
}

/**
 * Holds the balance near `levelCents` (the opening balance): the times of the discretionary events (not refunds, not
 * refunded) become slots, and walking all events in time order, each slot takes the next money-in event with
 * probability 1 / (1 + exp((balance − ahead − level) / (spread · level))), where `ahead` is the fixed outflows
 * (signals, schedules) of the next ten days net of the fixed inflows among them, else the next money-out event, from
 * the discretionary events followed by `reserve` (drawn as needed, of the kind that ran out; money in, too, when the
 * next payment would take the balance below zero, and up to `MAX_EXTRA_INS` more when the fixed outflows ahead would
 * overdraw the account). The events chosen replace the discretionary ones in `events` (and in `discretionary`); the
 * rest are dropped. So the type mix within money in
 * and within money out, the amounts and the times stay as drawn, while the share of money in follows the balance.
 */
function holdBalance(
  events: SynthEvent[],
  discretionary: Set<SynthEvent>,
  reserve: (side: 'in' | 'out', count: number) => readonly SynthEvent[],
  rng: Rng,
  levelCents: number,
  shape: { spread: number; start: number; ramp: number },
): number {
  const referenced = new Set<SynthEvent>();
  for (const ev of events) if (ev.refundOf) referenced.add(ev.refundOf);
  const signed = (ev: SynthEvent): number => {
    const dir = TYPE_DIRECTION[ev.type];
    const a = Math.round(ev.amountCents);
    return dir !== 0 && Math.sign(a) !== dir ? -a : a;
  };
  // Movable events by their index in `events` (which stays as it is until the walk is over).
  const scratch = walkScratchFor(events.length);
  const movable = scratch.movable.fill(0, 0, events.length);
  const ins: SynthEvent[] = [];
  const outs: SynthEvent[] = [];
  const inCents: number[] = [];
  const outCents: number[] = [];
  const take = (ev: SynthEvent): void => {
    const c = signed(ev);
    if (c > 0) ins.push(ev), inCents.push(c);
    else outs.push(ev), outCents.push(c);
  };
  for (let k = 0; k < events.length; k++) {
    const ev = events[k];
    if (!discretionary.has(ev) || ev.signal || ev.refundOf || referenced.has(ev)) continue;
    movable[k] = 1;
    take(ev);
  }
  // ins[0, movableIns) and outs[0, movableOuts) are the movable events; the rest come from the reserve.
  const movableIns = ins.length;
  const movableOuts = outs.length;
  // The reserve is drawn only when the walk runs out of one kind, and only of that kind, an eighth of the
  // discretionary rows at a time (a fixed reserve of both kinds twice their size, drawn up front, cost a fitted log
  // a third of its time).
  const chunk = Math.max(4, Math.ceil((ins.length + outs.length) / 8));
  let i = 0;
  let o = 0;
  // Before each choice: at least one money-in and one money-out row left (a few draws at most).
  const ensure = (): void => {
    for (let tries = 0; tries < RESERVE_TRIES && i >= ins.length; tries++) for (const ev of reserve('in', chunk)) take(ev);
    for (let tries = 0; tries < RESERVE_TRIES && o >= outs.length; tries++) for (const ev of reserve('out', chunk)) take(ev);
  };
  ensure();
  const opening = Math.round(levelCents * shape.start);
  if (ins.length === 0 || outs.length === 0) return opening;
  const perm = orderBySecond(events);
  const n = perm.length;
  // Per event in time order: its time; movable (a slot), else its signed cents when it moves money (0 when FAILED).
  const { times } = scratch;
  const isSlot = scratch.isSlot.fill(0, 0, n);
  const fixed = scratch.fixed.fill(0, 0, n);
  for (let j = 0; j < n; j++) {
    const ev = events[perm[j]];
    times[j] = ev.at;
    if (movable[perm[j]]) isSlot[j] = 1;
    else if (ev.outcome !== 'failed') fixed[j] = signed(ev);
  }
  const scale = Math.max(1, shape.spread * Math.abs(levelCents));
  // Money comes in lumps of the mean inflow and drains away, so the balance averages about half a lump above the
  // point where the walk turns: turn that much below the level (but no lower than half the level, so that a level
  // small against the lumps does not run the account dry).
  let inflow = 0;
  for (const c of inCents) inflow += c;
  const lump = inflow / inCents.length / 2;
  let balance = opening;
  // Fixed money (signals, schedules) of the next `LOOKAHEAD_S`, net: outflows not already funded by fixed inflows
  // (a spike's savings redemption), which a holder who knows them saves up for.
  let ahead = 0;
  let head = 0;
  // The events chosen, in the order chosen, and the time each takes: ins[0, i) and outs[0, o) when the walk is over.
  const chosen: SynthEvent[] = [];
  const chosenAt: number[] = [];
  for (let j = 0; j < n; j++) {
    const at = times[j];
    const progress = j / n;
    const target = shape.ramp > 0 && progress < shape.ramp ? opening + (levelCents - opening) * (progress / shape.ramp) : levelCents;
    const center = Math.max(target / 2, target - lump);
    for (; head < n && times[head] < at + LOOKAHEAD_S; head++) ahead += fixed[head];
    ahead -= fixed[j];
    const short = Math.min(0, ahead);
    if (!isSlot[j]) {
      balance += fixed[j];
      continue;
    }
    ensure();
    const pIn = 1 / (1 + Math.exp((balance + short - center) / scale));
    let takeIn = o >= outs.length || (i < ins.length && rng.next() < pIn);
    // A payment the balance cannot cover waits for money to come in, as a holder who sees the balance would.
    if (!takeIn && i < ins.length && balance + outCents[o] < 0) takeIn = true;
    if (takeIn) {
      chosen.push(ins[i]), chosenAt.push(at);
      balance += inCents[i++];
    } else {
      chosen.push(outs[o]), chosenAt.push(at);
      balance += outCents[o++];
    }
    // Fixed outflows ahead that the balance cannot cover: money comes in now, up to `MAX_EXTRA_INS` more rows.
    for (let extra = 1; extra <= MAX_EXTRA_INS && balance + short < 0 && (ensure(), i < ins.length); extra++) {
      chosen.push(ins[i]), chosenAt.push(at + extra * 60);
      balance += inCents[i++];
    }
  }
  let w = 0;
  for (let k = 0; k < events.length; k++) if (!movable[k]) events[w++] = events[k];
  events.length = w;
  for (let k = 0; k < chosen.length; k++) {
    chosen[k].at = chosenAt[k];
    events.push(chosen[k]);
  }
  // The discretionary events become the chosen ones (the movable ones left out go, the reserve's chosen come in).
  for (let k = i; k < movableIns; k++) discretionary.delete(ins[k]);
  for (let k = o; k < movableOuts; k++) discretionary.delete(outs[k]);
  for (let k = movableIns; k < i; k++) discretionary.add(ins[k]);
  for (let k = movableOuts; k < o; k++) discretionary.add(outs[k]);
  return opening;
}
