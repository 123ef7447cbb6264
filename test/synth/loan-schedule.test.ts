import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { amortize, scheduleDueDates, withDueDates } from '../../src/synth/loan-schedule.js';

/** The straightforward implementation the fast one must equal, on any text (validators pass labels as given). */
function referenceDueDates(start: string, count: number): string[] {
  const [y, m, d] = start.split('-').map(Number);
  const out: string[] = [];
  for (let k = 1; k <= count; k++) {
    const month0 = m - 1 + k;
    const year = y + Math.floor(month0 / 12);
    const month = (month0 % 12) + 1;
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    out.push(`${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`);
  }
  return out;
}

describe('scheduleDueDates', () => {
  it('clamps to month ends and rolls over the year', () => {
    expect(scheduleDueDates('2023-01-31', 3)).toEqual(['2023-02-28', '2023-03-31', '2023-04-30']);
    expect(scheduleDueDates('2023-11-15', 3)).toEqual(['2023-12-15', '2024-01-15', '2024-02-15']);
    expect(scheduleDueDates('2024-01-30', 1)).toEqual(['2024-02-29']);
  });

  it('equals the Date-based reading on dates of any year and on malformed text', () => {
    const digits = (n: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: n, maxLength: n }).map((a) => a.join(''));
    const shaped = fc.tuple(digits(4), digits(2), digits(2)).map(([y, m, d]) => `${y}-${m}-${d}`);
    const loose = fc.tuple(fc.integer({ min: -50, max: 300_000 }), fc.integer({ min: -2, max: 14 }), fc.integer({ min: -1, max: 40 })).map(([y, m, d]) => `${y}-${m}-${d}`);
    fc.assert(
      fc.property(fc.oneof(shaped, loose, fc.string({ maxLength: 12 }), fc.constantFrom('0000-01-31', '0099-12-31', '0100-01-31', '9999-12-31', '2023-0a-01')), fc.integer({ min: 0, max: 30 }), (start, count) => {
        expect(scheduleDueDates(start, count)).toEqual(referenceDueDates(start, count));
      }),
      { numRuns: 3000, seed: 5 },
    );
  });
});

describe('withDueDates', () => {
  it('is the plan spread with its due dates, keys in the same order', () => {
    for (const method of ['equal_installment', 'equal_principal', 'bullet'] as const) {
      const plan = amortize({ principalCents: 1_234_500, annualRate: 0.061, termMonths: 7, method });
      const dues = scheduleDueDates('2023-03-31', 7);
      const expected = plan.map((p, i) => ({ ...p, due_date: dues[i] }));
      const got = withDueDates(plan, dues);
      expect(got).toEqual(expected);
      expect(JSON.stringify(got)).toBe(JSON.stringify(expected));
    }
  });
});
