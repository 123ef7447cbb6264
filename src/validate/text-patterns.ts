import { LEAKAGE_WORDS } from '../schema/transaction-types.js';

/**
 * The texts the leakage and injection checks look for, as data, each with its key words: words one of which every
 * match holds as a whole word (a maximal run of ASCII word characters, any case; `wholeWordTest`). A remark or
 * counterparty without any key word cannot match, so the checks run the regular expressions on the few texts that
 * have one. None of the expressions has the `u` flag: `\w`, `\b` and case folding then concern ASCII letters only.
 */

/** Leakage words and phrases, whole words in any case; the spaces of a phrase stand for any run of whitespace. */
export const LEAKAGE_RE = new RegExp(`\\b(?:${[...LEAKAGE_WORDS].sort((a, b) => b.length - a.length).map((w) => w.replace(/ /g, '\\s+')).join('|')})\\b`, 'i');

/**
 * Key words of `LEAKAGE_RE`: the longest word of each phrase (`\b` at both ends and `\s+` between the words make
 * every word of a match a whole word; the longest is the rarest in everyday texts).
 */
export const LEAKAGE_KEY_WORDS: readonly string[] = LEAKAGE_WORDS.map((w) => w.split(' ').reduce((a, b) => (b.length > a.length ? b : a)));

/** Patterns of text addressed to a model rather than describing a payment. */
export const INJECTION_PATTERNS: readonly RegExp[] = [
  /\b(?:ignore|disregard|forget|override)\b[^.]{0,40}\b(?:previous|prior|above|earlier|all|any|the)\b[^.]{0,20}\b(?:instructions?|prompts?|rules|context|questions?)\b/i,
  /\b(?:answer|respond|reply|choose|select|pick)\b\s+(?:with\s+)?(?:only\s+)?(?:option\s+|choice\s+|letter\s+)?["'(]?[A-H]["')]?(?:\s|[.,;:!]|$)/,
  /\bthe\s+(?:correct|right)\s+(?:answer|option|choice)\s+is\b/i,
  /\b(?:system|assistant|user)\s*(?:prompt)?\s*:/i,
  /<\/?\s*(?:system|instructions?|prompt|assistant)\s*>/i,
  /\byou\s+are\s+(?:now\s+)?(?:an?\s+)?(?:ai|assistant|language\s+model|chatbot|llm)\b/i,
  /\b(?:new|updated)\s+instructions?\b/i,
];

/** Key words of each of `INJECTION_PATTERNS`, in the same order; why each word is whole in every match is noted. */
export const INJECTION_KEY_WORDS: readonly (readonly string[])[] = [
  ['ignore', 'disregard', 'forget', 'override'], // \b(…)\b
  ['answer', 'respond', 'reply', 'choose', 'select', 'pick'], // \b(…)\b
  ['correct', 'right'], // \s+(…)\s+
  ['system', 'assistant', 'user', 'systemprompt', 'assistantprompt', 'userprompt'], // \b(…) then \s, ':' or "prompt" then \s or ':'
  ['system', 'instruction', 'instructions', 'prompt', 'assistant'], // after '<', '/' or \s; then \s or '>'
  ['you'], // \byou\s+
  ['instruction', 'instructions'], // \s+instructions?\b
];
