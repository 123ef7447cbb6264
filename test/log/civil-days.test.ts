import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { civilFromDays, daysFromCivil } from '../../src/log/civil-days.js';

// The reference throughout is Date.UTC / getUTC*, which implement the same proleptic Gregorian calendar.
const DAY_MS = 86_400_000;

describe('daysFromCivil', () => {
  it('agrees with Date.UTC on leap days, year ends and the epoch', () => {
    for (const [y, m, d] of [[1970, 1, 1], [2000, 2, 29], [2023, 12, 31], [2024, 2, 29], [1999, 3, 1], [2100, 3, 1]])
      expect(daysFromCivil(y, m, d)).toBe(Date.UTC(y, m - 1, d) / DAY_MS);
  });

  it('counts a day past the end of a month on into the next month, as Date.UTC does', () => {
    expect(daysFromCivil(2023, 2, 29)).toBe(daysFromCivil(2023, 3, 1));
    expect(daysFromCivil(2024, 12, 32)).toBe(daysFromCivil(2025, 1, 1));
  });

  it('agrees with Date.UTC for any date of years 1000–9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), (y, m, d) => {
        expect(daysFromCivil(y, m, d)).toBe(Date.UTC(y, m - 1, d) / DAY_MS);
      }),
    );
  });
});

describe('civilFromDays', () => {
  it('reads the epoch, a leap day and the day before the epoch', () => {
    expect(civilFromDays(0)).toEqual({ year: 1970, month: 1, day: 1 });
    expect(civilFromDays(daysFromCivil(2024, 2, 29))).toEqual({ year: 2024, month: 2, day: 29 });
    expect(civilFromDays(-1)).toEqual({ year: 1969, month: 12, day: 31 });
  });

  it('is the inverse of daysFromCivil and agrees with getUTC* for day numbers of years 1000–9999', () => {
    const lo = daysFromCivil(1000, 1, 1);
    const hi = daysFromCivil(9999, 12, 31);
    fc.assert(
      fc.property(fc.integer({ min: lo, max: hi }), (days) => {
        const c = civilFromDays(days);
        const ref = new Date(days * DAY_MS);
        expect(c).toEqual({ year: ref.getUTCFullYear(), month: ref.getUTCMonth() + 1, day: ref.getUTCDate() });
        expect(daysFromCivil(c.year, c.month, c.day)).toBe(days);
      }),
    );
  });
});
