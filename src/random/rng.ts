import seedrandom from 'seedrandom';

/** A source of uniform numbers in [0, 1). Every random function takes one; nothing reads a global. */
export interface Rng {
  next(): number;
}

/**
 * Joins the parts of a stream key with a delimiter, so that `(1, 23)` and `(12, 3)` give different keys
 * and short repeated keys are not confused by seedrandom.
 */
export function streamKey(...parts: Array<string | number>): string {
  return parts.map(String).join(KEY_DELIMITER);
}

/** What `streamKey` puts between the parts of a key. */
export const KEY_DELIMITER = '\u241f';

/** A seeded stream (seedrandom's Alea: fast, 2^116 period) for the given key. */
export function createRng(key: string): Rng {
  const prng = seedrandom.alea(key);
  return { next: () => prng() };
}
