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

/**
 * More patterns of text addressed to a model, run on the normalised text (`normalizeInjectionText`: NFKC, no
 * invisible characters, no diacritics, look-alike letters folded, `_` as a space): English paraphrases without the
 * key words above, and the same instructions in French, Spanish, German and Chinese.
 */
export const INTL_INJECTION_PATTERNS: readonly RegExp[] = [
  // English paraphrases
  /\b(?:pay\s+no\s+attention\s+to|do\s+not\s+follow|don'?t\s+follow|stop\s+following|never\s+mind)\b[^.]{0,40}\b(?:previous|prior|above|earlier|preceding|original|before|rules|guidance|directions|told)\b/i,
  /\bfrom\s+now\s+on\b[^.]{0,20}\b(?:you|answer|respond|reply|only)\b/i,
  /\bpretend\s+(?:to\s+be|you\s+are)\b/i,
  /\binstead\b[^.]{0,20}\b(?:answer|respond|reply|say|output)\b/i,
  // French
  /\b(?:ignore[rz]?|oublie[rz]?|ne\s+tiens\s+pas\s+compte\s+de?s?)\b[^.]{0,30}\b(?:instructions?|consignes?|directives?|regles)\b/i,
  /\bla\s+(?:bonne|vraie)\s+reponse\s+est\b/i,
  /\breponds?(?:ez)?\s+(?:par|avec|uniquement)?\s*(?:l'option|la\s+lettre|option)?\s*["'(]?[A-H]["')]?(?:\s|[.,;:!]|$)/i,
  // Spanish
  /\b(?:ignora[rd]?|olvida[rd]?|no\s+sigas)\b[^.]{0,30}\b(?:instrucciones|indicaciones|reglas|ordenes)\b/i,
  /\bla\s+respuesta\s+correcta\s+es\b/i,
  /\bresponde(?:r)?\s+(?:con|solo|solamente)?\s*(?:la\s+opcion|la\s+letra|opcion)?\s*["'(]?[A-H]["')]?(?:\s|[.,;:!]|$)/i,
  // German
  /\b(?:ignorier(?:e|en|t)?|vergiss|vergessen\s+sie|missachte)\b[^.]{0,30}\b(?:anweisungen|anweisung|instruktionen|regeln|vorgaben)\b/i,
  /\bdie\s+(?:richtige|korrekte)\s+antwort\s+ist\b/i,
  /\bantworte(?:n\s+sie)?\s+(?:mit|nur)?\s*(?:option|buchstabe)?\s*["'(]?[A-H]["')]?(?:\s|[.,;:!]|$)/i,
  // Chinese
  /(?:忽略|无视|忽视|不要理会|忘记|忘掉|無視|忘記)[^。]{0,12}(?:指令|指示|说明|說明|提示|规则|規則)/,
  /正确答案是|正確答案是|答案是\s*[A-Ha-h]/,
  /(?:请|請)?(?:回答|选择|選擇|选|選)\s*(?:选项|選項)?\s*[A-H](?![A-Za-z])/,
  /(?:系统|系統)\s*(?:提示|指令)\s*[:：]/,
];
