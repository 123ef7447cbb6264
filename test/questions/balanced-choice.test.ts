import { describe, expect, test } from 'vitest';
import { createRng } from '../../src/random/rng.js';
import { balancedDesign, drawBalanced, widenNames } from '../../src/questions/balanced-choice.js';
import { singleChoices } from '../../src/questions/options.js';

/** Weekday answer shares as a busiest-weekday template might measure them: weekends common, none above 1/4. */
const WEEKDAYS: Record<string, number> = {
  Monday: 0.06,
  Tuesday: 0.08,
  Wednesday: 0.1,
  Thursday: 0.12,
  Friday: 0.2,
  Saturday: 0.22,
  Sunday: 0.22,
};

/** Items as the builder makes them: the gold drawn by its share (the log decides it), the wrong texts by the design. */
function simulate(shares: Record<string, number>, n: number, names = false): Array<{ gold: string; options: string[] }> {
  const rng = createRng('balanced-choice');
  const texts = Object.keys(shares);
  const total = texts.reduce((a, t) => a + shares[t], 0);
  const out: Array<{ gold: string; options: string[] }> = [];
  for (let i = 0; i < n; i++) {
    let u = rng.next() * total;
    const gold = texts.find((t) => (u -= shares[t]) < 0) ?? texts[texts.length - 1];
    const choices = singleChoices(rng, gold, [], { shares, names })!;
    out.push({ gold, options: choices.map((c) => c.text) });
  }
  return out;
}

describe('balanced single-choice options', () => {
  test('offer each text about three times as often as it is right, so every text is right in about 1/4 of its items', () => {
    const items = simulate(WEEKDAYS, 40_000);
    for (const text of Object.keys(WEEKDAYS)) {
      const offered = items.filter((it) => it.options.includes(text));
      const right = offered.filter((it) => it.gold === text).length;
      expect(right / offered.length, text).toBeGreaterThan(0.235);
      expect(right / offered.length, text).toBeLessThan(0.265);
    }
  });

  test('say nothing through the company a text keeps: given two texts offered together, each is right as often', () => {
    const items = simulate(WEEKDAYS, 40_000);
    for (const [a, b] of [['Saturday', 'Monday'], ['Sunday', 'Friday'], ['Tuesday', 'Saturday']]) {
      const both = items.filter((it) => it.options.includes(a) && it.options.includes(b));
      const ra = both.filter((it) => it.gold === a).length / both.length;
      const rb = both.filter((it) => it.gold === b).length / both.length;
      expect(Math.abs(ra - rb), `${a} / ${b}`).toBeLessThan(0.03);
    }
  });

  test('draw three distinct wrong texts from the table, never the gold, whatever the gold', () => {
    const design = balancedDesign(WEEKDAYS)!;
    for (const gold of [...Object.keys(WEEKDAYS), 'Holiday']) {
      for (let i = 0; i < 50; i++) {
        const wrong = drawBalanced(createRng(`${gold}${i}`), design, gold);
        expect(wrong).toHaveLength(3);
        expect(new Set(wrong).size).toBe(3);
        expect(wrong).not.toContain(gold);
        for (const w of wrong) expect(WEEKDAYS).toHaveProperty(w);
      }
    }
  });

  test('fall back to the log’s own candidates, near misses first, when the table has four texts or fewer', () => {
    const shares = { Rent: 0.4, Payroll: 0.3, 'Supplier Payment': 0.3 };
    const c = singleChoices(createRng('few'), 'Rent', ['Utility', 'Payroll', 'Tax', 'Fee'], { shares, prefer: 1 })!;
    expect(c.map((x) => x.text)).toContain('Utility');
    expect(c.filter((x) => x.correct).map((x) => x.text)).toEqual(['Rent']);
    expect(new Set(c.map((x) => x.text)).size).toBe(4);
  });
});

describe('widenNames', () => {
  const table = {
    'Anda Bank Credit Card Center': 0.3,
    'Boya Bank Credit Card Center': 0.1,
    'Boya Apartments': 0.2,
    'Anda Securities': 0.05,
    'Chunlei Securities': 0.05,
    'Chen Long': 0.2,
    'Hu Gang': 0.1,
  };
  const wide = widenNames(table);

  test('keeps each kind’s share and spreads it evenly over every first word of its family (first words met with a shared kind)', () => {
    const kindTotal = (kind: string): number => Object.entries(wide).filter(([t]) => t.endsWith(` ${kind}`)).reduce((a, [, s]) => a + s, 0);
    expect(kindTotal('Bank Credit Card Center')).toBeCloseTo(0.4, 10);
    expect(kindTotal('Apartments')).toBeCloseTo(0.2, 10);
    expect(wide['Chunlei Bank Credit Card Center']).toBeCloseTo(0.4 / 3, 10);
    expect(wide['Anda Apartments']).toBeCloseTo(0.2 / 3, 10);
    expect(wide['Boya Securities']).toBeCloseTo(0.1 / 3, 10);
  });

  test('does not cross families: trade names never meet a person’s given name', () => {
    expect(wide).not.toHaveProperty('Anda Long');
    expect(wide).not.toHaveProperty('Chen Apartments');
    expect(wide['Chen Long']).toBeCloseTo(0.2, 10);
  });

  test('offers a name no measured log answered as often as the other names of its kind', () => {
    const items = simulate(table, 20_000, true).filter((it) => !it.gold.endsWith('Bank Credit Card Center'));
    const offered = (name: string): number => items.filter((it) => it.options.includes(name)).length;
    const a = offered('Chunlei Bank Credit Card Center');
    const b = offered('Anda Bank Credit Card Center');
    expect(a).toBeGreaterThan(1000);
    expect(Math.abs(a - b) / b).toBeLessThan(0.1);
  });
});
