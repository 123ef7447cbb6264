import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { civil, dayStart, daysInMonth, formatDate, parseDate, TimestampFormatter, DAY_S } from '../../src/synth/calendar.js';
import { SPRING_FESTIVAL } from '../../src/synth/data/seasons.js';
import { dayMultipliers } from '../../src/synth/seasonality.js';

describe('civil', () => {
  it('agrees with Date for every day of 1999–2041', () => {
    for (let d = Date.UTC(1999, 0, 1) / 1000; d < Date.UTC(2041, 0, 1) / 1000; d += DAY_S) {
      const js = new Date(d * 1000);
      const c = civil(d + 3723);
      expect([c.year, c.month, c.day]).toEqual([js.getUTCFullYear(), js.getUTCMonth() + 1, js.getUTCDate()]);
      expect(c.weekday).toBe((js.getUTCDay() + 6) % 7);
    }
  });
});

describe('daysInMonth', () => {
  it('knows leap years (2024 yes, 2100 no, 2000 yes)', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2023, 4)).toBe(30);
  });
});

describe('parseDate', () => {
  it('round-trips with formatDate and rejects impossible dates', () => {
    expect(formatDate(parseDate('2023-02-28'))).toBe('2023-02-28');
    expect(() => parseDate('2023-02-29')).toThrow(/calendar date/);
    expect(() => parseDate('2023-2-1')).toThrow(/YYYY-MM-DD/);
  });
});

describe('TimestampFormatter', () => {
  it('formats local seconds as YYYY-MM-DD HH:MM:SS', () => {
    const f = new TimestampFormatter();
    expect(f.format(parseDate('2023-10-01') + 5 * 3600 + 7 * 60 + 9)).toBe('2023-10-01 05:07:09');
    expect(f.format(parseDate('2023-12-31') + DAY_S - 1)).toBe('2023-12-31 23:59:59');
  });

  it('agrees with Date#toISOString on every second of a sample of days', () => {
    const f = new TimestampFormatter();
    for (const day of ['1999-12-31', '2023-03-14', '2024-02-29']) {
      const t0 = parseDate(day);
      for (let s = 0; s < DAY_S; s += 7) expect(f.format(t0 + s)).toBe(new Date((t0 + s) * 1000).toISOString().slice(0, 19).replace('T', ' '));
    }
  });
});

describe('SPRING_FESTIVAL', () => {
  it('covers 2015–2035 with dates between 21 January and 20 February', () => {
    for (let y = 2015; y <= 2035; y++) {
      const d = SPRING_FESTIVAL[y];
      expect(d.slice(0, 4)).toBe(String(y));
      expect(d.slice(5) >= '01-21' && d.slice(5) <= '02-20').toBe(true);
    }
    // Known dates (Hong Kong Observatory): 2023-01-22, 2024-02-10.
    expect(SPRING_FESTIVAL[2023]).toBe('2023-01-22');
    expect(SPRING_FESTIVAL[2024]).toBe('2024-02-10');
  });
});

describe('dayMultipliers', () => {
  it('raises the festival windows and leaves ordinary days at 1', () => {
    const period = { start: parseDate('2023-01-01'), end: parseDate('2024-01-01') };
    const m = dayMultipliers(period, [{ event: 'national_day', multiplier: 2 }, { event: 'spring_festival', multiplier: 3 }, { event: 'double_11', multiplier: 1.5 }]);
    const at = (date: string): number => m[(parseDate(date) - period.start) / DAY_S];
    expect(m.length).toBe(365);
    expect(at('2023-10-01')).toBe(2);
    expect(at('2023-10-07')).toBe(2);
    expect(at('2023-10-08')).toBe(1);
    expect(at('2023-01-22')).toBe(3);
    expect(at('2023-01-01')).toBe(3); // 21 days before the festival
    expect(at('2023-11-11')).toBe(1.5);
    expect(at('2023-06-15')).toBe(1);
  });
});

describe('dayStart', () => {
  it('equals Date.UTC for any year, month and day, overflowing ones included', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 1, max: 12000 }), fc.integer({ min: -300, max: 300 }), fc.constantFrom(99, 100, 9999, 10_000, 0.5, Number.NaN)),
        fc.oneof(fc.integer({ min: -30, max: 40 }), fc.constantFrom(1.5, 2e6, -2e6)),
        fc.oneof(fc.integer({ min: -400, max: 400 }), fc.constantFrom(0, 31, 2.25, 3e8)),
        (y, m, d) => {
          expect(Object.is(dayStart(y, m, d), Date.UTC(y, m - 1, d) / 1000)).toBe(true);
        },
      ),
      { numRuns: 5000, seed: 9 },
    );
  });
});

describe('parseDate on any text', () => {
  const reference = (date: string): number | string => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
    if (!m) return 'format';
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const back = new Date(Date.UTC(y, mo - 1, d));
    if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return 'calendar';
    return Date.UTC(y, mo - 1, d) / 1000;
  };
  const outcome = (date: string): number | string => {
    try {
      return parseDate(date);
    } catch (e) {
      return /calendar/.test((e as Error).message) ? 'calendar' : 'format';
    }
  };
  it('returns what the regex-and-Date reading returns, and throws where it throws', () => {
    const digit = fc.constantFrom(...'0123456789');
    const d = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((a) => a.join(''));
    const shaped = fc.tuple(d(4), d(2), d(2)).map(([y, m, dd]) => `${y}-${m}-${dd}`);
    const near = fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })).map(([y, m, dd]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(dd).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.oneof(shaped, near, fc.string({ maxLength: 11 }), fc.constantFrom('2024-02-29', '2023-02-29', '0099-12-31', '0100-01-01', '1900-02-29', '2000-02-29', '2023-1a-01', '2023-01-01\n')), (date) => {
        expect(outcome(date)).toBe(reference(date));
      }),
      { numRuns: 4000, seed: 13 },
    );
  });
});
