/**
 * Fixed-width date/time formats: tokens `YYYY`, `YY`, `MM`, `DD`, `HH`, `mm`, `ss`; any other character is literal.
 * Every token has a fixed width, so a format is a template of known length and parsing is a character walk
 * (no regular expression); the cost is O(length) per value.
 */

type Part = { kind: 'Y4' | 'Y2' | 'M' | 'D' | 'h' | 'm' | 's'; at: number } | { kind: 'lit'; at: number; ch: number };

/** A compiled date format. `parse` returns the canonical `YYYY-MM-DD HH:MM:SS` text, or null when the value does not fit. */
export interface DateParser {
  format: string;
  length: number;
  hasTime: boolean;
  parse(text: string): string | null;
  /**
   * Present for a format whose `parse` returns a valid value unchanged (the canonical one): whether
   * `text[start, end)` is valid, tested in place, i.e. `parse(text.slice(start, end)) !== null`.
   */
  validAt?(text: string, start: number, end: number): boolean;
}

const TOKENS: Array<[string, Part['kind'], number]> = [
  ['YYYY', 'Y4', 4],
  ['YY', 'Y2', 2],
  ['MM', 'M', 2],
  ['DD', 'D', 2],
  ['HH', 'h', 2],
  ['mm', 'm', 2],
  ['ss', 's', 2],
];

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month of the proleptic Gregorian calendar (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2 && ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0)) return 29;
  return DAYS_IN_MONTH[month - 1];
}

function digits(text: string, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

function pad2(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

/** Compiles a format such as `YYMMDD` or `DD/MM/YYYY HH:mm:ss`; `twoDigitYearBase` turns `YY` into a year (1900 + YY). */
export function compileDateFormat(format: string, twoDigitYearBase = 2000): DateParser {
  const parts: Part[] = [];
  let at = 0;
  let i = 0;
  while (i < format.length) {
    const tok = TOKENS.find(([t]) => format.startsWith(t, i));
    if (tok) {
      parts.push({ kind: tok[1], at } as Part);
      at += tok[2];
      i += tok[0].length;
    } else {
      parts.push({ kind: 'lit', at, ch: format.charCodeAt(i) });
      at += 1;
      i += 1;
    }
  }
  const length = at;
  const hasTime = parts.some((p) => p.kind === 'h');
  const isCanonical = format === 'YYYY-MM-DD HH:mm:ss';
  if (isCanonical) return { format, length, hasTime, parse: parseCanonicalTimestamp, validAt: canonicalTimestampAt };
  const parse = (text: string): string | null => {
    if (text.length !== length) return null;
    let y = -1;
    let mo = -1;
    let d = -1;
    let h = 0;
    let mi = 0;
    let s = 0;
    for (const p of parts) {
      switch (p.kind) {
        case 'lit':
          if (text.charCodeAt(p.at) !== p.ch) return null;
          break;
        case 'Y4':
          y = digits(text, p.at, 4);
          if (y < 0) return null;
          break;
        case 'Y2': {
          const v = digits(text, p.at, 2);
          if (v < 0) return null;
          y = twoDigitYearBase + v;
          break;
        }
        case 'M':
          mo = digits(text, p.at, 2);
          break;
        case 'D':
          d = digits(text, p.at, 2);
          break;
        case 'h':
          h = digits(text, p.at, 2);
          break;
        case 'm':
          mi = digits(text, p.at, 2);
          break;
        case 's':
          s = digits(text, p.at, 2);
          break;
      }
    }
    if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
    if (h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59) return null;
    if (isCanonical) return text;
    return `${y}-${pad2(mo)}-${pad2(d)} ${pad2(h)}:${pad2(mi)}:${pad2(s)}`;
  };
  return { format, length, hasTime, parse };
}

/**
 * A canonical timestamp with every field in range, except the day against its month's length and the year 0000;
 * sticky, so that it tests a value in place in a larger text (`lastIndex` set to where the value starts).
 */
const CANONICAL_SHAPE_RE = /\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]) (?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d/y;

/** `YYYY-MM-DD HH:MM:SS` with a real date and time (the canonical format's hot path); the text itself or null. */
export function parseCanonicalTimestamp(text: string): string | null {
  return canonicalTimestampAt(text, 0, text.length) ? text : null;
}

/** Whether `text[start, end)` is a canonical timestamp with a real date and time, tested in place (no substring). */
export function canonicalTimestampAt(text: string, start: number, end: number): boolean {
  if (end - start !== 19) return false;
  // One native regular-expression test settles the shape and the ranges (cheaper than fourteen digit reads in JS);
  // only the days 29–31 (month lengths, leap years) and the year 0000 need the fields' values.
  CANONICAL_SHAPE_RE.lastIndex = start;
  if (!CANONICAL_SHAPE_RE.test(text)) return false;
  const d = text.charCodeAt(start + 8);
  if (d < 50 || (d === 50 && text.charCodeAt(start + 9) < 57)) {
    return !(text.charCodeAt(start) === 48 && text.charCodeAt(start + 1) === 48 && text.charCodeAt(start + 2) === 48 && text.charCodeAt(start + 3) === 48);
  }
  return checkCanonicalTimestamp(text.slice(start, end)) !== null;
}

/** `YYYY-MM-DD HH:MM:SS` checked character by character; the text itself or null. */
function checkCanonicalTimestamp(text: string): string | null {
  if (text.length !== 19) return null;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 32 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return null;
  const y = digits(text, 0, 4);
  const mo = digits(text, 5, 2);
  const d = digits(text, 8, 2);
  const h = digits(text, 11, 2);
  const mi = digits(text, 14, 2);
  const s = digits(text, 17, 2);
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59) return null;
  return text;
}
