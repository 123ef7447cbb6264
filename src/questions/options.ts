import type { Rng } from '../random/rng.js';
import { shuffle } from '../random/draw.js';
import { formatCents } from '../log/money.js';
import type { Admit, Choice, TemplatePrior } from './template.js';
import type { Misconception } from './misconceptions.js';
import { far, sortAscending, Surround, type GoldPriorValues, type Spacing } from './calc-decoys.js';
import { balancedDesign, drawBalanced } from './balanced-choice.js';

/** How a calc value is shown and how far a distractor must sit from the gold value. */
export type Unit = 'money' | 'percent' | 'ratio' | 'count' | 'days';

/**
 * Display and margin rules per unit. Money values are integer cents and print like the log (two decimals);
 * percentages print with one decimal; a distractor must differ from the gold value by at least
 * max(abs, rel·|gold|) so that no rounding can make it right.
 */
export const UNIT_RULES: Readonly<Record<Unit, { abs: number; rel: number }>> = {
  money: { abs: 100, rel: 0.02 },
  percent: { abs: 0.5, rel: 0.03 },
  ratio: { abs: 0.05, rel: 0.03 },
  count: { abs: 1, rel: 0 },
  days: { abs: 1, rel: 0.03 },
};

/** Formats a calc value: money in cents → `1234.56`, percent → `37.5%`, ratio → `1.85`, count → `12`, days → `3.5 days`. */
export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'money':
      return formatCents(Math.round(value));
    case 'percent':
      return `${(Math.round(value * 10) / 10).toFixed(1)}%`;
    case 'ratio':
      return (Math.round(value * 100) / 100).toFixed(2);
    case 'count':
      return String(Math.round(value));
    case 'days':
      return `${(Math.round(value * 10) / 10).toFixed(1)} days`;
  }
}

/** The value in display units (money in currency units), as stored in `numeric_answer`. */
export function displayValue(value: number, unit: Unit): number {
  switch (unit) {
    case 'money':
      return Math.round(value) / 100;
    case 'percent':
    case 'days':
      return Math.round(value * 10) / 10;
    case 'ratio':
      return Math.round(value * 100) / 100;
    case 'count':
      return Math.round(value);
  }
}

/** True when `d` is far enough from `gold` to be a provably wrong option. */
export function farEnough(gold: number, d: number, unit: Unit): boolean {
  const { abs, rel } = UNIT_RULES[unit];
  return Math.abs(d - gold) >= Math.max(abs, rel * Math.abs(gold)) && formatValue(d, unit) !== formatValue(gold, unit);
}

/** A candidate wrong value and the misconception that produces it. */
export interface Distractor {
  value: number;
  misconception: Misconception;
}

/** Spread of the decoys in the transformed space (asinh, see `calcChoices`): about ×0.5 to ×2 around the gold. */
const SPREAD = 0.7;
/** A named misconception replaces a decoy only when it sits this close to it (transformed space), keeping the shape. */
const SNAP = 0.05;
/** Share of count items kept when the drawn rank of the gold is impossible at a face bound (the rank is forced). */
const FORCED_RANK_KEEP = 0.1;
/** Attempts at drawing an admissible set of decoys before the template declines the log (spread path). */
const ATTEMPTS = 40;

/** Options of `calcChoices`. */
export interface CalcChoiceOptions {
  /** The face bounds of the quantity in display units (`TemplateContext.bounds`); every option stays inside. */
  bounds?: { min: number; max: number; lenient?: boolean };
  /** The template's measured gold values across logs (`TemplatePrior.atoms` and `quantiles`): decoys are drawn from them. */
  prior?: TemplatePrior;
  /** Quantiles of the gold values alone (display units), when there is no prior object. */
  quantiles?: readonly number[];
  /** The builder's acceptance (`TemplateContext.admit`), asked with the gold's `keep` before the decoys are drawn. */
  admit?: Admit;
}

/** One surround computation of a gold distribution, with the unit and item bounds (raw units) it was built for. */
interface SurroundEntry {
  unit: Unit;
  min: number;
  max: number;
  surround: Surround | null;
}

/**
 * Exact surround rates per gold distribution (the prior object, or bare quantiles): a short list, one entry per unit
 * and item bounds met (a template has one unit and one lower bound; its upper bound is fixed or the log's months).
 */
const SURROUNDS = new WeakMap<object, SurroundEntry[]>();

/**
 * The surround computation of a gold distribution under one unit and one item's bounds (raw units), built once and
 * kept. Found by a scan of the distribution's few entries: one hash lookup per item (a Map per key level cost four,
 * each a few cache misses on a fresh log, where the maps are cold).
 */
function surroundOf(source: TemplatePrior | readonly number[], unit: Unit, min: number, max: number): Surround | null {
  let entries = SURROUNDS.get(source);
  if (!entries) SURROUNDS.set(source, (entries = []));
  for (const e of entries) if (e.unit === unit && e.min === min && e.max === max) return e.surround;
  const values: GoldPriorValues = isQuantiles(source) ? { quantiles: source } : source;
  const { abs, rel } = UNIT_RULES[unit];
  const sp: Spacing = { min, max, abs, rel, scale: unit === 'money' ? 100 : 1, count: unit === 'count' };
  const surround = values.atoms?.length || (values.quantiles?.length ?? 0) >= 2 ? new Surround(values, sp) : null;
  entries.push({ unit, min, max, surround });
  return surround;
}

function isQuantiles(source: TemplatePrior | readonly number[]): source is readonly number[] {
  return Array.isArray(source);
}

/**
 * Calc options: the gold value and three wrong values, with the gold's rank among the four uniform and the set's
 * shape and texts independent of which value is the gold, so that no rank, gap, "the one in the middle" pattern or
 * familiar value points at it (issue #13).
 *
 * With the template's measured gold distribution (`prior`: repeated answers with their shares, and quantiles of the
 * rest), the three decoys are other logs' answers: drawn from that distribution, and the set kept only when every
 * value is inside the face bounds and every pair is far apart (so each wrong option is provably wrong). A set of four
 * i.i.d. draws kept by a symmetric rule is exchangeable: the gold is then any of the four alike, in rank and in text
 * ("30 days" or "12 months" is offered as a decoy three times as often as it is right). That holds only if a log is
 * kept with a probability proportional to how often its gold can be surrounded, so the surround rate is computed
 * exactly (`calc-decoys.ts`: sums over chains of far-apart values below and above the gold), the decoys are drawn from
 * exactly the law of such a set given that it is admissible, and the gold option carries `keep` = rate / ceiling (the
 * template's best rate), the probability with which the builder keeps the item (`builder.ts`, answer-aware
 * acceptance): a gold every other log shares (12 of 12 months) is seldom surrounded and seldom asked, and a rarer gold
 * is asked in its place.
 *
 * Without a prior (or in the lenient pass), the spread path: the gold's target rank r ∈ {0, 1, 2, 3} is drawn
 * uniformly, four offsets are drawn i.i.d. in a transformed space (integers for counts; asinh(x / c) otherwise) and
 * the r-th smallest becomes the gold. A continuous quantity where some rank is impossible inside the bounds declines;
 * a count at a bound keeps its forced rank in 10% of logs.
 *
 * A named misconception (`candidates`) then takes a decoy's place when its value falls in that decoy's slot (between
 * the same neighbours): with a prior that has repeated answers only when it prints as the decoy did (so the texts keep
 * their distribution), otherwise when it is close to it; the others are marked `decoy`.
 *
 * Returns null when no admissible set exists: the template then does not fit this log.
 */
export function calcChoices(
  rng: Rng,
  gold: number,
  unit: Unit,
  candidates: readonly Distractor[],
  opts: CalcChoiceOptions = {},
): Choice[] | null {
  if (!Number.isFinite(gold)) return null;
  const scale = unit === 'money' ? 100 : 1;
  const min = (opts.bounds?.min ?? 0) * scale;
  const max = (opts.bounds?.max ?? Infinity) * scale;
  if (gold < min || gold > max) return null;
  const { abs, rel } = UNIT_RULES[unit];
  const count = unit === 'count';
  const space: SpreadSpace = { count, c: Math.max(4 * abs, 0.05 * Math.abs(gold)) };
  let values: number[] | null = null;
  let texts: string[] | null = null;
  let keep: number | undefined;
  const source = opts.prior ?? opts.quantiles;
  const surround = source ? surroundOf(source, unit, min, max) : null;
  if (surround) {
    // decoys drawn from other logs' answers, the log kept in proportion to how often its gold can be surrounded
    if (surround.ceiling <= 0) return null;
    const rate = surround.rate(gold);
    if (rate <= 0) return null;
    if (!opts.bounds?.lenient) {
      keep = Math.min(1, rate / surround.ceiling);
      // declined: no decoys to draw (the builder draws them only if a slot takes the declined item)
      if (opts.admit && !opts.admit({ keep })) return null;
    }
    values = surround.draw(rng, gold);
    if (!values || !allDifferent((texts = textsOf(values, unit)))) return null;
  } else {
    values = spreadValues(rng, gold, unit, { min, max, lenient: opts.bounds?.lenient === true, space });
    if (!values) return null;
  }
  // the four texts, kept in step with the values as misconceptions take slots (each value is printed once)
  texts ??= textsOf(values, unit);
  const goldText = formatValue(gold, unit);
  const g = values.indexOf(gold);
  const slots: Slots = { values, texts, goldText, unit, min, max, abs, rel, space, sameText: surround !== null && (opts.prior?.atoms?.length ?? 0) > 0 };
  // named misconceptions take the place of decoys in their slot
  const pool = shuffle(rng, candidates.filter((d) => Number.isFinite(d.value)));
  const named: Array<Misconception | 'decoy'> = ['decoy', 'decoy', 'decoy', 'decoy'];
  for (let i = 0; i < 4; i++) {
    if (i === g) continue;
    const k = slotTaker(pool, i, slots);
    if (k < 0) continue;
    values[i] = count ? Math.round(pool[k].value) : pool[k].value;
    texts[i] = formatValue(values[i], unit);
    named[i] = pool[k].misconception;
    pool.splice(k, 1);
  }
  const out: Choice[] = [{ text: goldText, correct: true, value: displayValue(gold, unit) }];
  if (keep !== undefined) out[0].keep = keep;
  for (let i = 0; i < 4; i++) {
    if (i !== g) out.push({ text: texts[i], correct: false, misconception: named[i], value: displayValue(values[i], unit) });
  }
  return out;
}

/** The transformed space of the spread path and of a misconception's closeness: integers for counts, else asinh(v / c). */
interface SpreadSpace {
  count: boolean;
  c: number;
}

function forward(v: number, s: SpreadSpace): number {
  return s.count ? v : Math.asinh(v / s.c);
}

function inverse(t: number, s: SpreadSpace): number {
  return s.count ? Math.round(t) : Math.sinh(t) * s.c;
}

/** The printed texts of calc values. */
function textsOf(values: readonly number[], unit: Unit): string[] {
  const out = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = formatValue(values[i], unit);
  return out;
}

/** The four option values of a calc item with their texts, and what decides whether a misconception may take a slot. */
interface Slots {
  values: number[];
  texts: string[];
  goldText: string;
  unit: Unit;
  min: number;
  max: number;
  abs: number;
  rel: number;
  space: SpreadSpace;
  /** A misconception must print as the decoy it replaces (else it must lie close to it in the spread space). */
  sameText: boolean;
}

/**
 * The first misconception of `pool` that may take the decoy in slot i: strictly between the slot's neighbours,
 * inside the bounds, close to the decoy, far apart from the neighbours and printed unlike them and the gold; −1 if none.
 */
function slotTaker(pool: readonly Distractor[], i: number, s: Slots): number {
  const { values, texts } = s;
  const lo = i > 0 ? values[i - 1] : -Infinity;
  const hi = i < 3 ? values[i + 1] : Infinity;
  for (let k = 0; k < pool.length; k++) {
    const v = s.space.count ? Math.round(pool[k].value) : pool[k].value;
    if (!(v > lo && v < hi && v >= s.min && v <= s.max)) continue;
    const text = formatValue(v, s.unit);
    const close = s.sameText ? text === texts[i] : Math.abs(forward(v, s.space) - forward(values[i], s.space)) <= (s.space.count ? 1 : SNAP);
    if (!close || text === s.goldText) continue;
    if (i > 0 && !(far(v, lo, s.abs, s.rel) && text !== texts[i - 1])) continue;
    if (i < 3 && !(far(v, hi, s.abs, s.rel) && text !== texts[i + 1])) continue;
    return k;
  }
  return -1;
}

/** True when no two texts are equal (a handful of texts: pairs compared, no Set). */
function allDifferent(texts: readonly string[]): boolean {
  for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) if (texts[i] === texts[j]) return false;
  return true;
}

/**
 * The spread path of `calcChoices` (no measured gold distribution): the gold's rank drawn uniformly, four offsets
 * drawn i.i.d. in the transformed space, the r-th smallest becoming the gold. Null when no admissible set is found.
 */
function spreadValues(
  rng: Rng,
  gold: number,
  unit: Unit,
  o: { min: number; max: number; lenient: boolean; space: SpreadSpace },
): number[] | null {
  const { min, max, lenient, space } = o;
  const { abs, rel } = UNIT_RULES[unit];
  const count = unit === 'count';
  // every rank must be possible: three admissible values below and three above the gold. Counts are the exception
  // (a month count at its maximum is common): they take the feasible rank nearest the drawn one.
  const below = roomBelow(gold, min, unit);
  const above = roomAbove(gold, max, unit);
  if (!count && !lenient && (below < 3 || above < 3)) return null;
  if (below + above < 3) return null;
  const drawn = Math.floor(rng.next() * 4);
  const r = Math.min(below, Math.max(3 - above, drawn));
  // a forced rank would tell the answer by its place (12 of 12 months is always the largest): keep few such items
  if (r !== drawn && !lenient && rng.next() >= FORCED_RANK_KEEP) return null;
  const admissible = (vals: readonly number[]): boolean => {
    for (let i = 0; i < vals.length; i++) {
      if (vals[i] < min || vals[i] > max || !Number.isFinite(vals[i])) return false;
      for (let j = i + 1; j < vals.length; j++) if (!far(vals[i], vals[j], abs, rel)) return false;
    }
    return allDifferent(textsOf(vals, unit));
  };
  const width = count ? Math.max(3, Math.ceil(0.5 * Math.abs(gold))) : SPREAD;
  const g0 = forward(gold, space);
  const u = [0, 0, 0, 0];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    // near a face bound the spread narrows after a few misses, so a feasible set is still found
    const w = count ? width : width * Math.min(1, 0.9 ** Math.max(0, attempt - 10));
    for (let i = 0; i < 4; i++) u[i] = count ? Math.floor(rng.next() * (2 * w + 1)) - w : (2 * rng.next() - 1) * w;
    sortAscending(u);
    const vals = [0, 0, 0, 0];
    for (let i = 0; i < 4; i++) vals[i] = inverse(g0 + u[i] - u[r], space);
    vals[r] = gold;
    let ok = admissible(vals);
    for (let i = 0; i < 3 && ok; i++) if (vals[i] >= vals[i + 1]) ok = false;
    if (ok) return vals;
  }
  return null;
}

/** How many admissible values (up to three) fit below `gold` without passing `limit`. */
function roomBelow(gold: number, limit: number, unit: Unit): number {
  return room(gold, -1, limit, unit);
}

/** How many admissible values (up to three) fit above `gold` without passing `limit`. */
function roomAbove(gold: number, limit: number, unit: Unit): number {
  return room(gold, 1, limit, unit);
}

function room(gold: number, dir: -1 | 1, limit: number, unit: Unit): number {
  const { abs, rel } = UNIT_RULES[unit];
  let v = gold;
  for (let n = 0; n < 3; n++) {
    const step = unit === 'count' ? Math.max(abs, Math.ceil(rel * Math.abs(v))) : Math.max(abs, rel * Math.abs(v)) * 1.01;
    v += dir * step;
    if (dir < 0 ? v < limit : v > limit) return n;
  }
  return 3;
}

/**
 * Single-choice options: the correct text and three distinct wrong ones.
 *
 * With `shares` (how often each text is this template's answer across logs of the profile, `TemplatePrior.answers`),
 * the wrong texts are a conditional Poisson sample of the other texts of that table (`balanced-choice.ts`): other
 * logs' answers, so of the same kind as the gold, offered so that every option set is as likely to come with any of
 * its texts right. Neither a text, nor its length, nor the company it keeps then tells the answer (issue #13). The
 * log's own candidates (`wrong`, the near misses first) serve only when the table has too few texts. `names`: the
 * answers are counterparty names, and every name of a measured kind is offered by its kind's share (`widenNames`).
 *
 * Without `shares`: the first `prefer` candidates (the near misses) always, the rest drawn at random.
 *
 * `wrong` may be a function, called only when the candidates are needed (a drawn design does not need them, and a
 * counterparty template's list of absent names costs a pass over hundreds of names). `admit`: see `TemplateContext`.
 */
export function singleChoices(
  rng: Rng,
  correct: string,
  wrong: readonly string[] | (() => readonly string[]),
  opts: { prefer?: number; shares?: Readonly<Record<string, number>>; names?: boolean; admit?: Admit } = {},
): Choice[] | null {
  // declined by the builder's acceptance: no options to draw (drawn only if a slot takes the declined item)
  if (opts.admit && !opts.admit({ text: correct })) return null;
  const design = opts.shares ? balancedDesign(opts.shares, opts.names) : null;
  if (design) {
    const drawn = drawBalanced(rng, design, correct);
    if (drawn.length === 3) return [{ text: correct, correct: true }, ...drawn.map((text) => ({ text, correct: false }))];
  }
  const distinct = [...new Set(typeof wrong === 'function' ? wrong() : wrong)].filter((w) => w !== correct);
  if (distinct.length < 3) return null;
  const prefer = Math.min(opts.prefer ?? 0, 3);
  const picked = [...distinct.slice(0, prefer), ...shuffle(rng, distinct.slice(prefer)).slice(0, 3 - prefer)];
  return [{ text: correct, correct: true }, ...picked.map((text) => ({ text, correct: false }))];
}

/** Odds of a probability. */
const odds = (p: number): number => p / (1 - p);
/** Rates are clamped into [RATE_CLAMP, 1 − RATE_CLAMP] before taking odds (a text never seen true still has odds). */
const RATE_CLAMP = 0.005;

/** How multi-select options are balanced against the answer priors (`TemplatePrior.truth` and `.base`). */
export interface MultiBalance {
  /** How often each option text is true where the template could offer it, across logs. */
  truth?: Readonly<Record<string, number>>;
  /** The rate every text is brought to (default one half). */
  base?: number;
}

/** Every text a multi template could offer on a log, with its truth: `Draft.pool`, what the answer priors measure. */
export function multiPool(trueTexts: readonly string[], falseTexts: readonly string[]): Array<{ text: string; correct: boolean }> {
  return [...trueTexts.map((text) => ({ text, correct: true })), ...falseTexts.map((text) => ({ text, correct: false }))];
}

/**
 * Multi-select options: 1–4 true statements and enough false ones to make 4–6 options with at least two false,
 * so that selecting everything is never right. Null when there are no true or too few false candidates.
 *
 * With `balance` (the answer priors), each text is offered with a probability that evens out its rate: a text true
 * in a share r of the logs where it could be offered (`balance.truth`; one half for a text without a rate, such as a
 * threshold drawn on a coin flip) is kept, when true, with probability min(1, odds(b)/odds(r)), and when false with
 * min(1, odds(r)/odds(b)), b being `balance.base`. On every log the odds of being offered true over being offered
 * false are then the same for every text, so across logs each text is right as often as any other option of its
 * template, and no text's presence says whether it is right (issue #13). A log whose kept texts cannot make an item
 * gets none from this template (null): taking a held-back text back would offer the lopsided texts in just the logs
 * that have nothing else. The builder then takes another multi-select template.
 */
export function multiChoices(rng: Rng, trueTexts: readonly string[], falseTexts: readonly string[], balance?: MultiBalance): Choice[] | null {
  const keeps = balance?.truth ? keepTable(balance.truth, balance.base ?? 0.5) : null;
  const trueSet = new Set(trueTexts);
  const t = split(rng, [...trueSet], keeps, 0);
  const f = split(rng, [...new Set(falseTexts)].filter((x) => !trueSet.has(x)), keeps, 1);
  if (t.length === 0 || f.length < 2 || t.length + f.length < MULTI_MIN_OPTIONS) return null;
  if (balance) return proportionalOffer(rng, t, f);
  // without priors: k correct in [max(1, 4 − |F|), min(4, |T|)]; then 2…6−k false, at least enough to reach four
  const kMin = Math.max(1, 4 - Math.min(f.length, 4));
  const kMax = Math.min(4, t.length);
  if (kMin > kMax) return null;
  const k = kMin + Math.floor(rng.next() * (kMax - kMin + 1));
  const fMin = Math.max(2, 4 - k);
  const fMax = Math.min(f.length, 6 - k);
  if (fMin > fMax) return null;
  const nFalse = fMin + Math.floor(rng.next() * (fMax - fMin + 1));
  return [...t.slice(0, k).map((text) => ({ text, correct: true })), ...f.slice(0, nFalse).map((text) => ({ text, correct: false }))];
}

/** The keep probabilities of a rate table's texts, [when true, when false], and those of a text it has no rate for. */
interface KeepTable {
  base: number;
  byText: Map<string, readonly [number, number]>;
  unrated: readonly [number, number];
}

const KEEP_TABLES = new WeakMap<Readonly<Record<string, number>>, KeepTable>();

/**
 * The keep probabilities of `multiChoices` for one rate table (`MultiBalance.truth`: an answer prior's, a handful of
 * objects each asked on thousands of logs) and base rate, computed once: a Map lookup instead of a property lookup by
 * a fresh text in a table of up to a thousand keys, and the odds taken once per text. Cached by the table itself,
 * which is replaced and never changed in place (`npm run answer-priors` gives a prior a new `truth` on each pass).
 */
function keepTable(truth: Readonly<Record<string, number>>, base: number): KeepTable {
  const hit = KEEP_TABLES.get(truth);
  if (hit && hit.base === base) return hit;
  const target = odds(base);
  const keepP = (rate: number): readonly [number, number] => {
    const o = odds(Math.min(1 - RATE_CLAMP, Math.max(RATE_CLAMP, rate)));
    return [Math.min(1, target / o), Math.min(1, o / target)];
  };
  const byText = new Map<string, readonly [number, number]>();
  for (const [text, rate] of Object.entries(truth)) byText.set(text, keepP(rate));
  const table = { base, byText, unrated: keepP(0.5) };
  KEEP_TABLES.set(truth, table);
  return table;
}

/**
 * The texts of one truth value (`side`: 0 true, 1 false) that `multiChoices` keeps, in a shuffled order: each draws
 * whether it is offered; one held back is not taken back even when the item cannot be made without it (that would
 * offer exactly the lopsided texts, in the logs that have nothing else). Without a keep table every text is kept.
 */
function split(rng: Rng, texts: readonly string[], keeps: KeepTable | null, side: 0 | 1): string[] {
  const kept: string[] = [];
  for (const text of shuffle(rng, texts)) {
    const p = keeps ? (keeps.byText.get(text) ?? keeps.unrated)[side] : 1;
    if (p >= 1 || rng.next() < p) kept.push(text);
  }
  return kept;
}

/** Option counts of a multi-select item, and the most correct and the fewest wrong options it may have. */
const MULTI_MIN_OPTIONS = 4;
const MULTI_MAX_OPTIONS = 6;
const MULTI_MAX_CORRECT = 4;
const MULTI_MIN_WRONG = 2;

/** Binomial coefficient (small arguments). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/**
 * The offered set of a rate-balanced item: a uniformly drawn subset of the kept texts (`t` true, `f` false, both
 * already shuffled), of a size drawn uniformly among the feasible 4–6, among the subsets with 1–4 true and at least
 * two false. Every kept text is then offered with the same probability whether it is true or false (up to those
 * bounds), so the balance the keeping reached survives into the items. Drawing the number correct uniformly instead
 * thinned the true texts of a log with many of them and the false ones of a log with few, which moved the rates
 * away from the base (issue #13: `risk-indicators` fell under 20% on one text). The number correct then follows the
 * kept texts, which are true at the template's base rate on every log, so it is spread and says nothing of the log.
 */
function proportionalOffer(rng: Rng, t: readonly string[], f: readonly string[]): Choice[] {
  const sizes: number[] = [];
  for (let n = MULTI_MIN_OPTIONS; n <= Math.min(MULTI_MAX_OPTIONS, t.length + f.length); n++) sizes.push(n);
  const n = sizes[Math.floor(rng.next() * sizes.length)];
  // k true of n: hypergeometric weights C(|t|, k)·C(|f|, n − k) over the admissible k (n = 4 always has one)
  const ks: number[] = [];
  const ws: number[] = [];
  for (let k = Math.max(1, n - f.length); k <= Math.min(MULTI_MAX_CORRECT, t.length, n - MULTI_MIN_WRONG); k++) {
    ks.push(k);
    ws.push(choose(t.length, k) * choose(f.length, n - k));
  }
  let u = rng.next() * ws.reduce((a, b) => a + b, 0);
  let k = ks[ks.length - 1];
  for (let i = 0; i < ks.length; i++) {
    u -= ws[i];
    if (u < 0) {
      k = ks[i];
      break;
    }
  }
  return [...t.slice(0, k).map((text) => ({ text, correct: true })), ...f.slice(0, n - k).map((text) => ({ text, correct: false }))];
}

/**
 * Four mutually exclusive statements from two yes/no findings (a 2×2 partition): exactly one is true by
 * construction. `a` and `b` give the statement text for each truth value.
 */
export function partitionChoices(
  a: { holds: boolean; yes: string; no: string },
  b: { holds: boolean; yes: string; no: string },
): Choice[] {
  const out: Choice[] = [];
  for (const av of [true, false]) {
    for (const bv of [true, false]) {
      out.push({ text: `${av ? a.yes : a.no}, and ${bv ? b.yes : b.no}`, correct: av === a.holds && bv === b.holds });
    }
  }
  return out;
}
