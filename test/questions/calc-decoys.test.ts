import { describe, expect, test } from 'vitest';
import { far, Surround, type Spacing } from '../../src/questions/calc-decoys.js';
import { UNIT_RULES } from '../../src/questions/options.js';
import { createRng } from '../../src/random/rng.js';

const counts = (max: number): Spacing => ({ min: 0, max, ...UNIT_RULES.count, scale: 1, count: true });
const percent: Spacing = { min: 0, max: 100, ...UNIT_RULES.percent, scale: 1, count: false };

/** rate(g) and the weight of each rank by enumerating every ordered triple of a discrete distribution. */
function enumerate(atoms: ReadonlyArray<readonly [number, number]>, g: number, sp: Spacing): { rate: number; ranks: number[] } {
  const ranks = [0, 0, 0, 0];
  for (const a of atoms) for (const b of atoms) for (const c of atoms) {
    const vals = [g, a[0], b[0], c[0]];
    let ok = vals.every((v) => v >= sp.min && v <= sp.max);
    for (let i = 0; i < 4 && ok; i++) for (let j = i + 1; j < 4; j++) if (!far(vals[i], vals[j], sp.abs, sp.rel)) ok = false;
    if (ok) ranks[[a, b, c].filter((x) => x[0] < g).length] += a[1] * b[1] * c[1];
  }
  return { rate: ranks.reduce((x, y) => x + y, 0), ranks };
}

describe('Surround', () => {
  test('gives the exact surround rate of a discrete distribution, as enumerating every triple of decoys does', () => {
    const atoms = [[0, 0.3], [1, 0.1], [2, 0.15], [4, 0.2], [7, 0.15], [12, 0.1]] as const;
    const s = new Surround({ atoms }, counts(12));
    for (const g of [0, 1, 3, 5, 6, 9, 12]) expect(s.rate(g)).toBeCloseTo(enumerate(atoms, g, counts(12)).rate, 12);
    // a value outside the face bounds cannot be a gold
    expect(s.rate(13)).toBe(0);
  });

  test('counts a pair exactly at the margin as far apart (0.5 pt between 1.0% and 1.5%), like the option check does', () => {
    const atoms = [[0.5, 0.25], [1, 0.25], [1.5, 0.25], [2, 0.25]] as const;
    const s = new Surround({ atoms }, percent);
    // 0.0% is surrounded only by 0.5, 1.0 and 1.5 (or 2.0) — every pair at least 0.5 apart
    expect(s.rate(0)).toBeCloseTo(enumerate(atoms, 0, percent).rate, 12);
    expect(s.rate(0)).toBeGreaterThan(0);
  });

  test('matches a Monte Carlo estimate on a distribution with quantiles and atoms (within four standard errors)', () => {
    const prior = { atoms: [[0, 0.3], [2.5, 0.1]] as Array<[number, number]>, quantiles: Array.from({ length: 21 }, (_, i) => 1 + i * i * 0.1) };
    const s = new Surround(prior, percent);
    const rng = createRng('mc');
    const draw = (): number => {
      const u = rng.next();
      if (u < 0.3) return 0;
      if (u < 0.4) return 2.5;
      const x = rng.next() * 20;
      const i = Math.min(19, Math.floor(x));
      return prior.quantiles[i] + (prior.quantiles[i + 1] - prior.quantiles[i]) * (x - i);
    };
    const n = 100_000;
    for (const g of [0, 3.7, 12]) {
      let hits = 0;
      for (let t = 0; t < n; t++) {
        const vals = [g, draw(), draw(), draw()];
        let ok = true;
        for (let i = 0; i < 4 && ok; i++) for (let j = i + 1; j < 4; j++) if (!far(vals[i], vals[j], 0.5, 0.03)) ok = false;
        if (ok) hits++;
      }
      const p = hits / n;
      expect(Math.abs(s.rate(g) - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n) + 1e-3);
    }
  });

  test('draws decoys from the conditional law: every set admissible, each rank of the gold as often as its share of the rate', () => {
    const atoms = [[0, 0.3], [1, 0.1], [2, 0.15], [4, 0.2], [7, 0.15], [12, 0.1]] as const;
    const sp = counts(12);
    const s = new Surround({ atoms }, sp);
    const { rate, ranks } = enumerate(atoms, 4, sp);
    const seen = [0, 0, 0, 0];
    const n = 4000;
    const rng = createRng('draws');
    const bad: number[][] = [];
    for (let t = 0; t < n; t++) {
      const vals = s.draw(rng, 4)!;
      const ok = vals.length === 4 && vals.every((v, i) => (i === 0 || v - vals[i - 1] >= 1) && (v === 4 || atoms.some(([a]) => a === v)));
      if (!ok) bad.push(vals);
      seen[vals.indexOf(4)]++;
    }
    expect(bad).toEqual([]);
    for (let r = 0; r < 4; r++) {
      const p = ranks[r] / rate;
      expect(Math.abs(seen[r] / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n) + 1e-3);
    }
  });

  test('has a ceiling at least every rate over the distribution, and no set for a gold nothing can surround', () => {
    const s = new Surround({ quantiles: Array.from({ length: 21 }, (_, i) => 20 + i) }, percent);
    for (let g = 20; g <= 40; g += 0.25) expect(s.rate(g)).toBeLessThanOrEqual(s.ceiling);
    const point = new Surround({ quantiles: Array.from({ length: 21 }, () => 30.4) }, percent);
    expect(point.rate(30.4)).toBe(0);
    expect(point.draw(createRng('none'), 30.4)).toBeNull();
  });
});
