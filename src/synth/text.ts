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
 * Cost: a map lookup for a text seen before, otherwise one regular-expression test.
 */
export function safeText(text: string, fallback: string): string {
  const hit = memo.get(text);
  if (hit !== undefined) return hit === '' ? fallback : hit;
  let out = text;
  if (text === '' || UNSAFE_RE.test(text)) {
    out = text.replace(FORBIDDEN, ' ').replace(LEAD, '').trim();
    if (out !== '' && containsLeakage(out)) out = '';
  }
  if (memo.size < 50_000) memo.set(text, out);
  return out === '' ? fallback : out;
}

// Generated texts repeat heavily (pools of counterparties, fixed remarks): remember the verdicts.
const memo = new Map<string, string>();

/** True when text contains a leakage word anywhere, case-insensitive (substring match: stricter than whole words). */
export function containsLeakage(text: string): boolean {
  return LEAKAGE_RE.test(text);
}
