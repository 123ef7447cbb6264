import type { Item } from '../schema/item.js';
import type { Prediction } from '../schema/prediction.js';
import type { ItemScore, RunScores, ScoreParams } from '../schema/results.js';
import { createRng, streamKey } from '../random/rng.js';
import { shuffle } from '../random/draw.js';
import { DEFAULT_SCORE_PARAMS, resolveScoreParams } from '../score/params.js';
import { resolveAnswer } from '../score/resolve-answer.js';
import { scoreResolvedItem, summarizeItemScores } from '../score/score-run.js';

/**
 * Chance, the reference of the validity gates: the best a reader can do who reads neither the log nor the options.
 * On single and calc items that is one option drawn uniformly (random). On multi-select items the random baseline's
 * uniform non-empty subset is a poor strategy under the penalty (CCLUPE Eq. 1): picking one option alone already
 * scores about 1/k. Chance picks, for items with k options, the number of options m that scores best on the
 * calibration items with k options (exact expectation over uniform m-subsets), then draws m options uniformly.
 * A log-free learner is then credited only with what option contents tell it, not with a better selection size.
 */
export function chanceSizes(calibration: readonly Item[], lambda = DEFAULT_SCORE_PARAMS.lambda): Map<number, number> {
  const golds = new Map<number, number[]>();
  for (const it of calibration) {
    if (it.format !== 'multi') continue;
    const g = golds.get(it.options.length);
    if (g) g.push(it.answer.length);
    else golds.set(it.options.length, [it.answer.length]);
  }
  const out = new Map<number, number>();
  for (const [k, gs] of golds) {
    let best = 1;
    let bestScore = -1;
    for (let m = 1; m <= k; m++) {
      let s = 0;
      for (const g of gs) s += expectedScore(k, g, m, lambda);
      if (s > bestScore + 1e-12) {
        bestScore = s;
        best = m;
      }
    }
    out.set(k, best);
  }
  return out;
}

/** Expected CCLUPE item score of a uniform m-subset of k options when g of them are right (hypergeometric hits). */
export function expectedScore(k: number, g: number, m: number, lambda = DEFAULT_SCORE_PARAMS.lambda): number {
  let s = 0;
  for (let h = Math.max(0, m - (k - g)); h <= Math.min(g, m); h++) {
    const p = (choose(g, h) * choose(k - g, m - h)) / choose(k, m);
    s += p * Math.max(0, h / g - (lambda * (m - h)) / m);
  }
  return s;
}

function choose(n: number, r: number): number {
  if (r < 0 || r > n) return 0;
  let x = 1;
  for (let i = 0; i < r; i++) x = (x * (n - i)) / (i + 1);
  return x;
}

/** The selection size chance uses on an item: one option, or `sizes` for its option count on multi items. */
function chanceSize(item: Item, sizes: ReadonlyMap<number, number>): number {
  const k = item.options.length;
  return item.format === 'multi' ? Math.min(k, sizes.get(k) ?? 1) : 1;
}

/** One draw of chance: one option drawn uniformly, or m options on multi items (`chanceSizes`, default one). */
export function chancePredictions(items: readonly Item[], sizes: ReadonlyMap<number, number>, seed: string): Prediction[] {
  return items.map((item) => {
    const keys = item.options.map((o) => o.key);
    if (keys.length === 0) return { item_id: item.id, selected: [], status: 'answered' as const };
    const rng = createRng(streamKey('cclupe-validity-chance', seed, item.id));
    return { item_id: item.id, selected: shuffle(rng, keys).slice(0, chanceSize(item, sizes)), status: 'answered' as const };
  });
}

/**
 * One item's expected score and expected wrong ratio under chance (a uniform m-subset of its k options, g right):
 * E[S_item] = Σ_h P(h hits) · max(0, h/g − λ(m−h)/m) (`expectedScore`; 1/k for single and calc items), and
 * E[|M\G|/|M|] = 1 − g/k (the hypergeometric mean of h is m·g/k). Items without options (free-response numbers)
 * are what the scorer gives an empty answer.
 */
export function chanceItemScore(item: Item, sizes: ReadonlyMap<number, number>, params: ScoreParams): ItemScore {
  const k = item.options.length;
  if (k === 0) return scoreResolvedItem(item, resolveAnswer(item, { item_id: item.id, selected: [], status: 'answered' }), params);
  const base = scoreResolvedItem(item, resolveAnswer(item, undefined), params);
  const g = item.answer.length;
  return { ...base, status: 'answered', selected: [], score: expectedScore(k, g, chanceSize(item, sizes), params.lambda), wrong_ratio: 1 - g / k, correct: false };
}

/**
 * Chance's expected scores under the project's scorer (`summarizeItemScores`), the reference every gate compares with.
 * A single random draw is off by about a point on 600 logs (≈ 9,000 items, and only ~1,500 multi items), which the
 * "learner − chance" margins would inherit; the expectation has no such noise.
 * - Exact for every column but LogScore: the item score, the group means (each a fixed set of items), S_dom, S_cog,
 *   S_unbiased (Avg) and Mrate are all linear in the items' scores and wrong ratios, so the aggregates of the expected
 *   item scores are the expected aggregates.
 * - LogScore = S_unbiased·(1 − Mrate)^δ is not linear; the value here is that of the expected S_unbiased and Mrate.
 *   It differs from the exact expectation only by Var(Mrate) and Cov(S_unbiased, Mrate) terms, O(1/N) with items
 *   drawn independently: under 0.01 point (×100) on a dataset of a few thousand items. No gate reads chance's
 *   LogScore (the learners' LogScore is held to an absolute limit).
 */
export function chanceScores(items: readonly Item[], sizes: ReadonlyMap<number, number>, params: Partial<ScoreParams> = {}): RunScores {
  const resolved = resolveScoreParams(params);
  const scored = items.map((item) => chanceItemScore(item, sizes, resolved));
  const summary = summarizeItemScores(scored, resolved, { label: 'chance', bootstrap: false });
  return { ...summary, coverage: { total: items.length, predicted: items.length, ratio: items.length ? 1 : 0, partial: false } };
}
