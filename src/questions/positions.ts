import type { Rng } from '../random/rng.js';
import { shuffle } from '../random/draw.js';
import type { Choice } from './template.js';

/** Option keys in order. */
export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

/**
 * Deals target positions for the correct option of four-option items from shuffled bags of [0, 1, 2, 3],
 * so that within a log the counts of A/B/C/D differ by at most one, and across a dataset they stay balanced.
 */
export class PositionDealer {
  private bag: number[] = [];
  constructor(private readonly rng: Rng) {}

  /** The next target position in [0, 4). */
  next(): number {
    if (this.bag.length === 0) this.bag = shuffle(this.rng, [0, 1, 2, 3]);
    return this.bag.pop()!;
  }
}

/**
 * Orders options: a single-answer item puts its correct option at `target` and the rest in random order;
 * a multi-select item is shuffled.
 */
export function arrangeChoices(rng: Rng, choices: readonly Choice[], target: number | null): Choice[] {
  if (target === null) return shuffle(rng, choices);
  const correct = choices.filter((c) => c.correct);
  if (correct.length !== 1) throw new RangeError('arrangeChoices with a target requires exactly one correct option');
  const wrong = shuffle(rng, choices.filter((c) => !c.correct));
  wrong.splice(target, 0, correct[0]);
  return wrong;
}
