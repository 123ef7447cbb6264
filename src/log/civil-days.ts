/**
 * Day numbers (days since 1970-01-01) and proleptic Gregorian dates, converted by arithmetic without a Date:
 * Howard Hinnant's `days_from_civil` and `civil_from_days` ("chrono-Compatible Low-Level Date Algorithms",
 * http://howardhinnant.github.io/date_algorithms.html). Log timestamps are local civil times, so both the generator and
 * the detectors work in these day numbers.
 */

/** Days since 1970-01-01 of year-month-day (month 1–12; a day past the month's end counts on into the next). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Year, month (1–12) and day of month of day number `days`: the inverse of `daysFromCivil`. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day: doy - Math.floor((153 * mp + 2) / 5) + 1 };
}
