import type { Rng } from '../random/rng.js';

/**
 * Wrong options of single-choice items drawn so that the option set says nothing of which option is right
 * (issue #13), by conditional Poisson sampling.
 *
 * Picture each item as a set S of four texts with the gold one of them. If S is drawn with probability proportional
 * to ∏_{t∈S} w(t) and the gold is any member of S with equal probability, then P(gold = a | S) = 1/4 for every a in
 * S: no learner that sees only the options (their texts, lengths, which texts come together) beats chance. Read
 * the other way round, the gold comes first (the log decides it) and the three wrong texts are then a
 * conditional Poisson sample of size three from the other texts with the same weights. That is exactly the picture
 * above when each text's weight makes its inclusion probability π(a) = 4·g(a), where g(a) is how often a is the
 * template's answer (`TemplatePrior.answers`). The weights are solved once per answer table (Chen, Dempster & Liu,
 * 1994, fixed point w ← w · π_target / π(w)) and cached.
 *
 * π(a) ≤ 1 needs g(a) ≤ 1/4: the answer-aware acceptance keeps every answer text under that share; a text above it
 * is offered in nearly every item (inclusion capped at `MAX_INCLUSION`) and is right somewhat more often than 1/4.
 */

/** Options per single-choice item. */
const SIZE = 4;
/** Largest inclusion probability: a text above 1/4 of the answers is offered in this share of the items. */
const MAX_INCLUSION = 0.95;
/** Smallest answer share a text keeps in the design (rarer texts are still offered now and then). */
const MIN_SHARE = 1e-4;
const ITERATIONS = 400;
const TOLERANCE = 1e-6;

/** The solved design of one answer table: its texts (sorted) and their conditional Poisson weights. */
export interface BalancedDesign {
  texts: string[];
  weights: Float64Array;
}

const DESIGNS = new WeakMap<object, BalancedDesign | null>();
const NAME_DESIGNS = new WeakMap<object, BalancedDesign | null>();

/**
 * A table of counterparty names widened to every name its kinds could give. A name is a first word (a trade name,
 * a city, a surname) and a kind (the rest: "Bank Credit Card Center", "Apartments", "Bus Card"); first words that
 * come with the same kind belong to one family, and the generator draws them alike within it. Each kind's share
 * is spread evenly over every first word of its family, so that a name no measured log happened to answer is still
 * offered as often as its kind deserves: otherwise the names never offered as wrong options would be right whenever
 * they appear, and the name's own count (one or two logs) would set how often it is offered.
 */
export function widenNames(shares: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  const kindShare = new Map<string, number>();
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let r = k;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(k, r);
    return r;
  };
  const firstKindOf = new Map<string, string>();
  const pairs: Array<[string, string]> = [];
  for (const text of Object.keys(shares).sort()) {
    const cut = text.indexOf(' ');
    if (cut <= 0) {
      out[text] = shares[text];
      continue;
    }
    const first = text.slice(0, cut);
    const kind = text.slice(cut + 1);
    pairs.push([first, kind]);
    kindShare.set(kind, (kindShare.get(kind) ?? 0) + shares[text]);
    if (!parent.has(kind)) parent.set(kind, kind);
    const seen = firstKindOf.get(first);
    if (seen === undefined) firstKindOf.set(first, kind);
    else {
      const a = find(seen);
      const b = find(kind);
      if (a !== b) parent.set(a < b ? b : a, a < b ? a : b);
    }
  }
  const firsts = new Map<string, Set<string>>();
  for (const [first, kind] of pairs) {
    const root = find(kind);
    if (!firsts.has(root)) firsts.set(root, new Set());
    firsts.get(root)!.add(first);
  }
  for (const [kind, share] of [...kindShare].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const family = [...firsts.get(find(kind))!].sort();
    for (const first of family) out[`${first} ${kind}`] = (out[`${first} ${kind}`] ?? 0) + share / family.length;
  }
  return out;
}

/** Elementary symmetric polynomials e_0…e_SIZE of the weights. */
function esp(w: Float64Array): Float64Array {
  const e = new Float64Array(SIZE + 1);
  e[0] = 1;
  for (let i = 0; i < w.length; i++) for (let k = SIZE; k >= 1; k--) e[k] += w[i] * e[k - 1];
  return e;
}

/** Inclusion probabilities of a size-SIZE conditional Poisson sample with weights w. */
function inclusion(w: Float64Array): Float64Array {
  const e = esp(w);
  const out = new Float64Array(w.length);
  for (let i = 0; i < w.length; i++) {
    // e_k of the weights without i: e_k(w₋ᵢ) = e_k(w) − wᵢ·e_{k−1}(w₋ᵢ)
    let prev = 1;
    for (let k = 1; k < SIZE; k++) prev = e[k] - w[i] * prev;
    out[i] = (w[i] * prev) / e[SIZE];
  }
  return out;
}

/** Target inclusion probabilities: SIZE·share, capped at MAX_INCLUSION with the excess spread over the rest. */
function targets(shares: readonly number[]): Float64Array {
  const pi = new Float64Array(shares.length);
  const capped = new Set<number>();
  for (;;) {
    let free = 0;
    shares.forEach((s, i) => (free += capped.has(i) ? 0 : s));
    const room = SIZE - capped.size * MAX_INCLUSION;
    let changed = false;
    shares.forEach((s, i) => {
      if (capped.has(i)) return (pi[i] = MAX_INCLUSION);
      pi[i] = (room * s) / free;
      if (pi[i] > MAX_INCLUSION) {
        capped.add(i);
        changed = true;
      }
    });
    if (!changed) return pi;
  }
}

/**
 * The conditional Poisson design of an answer table (with `names`, widened by `widenNames`), or null when it has fewer than SIZE + 1 texts (then every
 * item would show the same texts and only the answer-aware acceptance can balance it).
 */
export function balancedDesign(table: Readonly<Record<string, number>>, names = false): BalancedDesign | null {
  const cache = names ? NAME_DESIGNS : DESIGNS;
  if (cache.has(table)) return cache.get(table)!;
  const shares = names ? widenNames(table) : table;
  const texts = Object.keys(shares).sort();
  let design: BalancedDesign | null = null;
  if (texts.length > SIZE) {
    const s = texts.map((t) => Math.max(shares[t], MIN_SHARE));
    const pi = targets(s);
    const w = Float64Array.from(pi, (p) => p / (1 - p));
    for (let it = 0; it < ITERATIONS; it++) {
      const cur = inclusion(w);
      let worst = 0;
      let sum = 0;
      for (let i = 0; i < w.length; i++) {
        worst = Math.max(worst, Math.abs(cur[i] - pi[i]));
        w[i] *= pi[i] / cur[i];
        sum += w[i];
      }
      for (let i = 0; i < w.length; i++) w[i] /= sum;
      if (worst < TOLERANCE) break;
    }
    design = { texts, weights: w };
  }
  cache.set(table, design);
  return design;
}

/**
 * What `drawBalanced` needs of a design beyond its weights, computed once per design and sample size: each text's
 * index, and the suffix polynomials of all the weights, E[i·(n+1) + k] = e_k of the weights of texts i…m−1. A draw
 * that excludes text x reads them as they are past x (x weighs nothing only in the suffixes that contain it).
 */
interface Prepared {
  index: Map<string, number>;
  suffix: Float64Array;
}

const PREPARED = new WeakMap<BalancedDesign, Prepared[]>();

function prepared(design: BalancedDesign, n: number): Prepared {
  let byN = PREPARED.get(design);
  if (!byN) PREPARED.set(design, (byN = []));
  const hit = byN[n];
  if (hit) return hit;
  const { texts, weights } = design;
  const index = new Map<string, number>();
  for (let i = 0; i < texts.length; i++) index.set(texts[i], i);
  const out = { index, suffix: suffixPolynomials(weights, n, texts.length - 1, -1, new Float64Array((texts.length + 1) * (n + 1))) };
  byN[n] = out;
  return out;
}

/**
 * Fills E[i·(n+1) + k] = e_k of the weights of texts i…m−1 for i from `to` down to 0, the text `skip` weighing
 * nothing, continuing from the row E[(to + 1)·(n+1) …] already in place (to = m − 1: from the empty suffix, which
 * this sets). Returns E.
 */
function suffixPolynomials(weights: Float64Array, n: number, to: number, skip: number, E: Float64Array): Float64Array {
  const m = weights.length;
  if (to === m - 1) {
    const end = m * (n + 1);
    E[end] = 1;
    for (let k = 1; k <= n; k++) E[end + k] = 0;
  }
  for (let i = to; i >= 0; i--) {
    const w = i === skip ? 0 : weights[i];
    const at = i * (n + 1);
    const next = at + n + 1;
    E[at] = 1;
    for (let k = 1; k <= n; k++) E[at + k] = E[next + k] + w * E[next + k - 1];
  }
  return E;
}

/** Work space of `drawBalanced`: the suffix polynomials up to the excluded text (grown as designs need). */
let scratch = new Float64Array(0);

/**
 * Draws `n` distinct texts of the design other than `exclude`, as a conditional Poisson sample (probability of a
 * set ∝ the product of its weights), by the exact sequential method: walk the texts in order and take each with
 * the probability that it belongs to the sample given the choices so far. Returns them in draw order.
 *
 * The suffix polynomials past the excluded text are the design's own (`prepared`, computed once); only those up to
 * it are recomputed per draw, with the excluded text weighing nothing: the same numbers, bit for bit, as a full
 * recomputation per draw, at a fraction of the work and with no allocation.
 */
export function drawBalanced(rng: Rng, design: BalancedDesign, exclude: string, n = SIZE - 1): string[] {
  const { texts, weights } = design;
  const m = texts.length;
  const { index, suffix } = prepared(design, n);
  const x = index.get(exclude) ?? -1;
  let E = suffix;
  if (x >= 0) {
    // rows 0…x with the excluded text at zero weight; row x + 1 onward is the design's own (copied once, so that
    // the walk below reads one array)
    const need = (x + 2) * (n + 1);
    if (scratch.length < need) scratch = new Float64Array(Math.max(need, 2 * scratch.length));
    E = scratch;
    for (let k = 0; k <= n; k++) E[(x + 1) * (n + 1) + k] = suffix[(x + 1) * (n + 1) + k];
    suffixPolynomials(weights, n, x, x, E);
  }
  // the row of position i: from the work space up to x + 1, from the design past it
  const row = (i: number): Float64Array => (i <= x + 1 ? E : suffix);
  if (!(row(0)[n] > 0)) return [];
  const out: string[] = [];
  for (let i = 0; i < m && out.length < n; i++) {
    if (i === x) continue;
    const need = n - out.length;
    const p = (weights[i] * row(i + 1)[(i + 1) * (n + 1) + need - 1]) / row(i)[i * (n + 1) + need];
    if (p >= 1 || rng.next() < p) out.push(texts[i]);
  }
  return out;
}
