import type { Rng } from '../random/rng.js';
import { shuffle } from '../random/draw.js';
import { formatCents } from '../log/money.js';
import type { Choice } from './template.js';
import type { Misconception } from './misconceptions.js';

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
/** Attempts at drawing an admissible set of decoys before the template declines the log. */
const ATTEMPTS = 40;

/** Options of `calcChoices`. */
export interface CalcChoiceOptions {
  /** The face bounds of the quantity in display units (`TemplateContext.bounds`); every option stays inside. */
  bounds?: { min: number; max: number; lenient?: boolean };
  /** Quantiles of the template's gold values across logs (`TemplatePrior.quantiles`): decoys are drawn from them. */
  quantiles?: readonly number[];
}

/** A draw from a distribution given by equally spaced quantiles (linear between them). */
function fromQuantiles(q: readonly number[], u: number): number {
  const x = u * (q.length - 1);
  const i = Math.min(q.length - 2, Math.floor(x));
  return q[i] + (q[i + 1] - q[i]) * (x - i);
}

/**
 * Calc options: the gold value and three wrong values, with the gold's rank among the four drawn uniformly and the
 * set's shape independent of which value is the gold, so that no rank, gap or "the one in the middle" pattern
 * points at it (issue #13).
 *
 * 1. The gold's target rank r ∈ {0, 1, 2, 3} is drawn uniformly. A log where some rank is impossible inside the
 *    face bounds (e.g. a count at its maximum) declines for every rank, so which logs fit says nothing of the rank.
 * 2. Four offsets are drawn i.i.d. in a transformed space (integers for counts; asinh(x / c) otherwise, log-like for
 *    large values, linear near zero and for negatives); the r-th smallest becomes the gold and the others decoys.
 *    Because the offsets are exchangeable, the gold is a uniformly random member of a set whose shape carries no
 *    trace of it. A draw is kept only if every value is inside the bounds, prints differently and sits at least
 *    max(abs, rel·|value|) from every other (`UNIT_RULES`), so every wrong option is provably wrong.
 * 3. A named misconception (`candidates`) takes a decoy's place when its value falls in that decoy's slot (between
 *    the same neighbours) and close to it, so the option keeps its named slip; the others are marked `decoy`.
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
  const text = (v: number): string => formatValue(v, unit);
  const apart = (a: number, b: number): boolean => Math.abs(a - b) >= Math.max(abs, rel * Math.max(Math.abs(a), Math.abs(b))) && text(a) !== text(b);
  const count = unit === 'count';
  // 1. every rank must be possible: three admissible values below and three above the gold. Counts are the
  //    exception (a month count at its maximum is common): they take the feasible rank nearest the drawn one.
  const below = roomBelow(gold, min, unit);
  const above = roomAbove(gold, max, unit);
  if (!count && !opts.bounds?.lenient && (below < 3 || above < 3)) return null;
  if (below + above < 3) return null;
  const drawn = Math.floor(rng.next() * 4);
  const r = Math.min(below, Math.max(3 - above, drawn));
  // a forced rank would tell the answer by its place (12 of 12 months is always the largest): keep few such items
  if (r !== drawn && !opts.bounds?.lenient && rng.next() >= FORCED_RANK_KEEP) return null;
  const c = Math.max(4 * abs, 0.05 * Math.abs(gold));
  const fwd = (v: number): number => (count ? v : Math.asinh(v / c));
  const inv = (t: number): number => (count ? Math.round(t) : Math.sinh(t) * c);
  const far = (a: number, b: number): boolean => Math.abs(a - b) >= Math.max(abs, rel * Math.max(Math.abs(a), Math.abs(b)));
  const admissible = (vals: readonly number[]): boolean => {
    // bounds and distances first (cheap), then the printed texts, each formatted once
    for (let i = 0; i < vals.length; i++) {
      if (vals[i] < min || vals[i] > max || !Number.isFinite(vals[i])) return false;
      for (let j = i + 1; j < vals.length; j++) if (!far(vals[i], vals[j])) return false;
    }
    const texts = vals.map(text);
    return new Set(texts).size === texts.length;
  };
  let values: number[] | null = null;
  const q = opts.quantiles && opts.quantiles.length >= 2 ? opts.quantiles : null;
  if (q) {
    // 2a. decoys drawn from the gold values of other logs: the four values are then alike in text and in shape
    for (let attempt = 0; attempt < ATTEMPTS && !values; attempt++) {
      const wrong = [0, 1, 2].map(() => {
        const v = fromQuantiles(q, rng.next()) * scale;
        return count ? Math.round(v) : v;
      });
      const vals = [gold, ...wrong].sort((a, b) => a - b);
      if (admissible(vals)) values = vals;
    }
  }
  // a gold that other logs' answers cannot surround (a peaked prior) would stand out among spread decoys: decline,
  // unless this is the lenient last pass
  if (q && !values && !opts.bounds?.lenient) return null;
  const width = count ? Math.max(3, Math.ceil(0.5 * Math.abs(gold))) : SPREAD;
  const g0 = fwd(gold);
  for (let attempt = 0; attempt < ATTEMPTS && !values; attempt++) {
    // near a face bound the spread narrows after a few misses, so a feasible set is still found
    const w = count ? width : width * Math.min(1, 0.9 ** Math.max(0, attempt - 10));
    const u = [0, 1, 2, 3].map(() => (count ? Math.floor(rng.next() * (2 * w + 1)) - w : (2 * rng.next() - 1) * w));
    u.sort((a, b) => a - b);
    const vals = u.map((x) => inv(g0 + x - u[r]));
    vals[r] = gold;
    let ok = admissible(vals);
    for (let i = 0; i < 3 && ok; i++) if (vals[i] >= vals[i + 1]) ok = false;
    if (ok) values = vals;
  }
  if (!values) return null;
  const g = values.indexOf(gold);
  // 3. named misconceptions take the place of nearby decoys in their slot
  const pool = shuffle(rng, candidates.filter((d) => Number.isFinite(d.value)));
  const named: Array<Misconception | 'decoy'> = values.map(() => 'decoy');
  for (let i = 0; i < 4; i++) {
    if (i === g) continue;
    const lo = i > 0 ? values[i - 1] : -Infinity;
    const hi = i < 3 ? values[i + 1] : Infinity;
    const k = pool.findIndex((d) => {
      const v = count ? Math.round(d.value) : d.value;
      return v > lo && v < hi && v >= min && v <= max && Math.abs(fwd(v) - fwd(values![i])) <= (count ? 1 : SNAP) &&
        (i === 0 || apart(v, lo)) && (i === 3 || apart(v, hi)) && text(v) !== text(gold);
    });
    if (k < 0) continue;
    values[i] = count ? Math.round(pool[k].value) : pool[k].value;
    named[i] = pool[k].misconception;
    pool.splice(k, 1);
  }
  const wrong = values.map((v, i) => ({ v, i })).filter((x) => x.i !== g);
  return [
    { text: text(gold), correct: true, value: displayValue(gold, unit) },
    ...wrong.map(({ v, i }) => ({ text: text(v), correct: false, misconception: named[i], value: displayValue(v, unit) })),
  ];
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

/** Weight of a wrong text whose template answers it in no measured log (`TemplatePrior.answers` has no entry). */
const SHARE_FLOOR = 0.01;

/**
 * Single-choice options: the correct text and three distinct wrong ones (the first `prefer` candidates always, the
 * near misses; the rest drawn). With `shares` (how often each text is this template's answer across logs of the
 * profile, `TemplatePrior.answers`), the drawn ones are weighted by those shares, so that a text is offered as a wrong
 * option about three times as often as it is right, and being offered says nothing of being right (issue #13).
 */
export function singleChoices(
  rng: Rng,
  correct: string,
  wrong: readonly string[],
  opts: { prefer?: number; shares?: Readonly<Record<string, number>> } = {},
): Choice[] | null {
  const distinct = [...new Set(wrong)].filter((w) => w !== correct);
  if (distinct.length < 3) return null;
  const prefer = Math.min(opts.prefer ?? 0, opts.shares ? 1 : 3);
  const head = distinct.slice(0, prefer);
  const pool = distinct.slice(prefer);
  let rest: string[];
  if (opts.shares) {
    // weighted sampling without replacement (Efraimidis–Spirakis: the largest keys log(u) / w)
    const shares = opts.shares;
    rest = pool
      .map((text) => ({ text, key: Math.log(rng.next()) / Math.max(shares[text] ?? 0, SHARE_FLOOR) }))
      .sort((a, b) => b.key - a.key)
      .slice(0, 3 - head.length)
      .map((x) => x.text);
  } else rest = shuffle(rng, pool).slice(0, 3 - head.length);
  return [{ text: correct, correct: true }, ...[...head, ...rest].map((text) => ({ text, correct: false }))];
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
  const truth = balance?.truth;
  const target = odds(balance?.base ?? 0.5);
  const keepP = (text: string, isTrue: boolean): number => {
    if (!truth) return 1;
    const o = odds(Math.min(1 - RATE_CLAMP, Math.max(RATE_CLAMP, truth[text] ?? 0.5)));
    return Math.min(1, isTrue ? target / o : o / target);
  };
  // each text draws whether it is offered; one held back is not taken back even when the item cannot be made without
  // it (that would offer exactly the lopsided texts, in the logs that have nothing else)
  const split = (texts: readonly string[], isTrue: boolean): { kept: string[] } => {
    const kept: string[] = [];
    for (const text of shuffle(rng, texts)) {
      const p = keepP(text, isTrue);
      if (p >= 1 || rng.next() < p) kept.push(text);
    }
    return { kept };
  };
  const T = split([...new Set(trueTexts)], true);
  const F = split([...new Set(falseTexts)].filter((x) => !trueTexts.includes(x)), false);
  const t = T.kept;
  const f = F.kept;
  // k correct in [max(1, 4 − |F|), min(4, |T|)]; then 2…6−k false, at least enough to reach four options
  const kMin = Math.max(1, 4 - Math.min(f.length, 4));
  const kMax = Math.min(4, t.length);
  if (kMin > kMax || f.length < 2) return null;
  const k = kMin + Math.floor(rng.next() * (kMax - kMin + 1));
  const fMin = Math.max(2, 4 - k);
  const fMax = Math.min(f.length, 6 - k);
  if (fMin > fMax) return null;
  const nFalse = fMin + Math.floor(rng.next() * (fMax - fMin + 1));
  return [...t.slice(0, k).map((text) => ({ text, correct: true })), ...f.slice(0, nFalse).map((text) => ({ text, correct: false }))];
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
