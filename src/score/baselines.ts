import { CclupeError } from '../errors.js';
import { createRng, streamKey, type Rng } from '../random/index.js';
import type { Item } from '../schema/item.js';
import type { Prediction } from '../schema/prediction.js';
import { crossFitBlindPredictions } from './blind.js';

/** The built-in offline baselines (SPEC §7). */
export const BASELINES = ['oracle', 'random', 'select-all', 'abstain', 'first-option', 'blind'] as const;
export type BaselineName = (typeof BASELINES)[number];

function randomSubset(rng: Rng, keys: readonly string[]): string[] {
  // Uniform over the 2^k − 1 non-empty subsets: draw a mask in [1, 2^k − 1].
  const mask = 1 + Math.floor(rng.next() * (2 ** keys.length - 1));
  return keys.filter((_, i) => (mask >> i) & 1);
}

function predict(name: BaselineName, item: Item, seed: string): Prediction {
  const keys = item.options.map((o) => o.key);
  const numeric = item.format === 'numeric';
  if (!numeric && keys.length === 0) throw new CclupeError(`item ${item.id} has no options`);
  switch (name) {
    case 'oracle':
      if (numeric) {
        if (item.numeric_answer === undefined) throw new CclupeError(`item ${item.id} is numeric but has no numeric_answer`);
        return { item_id: item.id, value: item.numeric_answer, status: 'answered' };
      }
      return { item_id: item.id, selected: [...item.answer].sort(), status: 'answered' };
    case 'abstain':
      return { item_id: item.id, selected: [], status: 'answered' };
    case 'select-all':
      return { item_id: item.id, selected: numeric ? [] : keys, status: 'answered' };
    case 'first-option':
      return { item_id: item.id, selected: numeric ? [] : keys.slice(0, 1), status: 'answered' };
    case 'blind':
      throw new CclupeError('the blind baseline predicts a whole item set at once');
    case 'random': {
      if (numeric) return { item_id: item.id, selected: [], status: 'answered' };
      // One stream per item, so an item's draw does not depend on which other items are in the file.
      const rng = createRng(streamKey('cclupe-baseline-random', seed, item.id));
      const selected = item.format === 'multi' ? randomSubset(rng, keys) : [keys[Math.floor(rng.next() * keys.length)]];
      return { item_id: item.id, selected, status: 'answered' };
    }
  }
}

/** True when `name` is a built-in baseline. */
export function isBaselineName(name: string): name is BaselineName {
  return (BASELINES as readonly string[]).includes(name);
}

/** Predictions of a built-in baseline on any set of items; deterministic for a given seed (only `random` uses it). */
export function baselinePredictions(name: BaselineName, items: readonly Item[], { seed = '0' }: { seed?: string } = {}): Prediction[] {
  if (!isBaselineName(name)) throw new CclupeError(`unknown baseline ${String(name)}`);
  if (name === 'blind') return crossFitBlindPredictions(items);
  return items.map((item) => predict(name, item, seed));
}
