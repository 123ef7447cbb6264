import { INJECTION_PATTERNS, INTL_INJECTION_PATTERNS } from './text-patterns.js';

/**
 * Text normalisation for the injection check (issue 15 D5). A pattern check is a tripwire, not a guarantee: it
 * catches the common disguises of an instruction (other scripts' look-alike letters, invisible characters, width
 * forms, separators, other languages, base64 or hex), not every paraphrase a determined writer can find.
 */

/** Characters that render as nothing: zero-width spaces and joiners, word joiner, BOM, soft hyphen, bidi controls. */
const INVISIBLE_RE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/g;
/** Combining marks, removed after canonical decomposition (`ïgnöre` reads as `ignore`). */
const MARKS_RE = /\p{M}+/gu;

/** Letters of other scripts that look like Latin ones (Cyrillic, Greek, Armenian, IPA), as data: look-alike → Latin. */
const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', һ: 'h', ԛ: 'q', ԝ: 'w', ո: 'n', ս: 'u', ց: 'g', օ: 'o',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', Ѕ: 'S', І: 'I', Ј: 'J', Ԛ: 'Q', Ԝ: 'W',
  // Greek
  α: 'a', β: 'b', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  // Latin look-alikes outside ASCII that NFKC keeps
  ı: 'i', ȷ: 'j', ɡ: 'g', ɑ: 'a', ʏ: 'y', ᴀ: 'a', ʀ: 'r', ꜱ: 's', ᴇ: 'e', ɪ: 'i', ᴏ: 'o', ᴜ: 'u',
};
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'g');

/**
 * The text as the injection patterns read it: NFKC (full-width and other compatibility forms to plain letters),
 * invisible characters removed, diacritics dropped, look-alike letters folded to Latin, `_` and other joiners between
 * words as spaces (`IGNORE_PREVIOUS_INSTRUCTIONS`), runs of whitespace as one space. Case is kept (one pattern needs it).
 */
export function normalizeInjectionText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE_RE, '')
    .normalize('NFD')
    .replace(MARKS_RE, '')
    .normalize('NFC')
    .replace(CONFUSABLE_RE, (c) => CONFUSABLES[c])
    .replace(/[_*~^|+]+/g, ' ')
    .replace(/\s+/g, ' ');
}

const BASE64_RUN_RE = /[A-Za-z0-9+/_-]{16,}={0,2}/g;
const HEX_RUN_RE = /(?:[0-9A-Fa-f]{2}){8,}/g;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes as text when they are valid UTF-8 and mostly printable (a decoded word, not noise), else null. */
function asText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return null;
  }
  let printable = 0;
  for (const ch of text) if (/[\p{L}\p{N}\p{P}\p{Zs}]/u.test(ch)) printable++;
  return printable >= 0.9 * [...text].length ? text : null;
}

function fromBase64(run: string): Uint8Array | null {
  const std = run.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  try {
    const bin = atob(std + '='.repeat((4 - (std.length % 4)) % 4));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function fromHex(run: string): Uint8Array {
  const out = new Uint8Array(run.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(run.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** The texts hidden in base64 or hex runs of 16 or more characters, decoded (one level). */
export function decodedRuns(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(HEX_RUN_RE)) {
    const t = asText(fromHex(m[0]));
    if (t !== null) out.push(t);
  }
  for (const m of text.matchAll(BASE64_RUN_RE)) {
    const bytes = fromBase64(m[0]);
    const t = bytes && asText(bytes);
    if (t) out.push(t);
  }
  return out;
}

/**
 * Whether a text is worth the full check: it has a character outside ASCII, an underscore, a run of 16 base64 or
 * hex characters, or a word of the paraphrase patterns. The plain-ASCII key-word prefilter of the text checks
 * (`textCellsToCheck`) covers the rest.
 */
export const INJECTION_SUSPECT_RE = /[^\x00-\x7f]|_|[A-Za-z0-9+/=-]{16}|\b(?:attention|follow|following|now|pretend|came|instead|guidance|directions)\b/i;

/** The first instruction-like fragment of a text (as written, normalised, or decoded from base64/hex), or null. */
export function findInjectionIn(text: string): string | null {
  const seen = new Set<string>();
  const variants = [text, normalizeInjectionText(text)];
  for (const d of decodedRuns(text)) variants.push(d, normalizeInjectionText(d));
  for (const v of variants) {
    if (seen.has(v)) continue;
    seen.add(v);
    for (const re of INJECTION_PATTERNS) {
      const m = re.exec(v);
      if (m) return m[0].trim();
    }
    for (const re of INTL_INJECTION_PATTERNS) {
      const m = re.exec(v);
      if (m) return m[0].trim();
    }
  }
  return null;
}
