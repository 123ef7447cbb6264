import type { Item } from '../schema/item.js';
import type { Prediction } from '../schema/prediction.js';
import type { ItemStatus } from '../schema/results.js';

/** What the scorer reads from one prediction for one item. */
export interface ResolvedAnswer {
  status: ItemStatus;
  /** Valid option keys, upper-cased, de-duplicated and sorted; empty unless status is `answered`. */
  selected: string[];
  /** The free-response value for numeric items when answered. */
  value?: number;
}

/**
 * Reads a prediction against its item (SPEC §7: unparseable answers score as an empty selection and are counted):
 * - no prediction → `missing`; a harness status other than `answered` (invalid, no_answer, truncated, error) is kept
 *   and the selection ignored;
 * - option items: keys are trimmed and upper-cased; any key that is not an option → `invalid`; `selected: []` →
 *   `empty` (an abstention); no `selected` at all → `no_answer` (`invalid` if only a `value` was given);
 * - numeric items: a finite `value` → `answered`; no value → `empty` when the status says answered, else `no_answer`.
 */
export function resolveAnswer(item: Item, prediction: Prediction | undefined): ResolvedAnswer {
  if (!prediction) return { status: 'missing', selected: [] };
  if (prediction.status !== undefined && prediction.status !== 'answered') return { status: prediction.status, selected: [] };
  if (item.format === 'numeric') {
    if (prediction.value !== undefined) {
      return Number.isFinite(prediction.value)
        ? { status: 'answered', selected: [], value: prediction.value }
        : { status: 'invalid', selected: [] };
    }
    return { status: prediction.status === 'answered' ? 'empty' : 'no_answer', selected: [] };
  }
  if (prediction.selected === undefined) {
    return { status: prediction.value !== undefined ? 'invalid' : 'no_answer', selected: [] };
  }
  const keys = new Set(item.options.map((o) => o.key));
  const selected = new Set<string>();
  for (const raw of prediction.selected) {
    const key = raw.trim().toUpperCase();
    if (!keys.has(key)) return { status: 'invalid', selected: [] };
    selected.add(key);
  }
  if (selected.size === 0) return { status: 'empty', selected: [] };
  return { status: 'answered', selected: [...selected].sort() };
}
