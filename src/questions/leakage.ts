import type { Log } from '../schema/log-row.js';
import { CHANNELS, TRANSACTION_TYPES } from '../schema/transaction-types.js';

const TYPE_WORDS = new Set<string>([...TRANSACTION_TYPES, ...CHANNELS].map((t) => t.toLowerCase()));

/**
 * Words that state a number, a fraction or a multiple. "single" and "both" are allowed: "the largest single
 * outflow" points at a row without giving a value away.
 */
export const NUMBER_WORDS: readonly string[] = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty', 'thirty', 'forty',
  'fifty', 'sixty', 'seventy', 'eighty', 'ninety', 'hundred', 'hundreds', 'thousand', 'thousands', 'million',
  'millions', 'billion', 'lakh', 'crore', 'dozen', 'dozens', 'score', 'half', 'halves', 'quarter', 'quarters',
  'third', 'thirds', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth',
  'twentieth', 'hundredth', 'first', 'second', 'once', 'twice', 'thrice', 'double', 'triple', 'treble',
  'quadruple', 'couple', 'percent', 'per cent', 'percentage point', 'fortnight', 'decade',
];

/** Month names and abbreviations. */
export const MONTH_WORDS: readonly string[] = [
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november',
  'december', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
];

/** Weekday names and abbreviations. */
export const WEEKDAY_WORDS: readonly string[] = [
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday',
  'mon', 'tue', 'tues', 'wed', 'thu', 'thur', 'thurs', 'fri', 'sat', 'sun',
];

/** Named dates and holidays, which pin a date as surely as a number does. */
export const DATE_PHRASES: readonly string[] = [
  'spring festival', 'chinese new year', 'lunar new year', 'new year', "new year's", 'national day', 'golden week',
  'double eleven', 'double twelve', "singles' day", 'singles day', 'christmas', 'easter', 'mid-autumn',
  'dragon boat', 'qingming', 'labour day', 'labor day', 'black friday', 'midsummer',
];

/** Business suffixes stripped to find the distinctive core of a counterparty name. */
const BUSINESS_SUFFIXES = [
  'co., ltd.', 'co., ltd', 'co. ltd.', 'co.,ltd.', 'co ltd', 'co.', 'ltd.', 'ltd', 'inc.', 'inc', 'llc', 'corp.',
  'corp', 'trading store', 'trading co.', 'store', 'shop', 'factory', 'individual proprietorship', 'studio',
  'restaurant', 'company', 'group', 'limited', 'services', 'service', 'partnership',
];

/** Generic words a counterparty core may consist of without being distinctive (never flagged alone). */
const GENERIC_CORE = new Set([
  'online', 'bank', 'lending', 'loan', 'loans', 'credit', 'pay', 'payment', 'payments', 'salary', 'employer', 'rent',
  'landlord', 'utility', 'utilities', 'water', 'power', 'electric', 'telecom', 'mobile', 'tax', 'bureau', 'market',
  'supermarket', 'atm', 'cash', 'card', 'transfer', 'refund', 'purchase', 'supplier', 'customer', 'customers',
  'fee', 'fees', 'interest', 'fund', 'investment', 'insurance', 'social security', 'payroll', 'sales', 'the',
]);

const SPACE_RE = /\s+/g;
/**
 * Whole-word patterns of date phrases and of counterparty names found in a stem, cached per word. Names come from
 * the logs, so without a bound a long run that checks many leaking names would keep every pattern.
 */
const WORD_CACHE = new Map<string, RegExp>();
const WORD_CACHE_MAX = 10_000;

function norm(s: string): string {
  return s.toLowerCase().replace(SPACE_RE, ' ').trim();
}

function wordRe(word: string): RegExp {
  let re = WORD_CACHE.get(word);
  if (!re) {
    const body = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    re = new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'u');
    if (WORD_CACHE.size >= WORD_CACHE_MAX) WORD_CACHE.clear();
    WORD_CACHE.set(word, re);
  }
  return re;
}

/** Single words looked up per token; phrases (with a space or hyphen) are matched on the normalised stem. */
const WORD_KIND = new Map<string, string>();
const PHRASES: Array<[string, string]> = [];
for (const [kind, list] of [
  ['written number', NUMBER_WORDS],
  ['month name', MONTH_WORDS],
  ['weekday name', WEEKDAY_WORDS],
  ['named date', DATE_PHRASES],
] as const) {
  for (const w of list) {
    if (/^[\p{L}]+$/u.test(w)) WORD_KIND.set(w, kind);
    else PHRASES.push([w, kind]);
  }
}
/** Splits a normalised (lower-case) stem into word tokens; any non-ASCII character counts as a letter. */
const SPLIT_RE = /[^a-z0-9'\u00c0-\uffff]+/;
const DIGIT_RE = /\p{Nd}|[\u2150-\u218b\u2460-\u24ff\u2776-\u2793\u3007\u3021-\u3029]/u;
const CJK_NUMERAL_RE = /[一二三四五六七八九十百千万亿两零]/u;
const MONEY_SIGN_RE = /[%‰¥$€£₩₹]|\p{Sc}/u;

interface Names {
  /**
   * Normalised names and name cores whose first token is a token of some stem checked so far (`STEM_TOKENS`), indexed
   * by that token; the other names cannot match a stem seen so far and are skipped.
   */
  byFirstToken: Map<string, Array<{ text: string; label: string }>>;
  /** `stemTokenVersion` when the index was built: a stem with new tokens since makes it rebuild. */
  stemTokens: number;
}
const NAME_CACHE = new WeakMap<Log, Names>();
/**
 * Every token of every stem scanned (stems are template text, so the set stops growing after a few logs). Counterparty
 * names rarely begin with one of them, so a log's name index holds few entries.
 */
const STEM_TOKENS = new Set<string>();
/**
 * `firstTokenKey` of every ASCII token in `STEM_TOKENS`: a name whose ASCII first token has another key cannot match
 * a stem seen so far, and `namesOf` rules it out without building a string (on generated logs: every name).
 */
const STEM_TOKEN_KEYS = new Set<number>();
/** Bumped whenever `STEM_TOKENS` changes. */
let stemTokenVersion = 0;
const SUFFIX_RE = new RegExp(
  `(?:[ ,]+(?:${[...BUSINESS_SUFFIXES].sort((a, b) => b.length - a.length).map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')}))+$`,
);

/** `firstTokenKey` of a text with a non-ASCII character before the end of its first token: no key, look closer. */
const NON_ASCII = -1;
/** Keeps a key a small integer (a Smi, so the `Set<number>` lookup allocates nothing). */
const KEY_MASK = 0x3fffffff;

/** A letter, digit or apostrophe: the ASCII characters `SPLIT_RE` keeps in a token (upper case before `norm`). */
function isAsciiWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 39;
}

/**
 * A hash of the first token `norm` and `SPLIT_RE` make of `text` (lower case, one final "'s" dropped, as a stem token
 * or a name's `first`), read from the raw text without building a string. Only ASCII is read: its lower case is one
 * character each and free of context (unlike Σ or İ), so equal tokens give equal keys. A non-ASCII character before
 * the token ends gives `NON_ASCII`. Cost: O(length of the first token).
 */
function firstTokenKey(text: string): number {
  const n = text.length;
  let i = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return NON_ASCII;
    if (isAsciiWordChar(c)) break;
  }
  // the key of the token so far, and of it without its last one and two characters (for a final "'s")
  let key = 0;
  let less1 = 0;
  let less2 = 0;
  let last = 0;
  let beforeLast = 0;
  for (; i < n; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0x80) return NON_ASCII;
    if (!isAsciiWordChar(c)) break;
    if (c >= 65 && c <= 90) c += 32;
    less2 = less1;
    less1 = key;
    key = (Math.imul(key, 31) + c) & KEY_MASK;
    beforeLast = last;
    last = c;
  }
  return beforeLast === 39 && last === 115 ? less2 : key;
}

interface NameEntry {
  first: string;
  text: string;
  label: string;
}
/** The log-independent part of a counterparty name (its normalised forms), cached per raw name (bounded). */
const NAME_FORMS = new Map<string, NameEntry[]>();
const NAME_FORMS_MAX = 50_000;

/**
 * The normalised forms of a name: the whole name, and its core without business suffixes. Both have the name's first
 * token (the suffix is cut after a space or comma, which ends a token), the one `firstTokenKey` reads.
 */
function nameForms(rawName: string): NameEntry[] {
  let forms = NAME_FORMS.get(rawName);
  if (forms) return forms;
  forms = [];
  const add = (text: string, label: string): void => {
    if (text.length < 3 || GENERIC_CORE.has(text) || TYPE_WORDS.has(text)) return;
    // the same tokenisation as stems get, so a name is found by its first stem token
    const raw = text.split(SPLIT_RE).find((x) => x !== '');
    if (!raw) return;
    forms!.push({ first: raw.endsWith("'s") ? raw.slice(0, -2) : raw, text, label });
  };
  const name = norm(rawName);
  add(name, 'counterparty');
  // SUFFIX_RE can only match a name ending in one of the suffixes: test that first, the regex only then
  const core = BUSINESS_SUFFIXES.some((x) => name.endsWith(x)) ? name.replace(SUFFIX_RE, '') : name;
  if (core !== name && core.length >= 4) add(core, 'counterparty name');
  if (NAME_FORMS.size >= NAME_FORMS_MAX) NAME_FORMS.clear();
  NAME_FORMS.set(rawName, forms);
  return forms;
}

/**
 * The index of a log's names that may match a stem seen so far. A row whose name's first token cannot be a stem token
 * (`firstTokenKey`) costs a few character reads: on a fresh log that is nearly every row, so neither a set of the
 * log's names nor their forms are built.
 */
function namesOf(log: Log): Names {
  let n = NAME_CACHE.get(log);
  if (n && n.stemTokens === stemTokenVersion) return n;
  const byFirstToken = new Map<string, Array<{ text: string; label: string }>>();
  const seen = new Set<string>();
  for (const r of log.rows) {
    const key = firstTokenKey(r.counterparty);
    if (key !== NON_ASCII && !STEM_TOKEN_KEYS.has(key)) continue;
    for (const { first, text, label } of nameForms(r.counterparty)) {
      if (!STEM_TOKENS.has(first) || seen.has(text)) continue;
      seen.add(text);
      const list = byFirstToken.get(first);
      if (list) list.push({ text, label });
      else byFirstToken.set(first, [{ text, label }]);
    }
  }
  n = { byFirstToken, stemTokens: stemTokenVersion };
  NAME_CACHE.set(log, n);
  return n;
}

interface StemScan {
  norm: string;
  tokens: string[];
  /** Findings that do not depend on the log. */
  findings: string[];
}
/** Stems are template text, so the log-independent part of the scan is cached per stem (bounded). */
const STEM_CACHE = new Map<string, StemScan>();
const STEM_CACHE_MAX = 10_000;

function scanStem(stem: string): StemScan {
  const hit = STEM_CACHE.get(stem);
  if (hit) return hit;
  if (STEM_CACHE.size >= STEM_CACHE_MAX) {
    // the stem tokens go with the stems that brought them (a cached stem's tokens must stay in the set)
    STEM_CACHE.clear();
    STEM_TOKENS.clear();
    STEM_TOKEN_KEYS.clear();
    stemTokenVersion++;
  }
  const findings: string[] = [];
  const digit = DIGIT_RE.exec(stem);
  if (digit) findings.push(`digit "${digit[0]}"`);
  const cjk = CJK_NUMERAL_RE.exec(stem);
  if (cjk) findings.push(`number character "${cjk[0]}"`);
  const sign = MONEY_SIGN_RE.exec(stem);
  if (sign) findings.push(`amount sign "${sign[0]}"`);
  const s = norm(stem);
  const tokens = new Set<string>();
  for (const raw of s.split(SPLIT_RE)) {
    if (!raw) continue;
    const tok = raw.endsWith("'s") ? raw.slice(0, -2) : raw;
    tokens.add(tok);
    if (!STEM_TOKENS.has(tok)) {
      STEM_TOKENS.add(tok);
      const key = firstTokenKey(raw);
      if (key !== NON_ASCII) STEM_TOKEN_KEYS.add(key);
      stemTokenVersion++;
    }
    const kind = WORD_KIND.get(tok);
    if (kind) findings.push(`${kind} "${tok}"`);
  }
  for (const [phrase, kind] of PHRASES) {
    if (s.includes(phrase) && wordRe(phrase).test(s)) findings.push(`${kind} "${phrase}"`);
  }
  const scan = { norm: s, tokens: [...tokens], findings };
  STEM_CACHE.set(stem, scan);
  return scan;
}

/**
 * Zero-leakage check of a stem against its log (SPEC §6): returns one reason per finding, empty when clean.
 * Flags digits (any script), written numbers, fractions and multiples, currency and percent signs, month and
 * weekday names, named holidays, and any counterparty name of the log (whole, or its core without the
 * business suffix). Cost: O(tokens of the stem) per log once the stem has been seen.
 */
export function checkLeakage(stem: string, log: Log): string[] {
  const scan = scanStem(stem);
  const out = scan.findings.slice();
  const s = scan.norm;
  const names = namesOf(log);
  if (names.byFirstToken.size === 0) return out;
  for (const tok of scan.tokens) {
    const list = names.byFirstToken.get(tok);
    if (!list) continue;
    for (const { text, label } of list) {
      if (s.includes(text) && wordRe(text).test(s) && !out.some((o) => o.includes(`"${text}"`))) out.push(`${label} "${text}"`);
    }
  }
  return out;
}
