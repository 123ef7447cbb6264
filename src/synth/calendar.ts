/**
 * Calendar arithmetic on local wall time held as seconds since 1970-01-01 00:00:00 (read as UTC, no time zone),
 * the time base of `SynthEvent.at`. Pure: `Date.UTC` on given values only.
 */
import { civilFromDays, daysFromCivil } from '../log/civil-days.js';
import { DAY_S } from '../log/time-units.js';

export { DAY_S };

const parsedDates = new Map<string, number>();

/**
 * `YYYY-MM-DD` → local seconds at 00:00:00 of that day; throws a RangeError on a malformed or impossible date.
 * Well-formed dates of years 100–9999 are read by character code; other text goes through a regular expression and a
 * Date, valid results memoised.
 */
export function parseDate(date: string): number {
  // The usual case by character codes: a well-formed date of years 100-9999 (earlier years are rejected below, as a
  // Date reads years 0-99 as 1900-1999).
  if (date.length === 10 && date.charCodeAt(4) === 45 && date.charCodeAt(7) === 45) {
    const y = digits4(date);
    const m = (date.charCodeAt(5) - 48) * 10 + date.charCodeAt(6) - 48;
    const d = (date.charCodeAt(8) - 48) * 10 + date.charCodeAt(9) - 48;
    if (y >= 100 && isDigit(date, 5) && isDigit(date, 6) && isDigit(date, 8) && isDigit(date, 9) && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m)) {
      return dayStart(y, m, d);
    }
  }
  const hit = parsedDates.get(date);
  if (hit !== undefined) return hit;
  const at = parseDateUncached(date);
  if (parsedDates.size < 200_000) parsedDates.set(date, at);
  return at;
}

function isDigit(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
}

/** The number written by the first four characters when all are digits, else -1. */
function digits4(s: string): number {
  let n = 0;
  for (let i = 0; i < 4; i++) {
    if (!isDigit(s, i)) return -1;
    n = n * 10 + s.charCodeAt(i) - 48;
  }
  return n;
}

function parseDateUncached(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new RangeError(`not a calendar date: ${date}`);
  }
  return ms / 1000;
}

const dateCache = new Map<number, string>();

/** Local seconds → `YYYY-MM-DD` (memoised per day: a process formats few distinct days). */
export function formatDate(at: number): string {
  const days = Math.floor(at / DAY_S);
  let s = dateCache.get(days);
  if (s === undefined) {
    const c = civil(at);
    s = `${c.year}-${pad2(c.month)}-${pad2(c.day)}`;
    if (dateCache.size < 200_000) dateCache.set(days, s);
  }
  return s;
}

/**
 * Year, month (1–12), day (1–31) and weekday (0 = Monday … 6 = Sunday) of a local time, by Howard Hinnant's
 * `civil_from_days` (proleptic Gregorian; http://howardhinnant.github.io/date_algorithms.html), without a Date.
 */
export function civil(at: number): { year: number; month: number; day: number; weekday: number } {
  const days = Math.floor(at / DAY_S);
  const { year, month, day } = civilFromDays(days);
  // 1970-01-01 was a Thursday (weekday 3 when Monday is 0).
  const weekday = (((days + 3) % 7) + 7) % 7;
  return { year, month, day, weekday };
}

/** Local seconds at 00:00 on year-month-day; day overflow rolls into the next month as `Date.UTC` does. */
export function dayStart(year: number, month: number, day: number): number {
  // By arithmetic for whole numbers with a year of 100-9999 (`Date.UTC` reads years 0-99 as 1900-1999) and moderate
  // overflow; otherwise as `Date.UTC` says.
  if (Number.isInteger(year) && Number.isInteger(month) && Number.isInteger(day) && year >= 100 && year <= 9999 && Math.abs(month) < 1e5 && Math.abs(day) < 1e6) {
    const carry = Math.floor((month - 1) / 12);
    return (daysFromCivil(year + carry, month - 12 * carry, 1) + day - 1) * DAY_S;
  }
  return Date.UTC(year, month - 1, day) / 1000;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Number of days in a month (month 1–12) of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) return 29;
  return MONTH_DAYS[month - 1];
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

const PAD2: readonly string[] = Array.from({ length: 60 }, (_, i) => (i < 10 ? `0${i}` : String(i)));
/** ` HH:MM:` for each minute of the day, so a timestamp is three pieces: date, this, seconds. */
const CLOCK: readonly string[] = Array.from({ length: 1440 }, (_, m) => ` ${PAD2[Math.floor(m / 60)]}:${PAD2[m % 60]}:`);

/**
 * Formats local times as `YYYY-MM-DD HH:MM:SS`; the date part comes from the per-day cache of `formatDate` (with the
 * last day remembered, since rows come in time order), so a row costs a few string concatenations.
 */
export class TimestampFormatter {
  private lastDay = Number.NaN;
  private lastDate = '';

  /** `YYYY-MM-DD HH:MM:SS` of a local time in whole seconds. */
  format(at: number): string {
    const day = Math.floor(at / DAY_S);
    if (day !== this.lastDay) {
      this.lastDay = day;
      this.lastDate = formatDate(at);
    }
    const s = at - day * DAY_S;
    const m = Math.floor(s / 60);
    return this.lastDate + CLOCK[m] + PAD2[s % 60];
  }
}
