import type { Item } from '../schema/item.js';
import type { Prediction } from '../schema/prediction.js';
import { createRng, streamKey } from '../random/rng.js';
import { shuffle } from '../random/draw.js';
import { DEFAULT_SCORE_PARAMS } from '../score/params.js';

/**
 * Chance, the reference of the validity gates: the best a reader can do who reads neither the log nor the options.
 * On single and calc items that is one option drawn uniformly (random). On multi-select items the random baseline's
 * uniform non-empty subset is a poor strategy under the penalty (CCLUPE Eq. 1): picking one option alone already
 * scores about 1/k. Chance picks, for items with k options, the number of options m that scores best on the
 * calibration items with k options (exact expectation over uniform m-subsets), then draws m options uniformly.
 * A log-free learner is then credited only with what option contents tell it, not with a better selection size.
 */
export function chanceSizes(calibration: readonly Item[]): Map<number, number> {
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
      for (const g of gs) s += expectedScore(k, g, m);
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

/** Chance's predictions: one option drawn uniformly, or m options on multi items (`chanceSizes`, default one). */
export function chancePredictions(items: readonly Item[], sizes: ReadonlyMap<number, number>, seed: string): Prediction[] {
  return items.map((item) => {
    const keys = item.options.map((o) => o.key);
    if (keys.length === 0) return { item_id: item.id, selected: [], status: 'answered' as const };
    const rng = createRng(streamKey('cclupe-validity-chance', seed, item.id));
    const m = item.format === 'multi' ? Math.min(keys.length, sizes.get(keys.length) ?? 1) : 1;
    return { item_id: item.id, selected: shuffle(rng, keys).slice(0, m), status: 'answered' as const };
  });
}
