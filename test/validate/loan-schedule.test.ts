import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amortize, scheduleDueDates } from '../../src/synth/loan-schedule.js';
import { expectedDueDates, expectedInstallments } from '../../src/validate/loan-schedule.js';

const method = fc.constantFrom('equal_installment' as const, 'equal_principal' as const, 'bullet' as const);
// rates as the profiles write them (0, or 0.5 %–60 % a year in steps of a basis point) and any positive principal
const rate = fc.oneof(fc.constant(0), fc.integer({ min: 50, max: 6000 }).map((bp) => bp / 10_000));

describe("the validator's loan schedule", () => {
  it('agrees with the generator\'s amortisation to the cent on random terms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000_000 }), rate, fc.integer({ min: 1, max: 480 }), method, (L, r, N, m) => {
        const ours = expectedInstallments(L, r, N, m);
        const theirs = amortize({ principalCents: L, annualRate: r, termMonths: N, method: m }).map((x) => ({
          payment_cents: x.payment_cents,
          principal_cents: x.principal_cents,
          interest_cents: x.interest_cents,
        }));
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 2000 },
    );
  });

  it("agrees with the generator's due dates on random start dates and terms", () => {
    const day = fc.record({ y: fc.integer({ min: 1900, max: 2200 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) });
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 480 }), ({ y, m, d }, n) => {
        const start = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        expect(expectedDueDates(start, n)).toEqual(scheduleDueDates(start, n));
      }),
      { numRuns: 1000 },
    );
  });

  it('follows the formulas on worked examples', () => {
    // 1,200.00 at 12 % over 12 months: PMT = 120000·0.01 / (1 − 1.01^−12) = 10661.85… → 106.62 a month
    const annuity = expectedInstallments(120_000, 0.12, 12, 'equal_installment');
    expect(annuity[0]).toEqual({ payment_cents: 10_662, principal_cents: 9_462, interest_cents: 1_200 });
    expect(annuity.reduce((s, x) => s + x.principal_cents, 0)).toBe(120_000);
    // equal principal: 100.00 a month plus interest on what is left
    expect(expectedInstallments(120_000, 0.12, 12, 'equal_principal').slice(0, 2)).toEqual([
      { payment_cents: 11_200, principal_cents: 10_000, interest_cents: 1_200 },
      { payment_cents: 11_100, principal_cents: 10_000, interest_cents: 1_100 },
    ]);
    // bullet: interest only, the principal with the last installment
    expect(expectedInstallments(120_000, 0.12, 3, 'bullet').map((x) => x.payment_cents)).toEqual([1_200, 1_200, 121_200]);
    expect(expectedDueDates('2024-01-31', 3)).toEqual(['2024-02-29', '2024-03-31', '2024-04-30']);
    expect(expectedDueDates('2023-11-30', 3)).toEqual(['2023-12-30', '2024-01-30', '2024-02-29']);
  });
});
