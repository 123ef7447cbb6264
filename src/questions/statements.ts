import type { Rng } from '../random/rng.js';
import type { RowView } from './facts.js';
import { money } from './kit.js';

/** A yes/no statement of a multi-select item: its text, whether the log makes it true, and the rows that show it. */
export interface Statement {
  text: string;
  holds: boolean;
  rows: RowView[];
}

/** Which way a money comparison reads: "below T" holds when the value is under T, "above T" when it is over. */
export type MoneySide = 'below' | 'above';
/** Which way a count comparison reads: "at least N" holds when the count is N or more, "fewer than N" when under N. */
export type CountSide = 'at least' | 'fewer than';

/** The smallest distance between a money value and its threshold, as a share of the value (never borderline). */
export const MONEY_MARGIN = 0.15;
/** The largest distance, as a share of the value. */
const MONEY_SPREAD = 0.8;
/** The smallest distance in cents whatever the value (a value near zero still gets a clear threshold). */
const MONEY_FLOOR = 10_000;
/** The smallest distance in cents for a quantity that cannot be negative (a total of a few units). */
const MONEY_MIN_GAP = 100;

/**
 * A statement comparing a money value with a threshold T (issue #13). Whether it holds is a coin flip, and so is the
 * way it reads ("below" or "above"); T is then put on the side that makes the statement so, 15–80% of the value away
 * (at least 100 currency units), to the cent, so that no threshold text recurs across logs. The log settles it well clear of any tolerance; across logs it is
 * right about half the time whatever its shape, and a true threshold is as often the larger as the smaller number,
 * so neither the text nor its length says whether it is right.
 *
 * `positive`: the quantity is a total that cannot be negative, so T stays above zero: the margin is then the value's
 * own scale (at least one currency unit), and a value too small for a threshold below it takes one above.
 */
export function moneyStatement(rng: Rng, cents: number, text: (side: MoneySide, threshold: string) => string, rows: RowView[], opts: { positive?: boolean } = {}): Statement {
  const holds = rng.next() < 0.5;
  const side: MoneySide = rng.next() < 0.5 ? 'below' : 'above';
  const f = MONEY_MARGIN + (MONEY_SPREAD - MONEY_MARGIN) * rng.next();
  const gap = Math.max(opts.positive ? MONEY_MIN_GAP : MONEY_FLOOR, Math.abs(cents) * f);
  // T above the value when the statement is "below" and holds, or "above" and fails; a quantity that cannot be
  // negative only takes a threshold below it when that stays above zero
  let up = (side === 'below') === holds;
  if (!up && opts.positive && cents - gap < MONEY_MIN_GAP) up = true;
  // to the cent, so that thresholds are as varied as the values and no threshold text recurs across logs
  const t = Math.round(up ? cents + gap : cents - gap);
  const truth = side === 'below' ? cents < t : cents > t;
  return { text: text(side, money(t)), holds: truth, rows: truth ? rows : [] };
}

/**
 * A statement comparing a count with a threshold N: a coin flip for whether it holds and for the way it reads
 * ("at least N" or "fewer than N"), N one to two steps from the count on the side that makes it so, within
 * [min, max] (no "at least 13 of 12 months"). When only one side is admissible it is taken. Counts repeat across
 * logs, so a count text can be lopsided for a profile; the rate-aware option choice (`multiChoices`) evens it out.
 */
export function countStatement(
  rng: Rng,
  value: number,
  text: (side: CountSide, n: number) => string,
  rows: RowView[],
  range: { min?: number; max?: number } = {},
): Statement {
  const first = rng.next() < 0.5;
  const side: CountSide = rng.next() < 0.5 ? 'at least' : 'fewer than';
  const step = rng.next() < 0.5 ? 0 : 1;
  const lo = range.min ?? 1;
  const hi = range.max ?? Infinity;
  for (const holds of [first, !first]) {
    // "at least N" holds ⇔ N ≤ value; "fewer than N" holds ⇔ N > value
    const atMost = side === 'at least' ? holds : !holds;
    const n = atMost ? value - step : value + 1 + step;
    const m = n < lo || n > hi ? (atMost ? value : value + 1) : n;
    if (m < lo || m > hi) continue;
    const truth = side === 'at least' ? value >= m : value < m;
    return { text: text(side, m), holds: truth, rows: truth ? rows : [] };
  }
  const m = Math.max(lo, Math.min(hi, value));
  const truth = side === 'at least' ? value >= m : value < m;
  return { text: text(side, m), holds: truth, rows: truth ? rows : [] };
}
