import { describe, expect, test } from 'vitest';
import { countStatement, moneyStatement, MONEY_MARGIN } from '../../src/questions/statements.js';
import { createRng } from '../../src/random/rng.js';

describe('moneyStatement', () => {
  test('reads either side, holds on a coin flip, and keeps its threshold at least 15% of the value away', () => {
    const seen = { below: 0, above: 0, holds: 0 };
    const texts = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const value = 5_000_00 + i * 37;
      const s = moneyStatement(createRng(`m${i}`), value, (side, t) => `X is ${side} ${t}`, []);
      const [, side, t] = /^X is (below|above) (-?\d+\.\d{2})$/.exec(s.text)!;
      const cents = Math.round(Number(t) * 100);
      expect(s.holds).toBe(side === 'below' ? value < cents : value > cents);
      expect(Math.abs(cents - value)).toBeGreaterThanOrEqual(MONEY_MARGIN * value - 1);
      seen[side as 'below' | 'above']++;
      if (s.holds) seen.holds++;
      texts.add(t);
    }
    for (const n of [seen.below, seen.above, seen.holds]) expect(n).toBeGreaterThan(160);
    expect(texts.size).toBeGreaterThan(395);
  });

  test('keeps the threshold of a positive quantity above zero', () => {
    for (let i = 0; i < 200; i++) {
      const s = moneyStatement(createRng(`p${i}`), 150 + i, (side, t) => `${side} ${t}`, [], { positive: true });
      expect(Number(s.text.split(' ')[1])).toBeGreaterThan(0);
    }
  });
});

describe('countStatement', () => {
  test('is true exactly when the count meets the stated side, within the range', () => {
    let holds = 0;
    for (let i = 0; i < 300; i++) {
      const value = i % 13;
      const s = countStatement(createRng(`c${i}`), value, (side, n) => `${side} ${n}`, [], { min: 1, max: 12 });
      const [, side, n] = /^(at least|fewer than) (\d+)$/.exec(s.text)!;
      expect(Number(n)).toBeGreaterThanOrEqual(1);
      expect(Number(n)).toBeLessThanOrEqual(12);
      expect(s.holds).toBe(side === 'at least' ? value >= Number(n) : value < Number(n));
      if (s.holds) holds++;
    }
    expect(holds).toBeGreaterThan(100);
    expect(holds).toBeLessThan(200);
  });
});
