import type { NumberSpec } from '../schema/dialect.js';

/** The result of reading a money cell: integer cents, or the code of what is wrong with it. */
export type MoneyResult =
  | { ok: true; cents: number; /** true when only the lenient reading accepted it (a `NUMBER_FORMAT` finding) */ lenient: boolean }
  | { ok: false; code: 'BAD_NUMBER' | 'BAD_DECIMALS' };

/** Currency marks the lenient reader strips wherever a dialect does not list its own. */
export const COMMON_CURRENCY_MARKS = ['CZK', 'Kč', 'USD', 'EUR', 'CNY', 'RMB', 'GBP', 'JPY', 'HKD', '€', '$', '£', '¥', '￥', '₩', '₹'] as const;

const NOT_A_NUMBER = { ok: false, code: 'BAD_NUMBER' } as const;
const TOO_MANY_PLACES = { ok: false, code: 'BAD_DECIMALS' } as const;

/**
 * Reads a money cell in the dialect's own format only: optional leading minus, digits (with the dialect's thousands
 * separator in groups of three, when it has one), the decimal separator and `places` digits.
 * Returns integer cents or NaN. Cost: one pass over the characters, no allocation.
 */
export function parseStrictCents(text: string, spec: NumberSpec): number {
  return parseStrictCentsAt(text, 0, text.length, spec);
}

/** `parseStrictCentsAt` with the dialect's settings read once: the reader's hot path. */
export function strictCentsParser(spec: NumberSpec): (text: string, start: number, end: number) => number {
  const dec = spec.decimal.charCodeAt(0);
  const thou = spec.thousands ? spec.thousands.charCodeAt(0) : -1;
  const want = spec.places;
  return (text, start, end) => {
    let i = start;
    let neg = false;
    if (end > start && text.charCodeAt(start) === 45) {
      neg = true;
      i++;
    }
    let units = 0;
    let intDigits = 0;
    let groupLen = -1;
    for (; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        units = units * 10 + (c - 48);
        intDigits++;
        if (groupLen >= 0) groupLen++;
      } else if (c === thou) {
        if (intDigits === 0 || (groupLen >= 0 && groupLen !== 3) || (groupLen < 0 && intDigits > 3)) return NaN;
        groupLen = 0;
      } else break;
    }
    if (intDigits === 0 || (groupLen >= 0 && groupLen !== 3)) return NaN;
    let frac = 0;
    let places = 0;
    if (i < end) {
      if (text.charCodeAt(i) !== dec) return NaN;
      i++;
      for (; i < end; i++) {
        const c = text.charCodeAt(i);
        if (c < 48 || c > 57) return NaN;
        frac = frac * 10 + (c - 48);
        places++;
      }
      if (places === 0) return NaN;
    }
    if (want !== null ? places !== want : places > 2) return NaN;
    const cents = units * 100 + (places === 0 ? 0 : places === 1 ? frac * 10 : frac);
    if (!Number.isSafeInteger(cents)) return NaN;
    return neg && cents !== 0 ? -cents : cents;
  };
}

/** `parseStrictCents` on `text[start, end)`, without cutting the substring out. */
export function parseStrictCentsAt(text: string, start: number, end: number, spec: NumberSpec): number {
  return strictCentsParser(spec)(text, start, end);
}

const SPACES_RE = /[\s\u00A0\u202F\u2009]+/g;

function stripCurrency(text: string, marks: readonly string[]): string {
  let t = text;
  let changed = true;
  while (changed) {
    changed = false;
    for (const m of marks) {
      if (t.length > m.length && t.toUpperCase().startsWith(m.toUpperCase())) {
        t = t.slice(m.length).trim();
        changed = true;
      } else if (t.length > m.length && t.toUpperCase().endsWith(m.toUpperCase())) {
        t = t.slice(0, t.length - m.length).trim();
        changed = true;
      }
    }
  }
  return t;
}

/**
 * Reads a money cell written in any common style: surrounding whitespace, currency marks (`¥`, `€`, `CZK`…),
 * `+`/`-`/`−` signs, negatives in parentheses or with a trailing minus, thousands separators (`,` `.` space `'`)
 * and a decimal point or comma. The decimal separator is the last `.` or `,` unless it is followed by exactly three
 * digits and is not the dialect's decimal separator (then it groups thousands). More than two decimal places that are
 * not zeros is `BAD_DECIMALS`: such a value is not an amount of money.
 */
export function parseLenientCents(text: string, spec: NumberSpec): MoneyResult {
  let t = text.trim();
  if (t === '') return NOT_A_NUMBER;
  let neg = false;
  const marks = spec.currency.length > 0 ? [...spec.currency, ...COMMON_CURRENCY_MARKS] : COMMON_CURRENCY_MARKS;
  for (let round = 0; round < 3; round++) {
    t = stripCurrency(t, marks);
    if (t.startsWith('(') && t.endsWith(')')) {
      neg = !neg;
      t = t.slice(1, -1).trim();
    } else if (t.startsWith('-') || t.startsWith('\u2212')) {
      neg = !neg;
      t = t.slice(1).trim();
    } else if (t.endsWith('-') || t.endsWith('\u2212')) {
      neg = !neg;
      t = t.slice(0, -1).trim();
    } else if (t.startsWith('+')) {
      t = t.slice(1).trim();
    } else break;
  }
  t = t.replace(SPACES_RE, ' ');
  if (!/^\d[\d.,' ’]*$/.test(t) || !/\d$/.test(t)) return NOT_A_NUMBER;
  const lastDot = t.lastIndexOf('.');
  const lastComma = t.lastIndexOf(',');
  const last = Math.max(lastDot, lastComma);
  let intPart = t;
  let fracPart = '';
  if (last >= 0) {
    const sepChar = t[last];
    const other = sepChar === '.' ? ',' : '.';
    const tail = t.slice(last + 1);
    const onlyOnce = t.indexOf(sepChar) === last;
    const otherBefore = t.indexOf(other) >= 0;
    const isDecimal = onlyOnce && /^\d+$/.test(tail) && (otherBefore || tail.length !== 3 || sepChar === spec.decimal);
    if (isDecimal) {
      intPart = t.slice(0, last);
      fracPart = tail;
    }
  }
  // what is left of the integer part may only hold digits and one kind of grouping separator, in groups of three
  const groups = intPart.split(/[.,' ’]/);
  const seps = new Set(intPart.replace(/\d/g, ''));
  if (seps.size > 1) return NOT_A_NUMBER;
  if (groups.length > 1) {
    if (groups[0].length < 1 || groups[0].length > 3) return NOT_A_NUMBER;
    for (let g = 1; g < groups.length; g++) if (groups[g].length !== 3) return NOT_A_NUMBER;
  }
  const digitsOnly = groups.join('');
  if (!/^\d+$/.test(digitsOnly)) return NOT_A_NUMBER;
  if (fracPart.length > 2) {
    if (!/^0+$/.test(fracPart.slice(2))) return TOO_MANY_PLACES;
    fracPart = fracPart.slice(0, 2);
  }
  const cents = Number(digitsOnly) * 100 + Number(fracPart.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents)) return NOT_A_NUMBER;
  return { ok: true, cents: neg && cents !== 0 ? -cents : cents, lenient: true };
}

/** Reads a money cell: the strict dialect format first, then (when the dialect is lenient) any common spelling. */
export function parseMoney(text: string, spec: NumberSpec): MoneyResult {
  const strict = parseStrictCents(text, spec);
  if (strict === strict) return { ok: true, cents: strict, lenient: false };
  if (!spec.lenient) {
    const loose = parseLenientCents(text, spec);
    return loose.ok ? NOT_A_NUMBER : loose;
  }
  return parseLenientCents(text, spec);
}
