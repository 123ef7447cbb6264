import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildView, daysInMonthIndex, nameTest, namesMatching, offsetFromDayOfMonth, type LogView } from '../../src/signals/view.js';
import { detectAll } from '../../src/signals/index.js';
import { generateLogWith } from '../../src/synth/generate.js';
import { INJECTORS } from '../../src/synth/inject/index.js';
import { listProfiles, loadProfile } from '../../src/io/profiles.js';
import { buildLog } from './build-log.js';

describe('daysInMonthIndex', () => {
  it('knows February of leap and common years', () => {
    expect(daysInMonthIndex(2024 * 12 + 1)).toBe(29);
    expect(daysInMonthIndex(2023 * 12 + 1)).toBe(28);
    expect(daysInMonthIndex(1900 * 12 + 1)).toBe(28);
    expect(daysInMonthIndex(2000 * 12 + 1)).toBe(29);
    expect(daysInMonthIndex(2023 * 12 + 11)).toBe(31);
  });
});

describe('offsetFromDayOfMonth', () => {
  // Hand-computed: due day 31 in February 2023 falls on the 28th, so 1 March is one day after it.
  it('clamps the due day to short months', () => {
    expect(offsetFromDayOfMonth(2023 * 12 + 2, 1, 31)).toBe(1);
  });
  it('measures from the nearest month', () => {
    expect(offsetFromDayOfMonth(2023 * 12 + 0, 30, 1)).toBe(-2); // 30 Jan is 2 days before 1 Feb
    expect(offsetFromDayOfMonth(2023 * 12 + 4, 22, 10)).toBe(12); // 22 May is 12 days after 10 May
    expect(offsetFromDayOfMonth(2023 * 12 + 4, 10, 10)).toBe(0);
  });
});

describe('buildView', () => {
  it('parses dates, hours and interns counterparties in one pass', () => {
    const log = buildLog([
      { at: '2023-03-01 02:05:00', type: 'Purchase', amount: -10, counterparty: 'A', location: 'JP' },
      { at: '2023-03-01 23:59:59', type: 'Purchase', amount: -10, counterparty: 'B' },
      { at: '2023-04-15 08:00:00', type: 'Salary', amount: 5000, counterparty: 'A' },
      { at: '2023-05-15 08:00:00', type: 'Salary', amount: 7000, counterparty: 'A' },
    ]);
    const v = buildView(log);
    expect(Array.from(v.day)).toEqual([19417, 19417, 19462, 19492]); // Date.UTC(2023,2,1)/864e5 = 19417
    expect(Array.from(v.hour)).toEqual([2, 23, 8, 8]);
    expect(Array.from(v.cp)).toEqual([0, 1, 0, 0]);
    expect(v.home).toBe('CN');
    expect(v.monthlyIncomeCents).toBe(600_000); // median of 5,000 and 7,000 CNY
  });
});

describe('buildView with row times', () => {
  const PROFILES = listProfiles().map((n) => loadProfile(n));
  const fields = (v: LogView) => ({ ...v, log: undefined, rows: undefined });

  it('gives the same view as parsing the timestamps, on generated logs of every profile and other periods', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.constantFrom(...PROFILES),
        fc.constantFrom({ start: '2023-01-01', end: '2023-12-31' }, { start: '2024-01-01', end: '2024-12-31' }, { start: '1999-11-15', end: '2000-03-10' }),
        (index, profile, period) => {
          let times: Float64Array | undefined;
          const { log } = generateLogWith(profile, { masterSeed: 'view-times', index, period }, {
            injectors: INJECTORS,
            detect: (l, rowTimes) => {
              times = rowTimes;
              return detectAll(l);
            },
          });
          expect(times).toHaveLength(log.rows.length);
          expect(fields(buildView(log, times))).toEqual(fields(buildView(log)));
        },
      ),
      { numRuns: 60, seed: 20240229 },
    );
  });

  it('parses the timestamps when the times do not fit: wrong length, or outside years 1000–9999', () => {
    const log = buildLog([
      { at: '2023-03-01 02:05:00', type: 'Purchase', amount: -10 },
      { at: '2023-04-15 08:00:00', type: 'Salary', amount: 5000 },
    ]);
    const parsed = fields(buildView(log));
    expect(fields(buildView(log, [0]))).toEqual(parsed);
    expect(fields(buildView(log, [-1e12, 1e15]))).toEqual(parsed);
    expect(fields(buildView(log, [Date.UTC(2023, 2, 1, 2, 5) / 1000, Date.UTC(2023, 3, 15, 8) / 1000]))).toEqual(parsed);
  });
});

describe('nameTest', () => {
  it('answers as namesMatching does, testing each name at most once', () => {
    const log = buildLog([
      { at: '2023-03-01 02:05:00', type: 'Purchase', amount: -10, counterparty: 'Golden Golf Club' },
      { at: '2023-03-02 02:05:00', type: 'Purchase', amount: -10, counterparty: 'Corner Grocery' },
      { at: '2023-03-03 02:05:00', type: 'Purchase', amount: -10, counterparty: 'Golden Golf Club' },
    ]);
    const v = buildView(log);
    const re = /golf/i;
    let tests = 0;
    const counting = { test: (s: string) => (tests++, re.test(s)) } as RegExp;
    const golf = nameTest(v, counting);
    const all = namesMatching(v, re);
    for (let round = 0; round < 3; round++) for (let k = 0; k < v.cpNames.length; k++) expect(golf(k)).toBe(all[k] === 1);
    expect(tests).toBe(v.cpNames.length);
  });
});
