import { CclupeError } from '../errors.js';

/** ASCII word characters, `[A-Za-z0-9_]`: what `\w` and `\b` see in a regular expression without the `u` flag. */
const WORD_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) WORD_CHAR[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 ? 1 : 0;

const HASH_BITS = 14;
const HASH_MASK = (1 << HASH_BITS) - 1;

/** The rolling hash of a word as the scan builds it, ASCII letters folded to lower case (`c | 32`). */
function wordHash(word: string): number {
  let h = 0;
  for (let i = 0; i < word.length; i++) h = (Math.imul(h, 31) + (word.charCodeAt(i) | 32)) | 0;
  return h & HASH_MASK;
}

/**
 * A test for whether a text holds one of `words` as a whole word, in any case: a maximal run of ASCII word characters
 * (bounded by the text's ends or by any other character, as `\b` bounds it) equal to a word once folded to lower case.
 * One pass over the characters keeps a rolling hash of the current run; only a run whose hash is in the words' table
 * is cut out and compared, so a text without the words allocates nothing. Cost: O(length).
 * Words must be lower-case ASCII word characters (a `CclupeError` otherwise).
 */
export function wholeWordTest(words: readonly string[]): (text: string) => boolean {
  const set = new Set<string>();
  const table = new Uint8Array(1 << HASH_BITS);
  let minLen = Infinity;
  let maxLen = 0;
  for (const w of words) {
    if (w === '' || w !== w.toLowerCase() || [...w].some((ch) => !(ch.charCodeAt(0) < 128 && WORD_CHAR[ch.charCodeAt(0)] === 1))) {
      throw new CclupeError(`wholeWordTest requires lower-case ASCII word characters, got "${w}"`);
    }
    set.add(w);
    table[wordHash(w)] = 1;
    minLen = Math.min(minLen, w.length);
    maxLen = Math.max(maxLen, w.length);
  }
  return (text) => {
    const n = text.length;
    let h = 0;
    let start = 0;
    // a character loop rather than a regular expression: irregexp tries every alternative at every position, which
    // cost several times more on the short remark/counterparty texts this runs over
    for (let i = 0; i <= n; i++) {
      const c = i < n ? text.charCodeAt(i) : 32;
      if (c < 128 && WORD_CHAR[c] === 1) {
        h = (Math.imul(h, 31) + (c | 32)) | 0;
        continue;
      }
      const len = i - start;
      if (len >= minLen && len <= maxLen && table[h & HASH_MASK] === 1 && set.has(text.slice(start, i).toLowerCase())) return true;
      h = 0;
      start = i + 1;
    }
    return false;
  };
}
