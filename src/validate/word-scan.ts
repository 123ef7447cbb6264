import { CclupeError } from '../errors.js';

/**
 * A test for whether a text holds one of `words` as a whole word, in any case: a maximal run of ASCII word characters
 * (`[A-Za-z0-9_]`, bounded by the text's ends or by any other character, as `\b` bounds it) equal to a word once
 * folded to lower case. One regular expression, `\b(?:w1|w2|…)\b` with the `i` flag and without `u` (so that `\b` and
 * case folding concern ASCII only); on short texts irregexp ran it faster than a character walk with a rolling hash.
 * Words must be lower-case ASCII word characters (a `CclupeError` otherwise).
 */
export function wholeWordTest(words: readonly string[]): (text: string) => boolean {
  for (const w of words) {
    if (!/^[a-z0-9_]+$/.test(w)) throw new CclupeError(`wholeWordTest requires lower-case ASCII word characters, got "${w}"`);
  }
  // longest first, so that a word is not cut short by a shorter one it starts with (both would be whole-word tests,
  // but the shorter one would fail at its \b and make the engine backtrack)
  const re = words.length === 0 ? /(?!)/ : new RegExp(`\\b(?:${[...new Set(words)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).join('|')})\\b`, 'i');
  return (text) => re.test(text);
}
