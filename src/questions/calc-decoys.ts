import type { Rng } from '../random/rng.js';

/**
 * Calc decoys drawn from other logs' answers, with exact surround rates (issue #13).
 *
 * A template's measured gold distribution D (`TemplatePrior`: atoms — answers many logs share, with their shares —
 * and equally spaced quantiles of the rest, linear between them) gives the three decoys of a calc item: i.i.d. draws
 * from D kept only when all four values lie inside the face bounds and every pair is far apart. For the four values
 * to be exchangeable, a log must be kept with a probability proportional to its gold's *surround rate*
 *
 *   rate(g) = P(x₁, x₂, x₃ ~ D i.i.d. are inside the bounds and pairwise far, and far from g).
 *
 * "Far" (|a − b| ≥ max(abs, rel·max(|a|, |b|))) is monotone along the line: if a < b < c and a, b and b, c are far,
 * so are a, c. A set is therefore admissible exactly when its sorted values form a *chain* of far neighbours, and,
 * splitting by the number r of decoys below the gold,
 *
 *   rate(g) = 6 · Σᵣ Lᵣ(g) · U₃₋ᵣ(g),
 *
 * where Lₖ(g) is the probability that k draws, in increasing order, form a chain far below g (inside the bounds), and
 * Uₖ(g) the same above (6 = 3!: the orderings of the three draws). With lo(y) the largest value far below y,
 *
 *   L₀ = 1,   Lₖ(g) = ∫_{min ≤ y, y far below g} Lₖ₋₁(y) dD(y),
 *
 * a sum over D's atoms plus an integral over its linear pieces. The pieces are cut into cells (at every atom and at
 * every point where lo(·) crosses an atom, where the integrand jumps) and each cell is integrated by 3-point
 * Gauss–Legendre; cumulative sums per cell and atom then give Lₖ at any g by two binary searches. The error is a
 * quadrature error of order 1e-4 or less, where a Monte Carlo estimate of 100 hits erred by ±10% per printed value, and
 * a common value ("0.0%" in a third of the logs) carried one such error into every item that answered it.
 *
 * The decoys of a kept log are then drawn from exactly the conditional law: the rank r with probability
 * ∝ Lᵣ(g)·U₃₋ᵣ(g), then r draws from D restricted to the region far below g, redrawn until they form a chain (and the
 * same above). Rejection inside each side's region costs on average (L₁ + U₁)³ / rate(g) draws per item, never more
 * than drawing whole sets until one fits (1 / rate(g)).
 */

/** The face and spacing rules of one item's values (raw units: money in cents). */
export interface Spacing {
  min: number;
  max: number;
  abs: number;
  rel: number;
  /** Display units → raw units (100 for money). */
  scale: number;
  /** Integer values: draws are rounded, as a count prints. */
  count: boolean;
}

/** A template's measured gold values in display units: repeated answers with their shares, quantiles of the rest. */
export interface GoldPriorValues {
  atoms?: ReadonlyArray<readonly [number, number]>;
  quantiles?: readonly number[];
}

/** Each linear piece between two quantiles is cut into this many cells (besides the cuts at atoms): rates within 1e-3 of 32 cells. */
const CELLS_PER_PIECE = 2;
/** The acceptance ceiling is the best rate over the distribution's support times this margin (rates between grid points). */
const CEILING_MARGIN = 1.01;
/** Redraws of one side's decoys before the log is declined (a side this hard is chosen only when its rate is tiny). */
const SIDE_TRIES = 20_000;
/** 3-point Gauss–Legendre nodes on [−1, 1] and weights (summing to 1 here, for averages). */
const GL_X = Math.sqrt(0.6);
const GL_W = [5 / 18, 8 / 18, 5 / 18];

/**
 * Sorts the first `n` of a few numbers ascending in place, as `sort((a, b) => a - b)` does for finite numbers
 * (stable), without the work arrays of the built-in sort (a few values per attempt, many attempts per item).
 */
export function sortAscending(xs: number[], n = xs.length): number[] {
  for (let i = 1; i < n; i++) {
    const x = xs[i];
    let j = i;
    while (j > 0 && xs[j - 1] - x > 0) {
      xs[j] = xs[j - 1];
      j--;
    }
    xs[j] = x;
  }
  return xs;
}

/** True when a and b are far apart under the spacing rule (also what keeps their printed texts apart). */
export function far(a: number, b: number, abs: number, rel: number): boolean {
  return Math.abs(a - b) >= Math.max(abs, rel * Math.max(Math.abs(a), Math.abs(b)));
}

/** The largest value far below y. */
function lowest(y: number, abs: number, rel: number): number {
  return Math.min(y - abs, y >= 0 ? y * (1 - rel) : y / (1 - rel));
}

/** The smallest value far above v. */
function highest(v: number, abs: number, rel: number): number {
  return Math.max(v + abs, v >= 0 ? v / (1 - rel) : v * (1 - rel));
}

/** First index i in [lo, hi) of ascending `xs` with xs[i] > t (hi when none). */
function upper(xs: Float64Array, t: number, lo = 0, hi = xs.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The region far below a value y on one side (`Side.region`): point count, limit, cut cell and the masses below. */
interface Region {
  j: number;
  t: number;
  c: number;
  partial: number;
  pm: number;
  cm: number;
}

/**
 * One side of the surround computation: D's mass inside the bounds as atoms (points) and uniform cells, with the
 * chain sums per level, for values far *below* a given one. The side above is this same structure on −D.
 */
class Side {
  readonly pv: Float64Array;
  readonly pw: Float64Array;
  readonly ca: Float64Array;
  readonly cb: Float64Array;
  readonly cw: Float64Array;
  /** Prefix sums per level k = 1..3 (index k): pS[k][i] = Σ_{j<i} contribution of point j to Lₖ; same for cells. */
  readonly pS: Float64Array[] = [new Float64Array(0), new Float64Array(0), new Float64Array(0), new Float64Array(0)];
  readonly cS: Float64Array[] = [new Float64Array(0), new Float64Array(0), new Float64Array(0), new Float64Array(0)];
  /** Work arrays of `levels`, one per depth n (levels 1..n). */
  private readonly lv = [new Float64Array(2), new Float64Array(2), new Float64Array(3), new Float64Array(4)];

  constructor(
    points: ReadonlyArray<readonly [number, number]>,
    cells: ReadonlyArray<readonly [number, number, number]>,
    readonly abs: number,
    readonly rel: number,
  ) {
    this.pv = Float64Array.from(points, (p) => p[0]);
    this.pw = Float64Array.from(points, (p) => p[1]);
    this.ca = Float64Array.from(cells, (c) => c[0]);
    this.cb = Float64Array.from(cells, (c) => c[1]);
    this.cw = Float64Array.from(cells, (c) => c[2]);
    for (let k = 1; k <= 3; k++) {
      const ps = new Float64Array(this.pv.length + 1);
      for (let i = 0; i < this.pv.length; i++) ps[i + 1] = ps[i] + this.pw[i] * this.chain(k - 1, this.pv[i]);
      const cs = new Float64Array(this.ca.length + 1);
      for (let i = 0; i < this.ca.length; i++) cs[i + 1] = cs[i] + this.cw[i] * this.average(k - 1, this.ca[i], this.cb[i]);
      this.pS[k] = ps;
      this.cS[k] = cs;
    }
  }

  /** How many points lie far below y (a prefix, since "far below" is monotone; decided by `far` itself). */
  private pointsBelow(y: number): number {
    const t = lowest(y, this.abs, this.rel);
    let j = upper(this.pv, t);
    while (j > 0 && !(this.pv[j - 1] < y && far(this.pv[j - 1], y, this.abs, this.rel))) j--;
    while (j < this.pv.length && this.pv[j] < y && far(this.pv[j], y, this.abs, this.rel)) j++;
    return j;
  }

  /** The mean of Lₖ over [a, b] (3-point Gauss–Legendre). */
  private average(k: number, a: number, b: number): number {
    if (k === 0) return 1;
    const m = (a + b) / 2;
    const h = ((b - a) / 2) * GL_X;
    return GL_W[0] * this.chain(k, m - h) + GL_W[1] * this.chain(k, m) + GL_W[2] * this.chain(k, m + h);
  }

  /** Lₖ(y): the probability that k draws, in increasing order, form a chain of far neighbours far below y. */
  chain(k: number, y: number): number {
    if (k === 0) return 1;
    const t = lowest(y, this.abs, this.rel);
    const c = upper(this.cb, t);
    let s = this.pS[k][this.pointsBelow(y)] + this.cS[k][c];
    // the cell cut by the limit: its part below, by the midpoint rule (a cell is small; one evaluation per level)
    if (c < this.ca.length && this.ca[c] < t) s += this.cw[c] * ((t - this.ca[c]) / (this.cb[c] - this.ca[c])) * this.chain(k - 1, (this.ca[c] + t) / 2);
    return s;
  }

  /**
   * L₁(y), L₂(y) and L₃(y) (up to level n) at once, each exactly as `chain` computes it: the three levels share the
   * limit, the cell it cuts and the point count, and the cut cell's lower levels at its midpoint are computed once for
   * all of them (half the searches of three `chain` calls). Returns a work array of this side, indexed by level.
   */
  levels(y: number, n: number): Float64Array {
    const out = this.lv[n];
    const t = lowest(y, this.abs, this.rel);
    const c = upper(this.cb, t);
    const j = this.pointsBelow(y);
    const cut = c < this.ca.length && this.ca[c] < t;
    const lower = cut && n > 1 ? this.levels((this.ca[c] + t) / 2, n - 1) : null;
    for (let k = 1; k <= n; k++) {
      let s = this.pS[k][j] + this.cS[k][c];
      if (cut) s += this.cw[c] * ((t - this.ca[c]) / (this.cb[c] - this.ca[c])) * (k === 1 ? 1 : lower![k - 1]);
      out[k] = s;
    }
    return out;
  }

  /** What `draw` needs of the region far below y, computed once for all the draws of one side of an item. */
  region(y: number, into: Region): Region {
    const j = this.pointsBelow(y);
    const t = lowest(y, this.abs, this.rel);
    const c = upper(this.cb, t);
    into.j = j;
    into.t = t;
    into.c = c;
    into.partial = c < this.ca.length && this.ca[c] < t ? this.cw[c] * ((t - this.ca[c]) / (this.cb[c] - this.ca[c])) : 0;
    into.pm = this.pS[1][j];
    into.cm = this.cS[1][c];
    return into;
  }

  /** One draw from D restricted to the values far below the region's y (D's mass there must be positive). */
  draw(rng: Rng, r: Region): number {
    const { j, t, c, partial, pm, cm } = r;
    let u = rng.next() * (pm + cm + partial);
    // the point i with pS[i] ≤ u < pS[i + 1]
    if (u < pm) return this.pv[Math.min(j, upper(this.pS[1], u, 1, j + 1)) - 1];
    u -= pm;
    if (u < cm) {
      const i = Math.min(c, upper(this.cS[1], u, 1, c + 1)) - 1;
      const f = (u - this.cS[1][i]) / this.cw[i];
      return this.ca[i] + (this.cb[i] - this.ca[i]) * Math.min(1, Math.max(0, f));
    }
    return this.ca[c] + (t - this.ca[c]) * rng.next();
  }
}

/** The exact surround rates of one gold distribution under one unit's spacing and one item's bounds. */
export class Surround {
  private readonly below: Side;
  private readonly above: Side;
  private readonly w = new Float64Array(4);
  /** Work space of `chainOf`: one side's draws, and the region they are drawn from. */
  private readonly vals: number[] = [0, 0, 0];
  private readonly region: Region = { j: 0, t: 0, c: 0, partial: 0, pm: 0, cm: 0 };
  /** The gold whose rank weights `w` holds (`rate` then `draw` ask for the same gold: computed once). */
  private wGold = Number.NaN;
  /** The acceptance ceiling: the best rate over the distribution's support (times a small margin), at most 1. */
  readonly ceiling: number;

  constructor(d: GoldPriorValues, private readonly sp: Spacing) {
    const { points, cells } = pieces(d, sp);
    this.below = new Side(points, cells, sp.abs, sp.rel);
    this.above = new Side(
      points.map(([v, w]) => [-v, w] as const).reverse(),
      cells.map(([a, b, w]) => [-b, -a, w] as const).reverse(),
      sp.abs,
      sp.rel,
    );
    let best = 0;
    for (const [v] of points) best = Math.max(best, this.rate(v));
    // the rate jumps where an atom comes within or goes out of reach, at cell edges: each edge is tried
    for (let i = 0; i < cells.length; i++) {
      best = Math.max(best, this.rate(cells[i][0]));
      if (i + 1 === cells.length || cells[i + 1][0] !== cells[i][1]) best = Math.max(best, this.rate(cells[i][1]));
    }
    this.ceiling = Math.min(1, best * CEILING_MARGIN);
  }

  /** The weight of each rank r of the gold (r decoys below it), Lᵣ(g) · U₃₋ᵣ(g), into `w`. */
  private weights(g: number, w: Float64Array): Float64Array {
    if (g === this.wGold && w === this.w) return w;
    const lo = this.below.levels(g, 3);
    const l1 = lo[1];
    // a side with no room for one value has none for two
    const l2 = l1 > 0 ? lo[2] : 0;
    const l3 = l1 > 0 ? lo[3] : 0;
    const hi = this.above.levels(-g, 3);
    const u1 = hi[1];
    const u2 = u1 > 0 ? hi[2] : 0;
    w[0] = u1 > 0 ? hi[3] : 0;
    w[1] = l1 * u2;
    w[2] = l2 * u1;
    w[3] = l3;
    if (w === this.w) this.wGold = g;
    return w;
  }

  /** rate(g): the probability that three i.i.d. draws from D surround g admissibly (0 outside the bounds). */
  rate(g: number): number {
    if (!(g >= this.sp.min && g <= this.sp.max)) return 0;
    const w = this.weights(g, this.w);
    return Math.min(1, 6 * (w[0] + w[1] + w[2] + w[3]));
  }

  /**
   * Three decoys drawn from D given that they surround g admissibly (exactly that conditional law), with g, sorted
   * ascending; null when rate(g) is 0 or, for a gold surrounded only with great difficulty, no chain was found in
   * SIDE_TRIES redraws of a side.
   */
  draw(rng: Rng, g: number): number[] | null {
    if (!(g >= this.sp.min && g <= this.sp.max)) return null;
    const w = this.weights(g, this.w);
    const total = w[0] + w[1] + w[2] + w[3];
    if (!(total > 0)) return null;
    let u = rng.next() * total;
    let r = 0;
    while (r < 3 && u >= w[r]) u -= w[r++];
    while (w[r] <= 0) r--; // rounding at the top end
    const out = new Array<number>(4);
    out[r] = g;
    // r values below the gold, ascending; then 3 − r above it, drawn on −D (so negated, they fill the top down). The
    // side above is drawn even when the side below failed: the stream then moves on as it always has
    const lowOk = this.chainOf(rng, this.below, g, r, this.vals);
    for (let i = 0; i < r; i++) out[i] = this.vals[i];
    const highOk = this.chainOf(rng, this.above, -g, 3 - r, this.vals);
    for (let i = 0; i < 3 - r; i++) out[3 - i] = -this.vals[i];
    return lowOk && highOk ? out : null;
  }

  /**
   * n values from `side` far below y forming a chain, ascending, into `vals` (rejection inside the side's region);
   * false when none was found. No allocation: up to SIDE_TRIES attempts per item.
   */
  private chainOf(rng: Rng, side: Side, y: number, n: number, vals: number[]): boolean {
    if (n === 0) return true;
    const region = side.region(y, this.region);
    for (let t = 0; t < SIDE_TRIES; t++) {
      for (let i = 0; i < n; i++) vals[i] = side.draw(rng, region);
      sortAscending(vals, n);
      let ok = far(vals[n - 1], y, this.sp.abs, this.sp.rel) && vals[n - 1] < y;
      for (let i = 1; i < n && ok; i++) if (!far(vals[i - 1], vals[i], this.sp.abs, this.sp.rel)) ok = false;
      if (ok) return true;
    }
    return false;
  }
}

/**
 * D on the raw scale inside [min, max]: points (atoms, flat quantile pieces, and for counts every integer a piece
 * rounds to) and uniform cells, ascending, each with its absolute mass (mass outside the bounds is simply absent: a
 * draw there fails).
 */
function pieces(d: GoldPriorValues, sp: Spacing): { points: Array<[number, number]>; cells: Array<[number, number, number]> } {
  const { min, max, scale, count } = sp;
  const q = d.quantiles && d.quantiles.length >= 2 ? d.quantiles : null;
  const atoms = (d.atoms ?? []).filter(([, s]) => s > 0);
  let atomMass = atoms.reduce((a, [, s]) => a + s, 0);
  // without quantiles the atoms carry the whole distribution; with them, the rest is shared by the pieces
  const atomScale = q ? 1 : atomMass > 0 ? 1 / atomMass : 0;
  atomMass = q ? Math.min(1, atomMass) : 1;
  const point = new Map<number, number>();
  const addPoint = (v: number, w: number): void => {
    if (w > 0 && v >= min && v <= max) point.set(v, (point.get(v) ?? 0) + w);
  };
  for (const [v, s] of atoms) addPoint(count ? Math.round(v * scale) : v * scale, s * atomScale);
  const spans: Array<[number, number, number]> = [];
  if (q && atomMass < 1) {
    const m = (1 - atomMass) / (q.length - 1);
    for (let i = 0; i + 1 < q.length; i++) {
      const a = q[i] * scale;
      const b = q[i + 1] * scale;
      if (b === a) addPoint(count ? Math.round(a) : a, m);
      else if (count) {
        // a draw rounds to the nearest integer (Math.round: k takes [k − 0.5, k + 0.5))
        for (let k = Math.round(a); k <= Math.round(b); k++) {
          const overlap = Math.min(b, k + 0.5) - Math.max(a, k - 0.5);
          if (overlap > 0) addPoint(k, (m * overlap) / (b - a));
        }
      } else spans.push([a, b, m]);
    }
  }
  const points = [...point].sort((x, y) => x[0] - y[0]);
  // cuts: the bounds, every point, and where the far-below / far-above limits of a point fall (the chain sums jump there)
  const cuts = new Set<number>([min, max]);
  for (const [v] of points) {
    cuts.add(v);
    cuts.add(highest(v, sp.abs, sp.rel));
    cuts.add(-highest(-v, sp.abs, sp.rel));
  }
  const sortedCuts = [...cuts].filter(Number.isFinite).sort((x, y) => x - y);
  const cells: Array<[number, number, number]> = [];
  for (const [a0, b0, m] of spans) {
    const a = Math.max(a0, min);
    const b = Math.min(b0, max);
    if (!(b > a)) continue;
    const density = m / (b0 - a0);
    const edges = [a];
    for (let j = 1; j < CELLS_PER_PIECE; j++) edges.push(a + ((b - a) * j) / CELLS_PER_PIECE);
    for (const c of sortedCuts) if (c > a && c < b) edges.push(c);
    edges.push(b);
    edges.sort((x, y) => x - y);
    for (let j = 0; j + 1 < edges.length; j++) if (edges[j + 1] > edges[j]) cells.push([edges[j], edges[j + 1], density * (edges[j + 1] - edges[j])]);
  }
  return { points, cells };
}
