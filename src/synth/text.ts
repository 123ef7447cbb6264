import { LEAKAGE_WORDS } from '../schema/transaction-types.js';

const FORBIDDEN = /[\t\n\r"]/g;
const LEAD = /^[=+\-@\s]+/;
const escape = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LEAKAGE_RE = new RegExp(LEAKAGE_WORDS.map(escape).join('|'), 'i');
// One test for everything that needs fixing: a forbidden character, a formula/blank lead, a blank end, a leakage word.
const UNSAFE_RE = new RegExp(`[\\t\\n\\r"]|^[=+\\-@\\s]|\\s$|${LEAKAGE_WORDS.map(escape).join('|')}`, 'i');

/**
 * Makes a string safe for a canonical field: tab/newline/CR/quote become spaces, leading `= + - @` and blanks are
 * dropped, and any leakage word (SPEC §3) makes the text fall back to `fallback`. Empty results fall back too.
 * Cost: one regular-expression test for a text that is already safe.
 */
export function safeText(text: string, fallback: string): string {
  if (text !== '' && !UNSAFE_RE.test(text)) return text;
  const out = text.replace(FORBIDDEN, ' ').replace(LEAD, '').trim();
  return out === '' || containsLeakage(out) ? fallback : out;
}

/** True when text contains a leakage word anywhere, case-insensitive (substring match: stricter than whole words). */
export function containsLeakage(text: string): boolean {
  return LEAKAGE_RE.test(text);
}
