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

/**
 * Calc options: the gold value plus three distractors drawn from the named misconceptions.
 * Candidates that are not finite, too close to gold, negative when `nonNegative`, or that print like an earlier one
 * are dropped. Returns null when fewer than three remain: the template then does not fit this log.
 */
export function calcChoices(
  rng: Rng,
  gold: number,
  unit: Unit,
  candidates: readonly Distractor[],
  opts: { nonNegative?: boolean } = {},
): Choice[] | null {
  if (!Number.isFinite(gold)) return null;
  const nonNegative = opts.nonNegative ?? gold >= 0;
  const goldText = formatValue(gold, unit);
  const seen = new Set<string>([goldText]);
  // farEnough() inlined with each value formatted once (same test, same order)
  const { abs, rel } = UNIT_RULES[unit];
  const apart = (a: number, aText: string, d: number, dText: string): boolean =>
    Math.abs(d - a) >= Math.max(abs, rel * Math.abs(a)) && dText !== aText;
  const ok: Distractor[] = [];
  const okTexts: string[] = [];
  for (const c of candidates) {
    if (!Number.isFinite(c.value)) continue;
    if (nonNegative && c.value < 0) continue;
    const text = formatValue(c.value, unit);
    if (!apart(gold, goldText, c.value, text)) continue;
    if (seen.has(text)) continue;
    // also far from every kept distractor, so options never look alike
    if (ok.some((o, i) => !apart(o.value, okTexts[i], c.value, text))) continue;
    seen.add(text);
    ok.push(c);
    okTexts.push(text);
  }
  if (ok.length < 3) return null;
  const chosen = shuffle(rng, ok).slice(0, 3);
  return [
    { text: goldText, correct: true, value: displayValue(gold, unit) },
    ...chosen.map((c) => ({ text: formatValue(c.value, unit), correct: false, misconception: c.misconception, value: displayValue(c.value, unit) })),
  ];
}

/** Single-choice options: the correct text and three distinct wrong ones (earlier candidates preferred). */
export function singleChoices(rng: Rng, correct: string, wrong: readonly string[], opts: { prefer?: number } = {}): Choice[] | null {
  const distinct = [...new Set(wrong)].filter((w) => w !== correct);
  if (distinct.length < 3) return null;
  const prefer = Math.min(opts.prefer ?? 0, 3);
  const head = distinct.slice(0, prefer);
  const rest = shuffle(rng, distinct.slice(prefer)).slice(0, 3 - head.length);
  return [{ text: correct, correct: true }, ...[...head, ...rest].map((text) => ({ text, correct: false }))];
}

/**
 * Multi-select options: 1–4 true statements and enough false ones to make 4–6 options with at least two false,
 * so that selecting everything is never right. Null when there are no true or too few false candidates.
 */
export function multiChoices(rng: Rng, trueTexts: readonly string[], falseTexts: readonly string[]): Choice[] | null {
  const t = shuffle(rng, [...new Set(trueTexts)]);
  const f = shuffle(rng, [...new Set(falseTexts)].filter((x) => !t.includes(x)));
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
