import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { calcChoices, farEnough, formatValue, multiChoices, partitionChoices, singleChoices } from '../../src/questions/options.js';
import { arrangeChoices, PositionDealer } from '../../src/questions/positions.js';
import { createRng } from '../../src/random/rng.js';

describe('formatValue', () => {
  test('prints money like the log, percentages with one decimal, ratios with two, days with one', () => {
    expect(formatValue(123456, 'money')).toBe('1234.56');
    expect(formatValue(-5, 'money')).toBe('-0.05');
    expect(formatValue(37.25, 'percent')).toBe('37.3%');
    expect(formatValue(1.856, 'ratio')).toBe('1.86');
    expect(formatValue(3, 'count')).toBe('3');
    expect(formatValue(2.04, 'days')).toBe('2.0 days');
  });
});

describe('calcChoices', () => {
  test('keeps the gold value first and three misconceptions far from it and from each other', () => {
    const c = calcChoices(createRng('a'), 5000, 'money', [
      { value: 5010, misconception: 'failed_rows_counted' }, // 0.10 away: too close (margin max(1.00, 2%) = 100.00)
      { value: 6000, misconception: 'gross_vs_net' },
      { value: 6000, misconception: 'refunds_as_income' }, // duplicate text
      { value: 4000, misconception: 'total_vs_share' },
      { value: 2500, misconception: 'wrong_base_period' },
    ])!;
    expect(c[0]).toMatchObject({ text: '50.00', correct: true });
    expect(c.slice(1).map((x) => x.text).sort()).toEqual(['25.00', '40.00', '60.00']);
    expect(c.slice(1).every((x) => x.misconception)).toBe(true);
  });

  test('returns null when fewer than three distractors survive', () => {
    expect(calcChoices(createRng('a'), 3, 'count', [{ value: 4, misconception: 'off_by_one_month' }, { value: 3, misconception: 'failed_rows_counted' }])).toBeNull();
  });

  test('drops negative distractors for a non-negative gold value', () => {
    expect(calcChoices(createRng('a'), 0, 'count', [
      { value: -1, misconception: 'off_by_one_month' },
      { value: 1, misconception: 'off_by_one_month' },
      { value: 2, misconception: 'boundary_inclusion' },
    ])).toBeNull();
  });

  test('farEnough compares against the unit margin', () => {
    expect(farEnough(50, 50.4, 'percent')).toBe(false);
    expect(farEnough(50, 51.6, 'percent')).toBe(true);
  });
});

describe('singleChoices', () => {
  test('gives four distinct options with the preferred near misses kept', () => {
    const c = singleChoices(createRng('s'), 'Rent', ['Purchase', 'Rent', 'Fee', 'Tax', 'Payroll'], { prefer: 1 })!;
    expect(c.map((x) => x.text)).toContain('Purchase');
    expect(new Set(c.map((x) => x.text)).size).toBe(4);
    expect(c.filter((x) => x.correct)).toHaveLength(1);
  });
});

describe('multiChoices', () => {
  test('always gives 4–6 options, 1–4 correct and at least two wrong', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), fc.string(), (nt, nf, seed) => {
        const t = Array.from({ length: nt }, (_, i) => `t${i}`);
        const f = Array.from({ length: nf }, (_, i) => `f${i}`);
        const c = multiChoices(createRng(seed), t, f);
        if (!c) return nt === 0 || nf < 2 || nt + nf < 4;
        const k = c.filter((x) => x.correct).length;
        return c.length >= 4 && c.length <= 6 && k >= 1 && k <= 4 && c.length - k >= 2;
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe('partitionChoices', () => {
  test('makes exactly one of four statements true', () => {
    for (const a of [true, false]) {
      for (const b of [true, false]) {
        const c = partitionChoices({ holds: a, yes: 'A', no: 'not A' }, { holds: b, yes: 'B', no: 'not B' });
        expect(c.filter((x) => x.correct).map((x) => x.text)).toEqual([`${a ? 'A' : 'not A'}, and ${b ? 'B' : 'not B'}`]);
      }
    }
  });
});

describe('PositionDealer', () => {
  test('deals every position once per four items', () => {
    const d = new PositionDealer(createRng('p'));
    const got = Array.from({ length: 8 }, () => d.next());
    expect(got.slice(0, 4).sort()).toEqual([0, 1, 2, 3]);
    expect(got.slice(4).sort()).toEqual([0, 1, 2, 3]);
  });

  test('arrangeChoices puts the correct option at the target', () => {
    const c = [{ text: 'x', correct: true }, { text: 'y', correct: false }, { text: 'z', correct: false }, { text: 'w', correct: false }];
    for (let t = 0; t < 4; t++) expect(arrangeChoices(createRng('t'), c, t)[t].text).toBe('x');
  });
});
