import { describe, expect, it } from 'vitest';
import { chancePredictions, chanceSizes, expectedScore } from '../../src/validity/chance.js';
import type { Item } from '../../src/schema/item.js';

const multi = (id: string, k: number, g: number): Item =>
  ({
    id,
    log_id: 'p1',
    format: 'multi',
    options: Array.from({ length: k }, (_, i) => ({ key: 'ABCDEF'[i], text: `o${i}` })),
    answer: Array.from({ length: g }, (_, i) => 'ABCDEF'[i]),
  }) as unknown as Item;

describe('chance, the reference of the validity gates', () => {
  it('gives the exact expected score of a uniform m-subset under the penalty λ = 2', () => {
    expect(expectedScore(4, 1, 1)).toBeCloseTo(0.25, 12);
    expect(expectedScore(4, 2, 1)).toBeCloseTo(0.25, 12); // (2/4) right × ½ credit
    expect(expectedScore(4, 2, 4)).toBe(0); // 1 − 2·(2/4) = 0
    expect(expectedScore(6, 4, 6)).toBeCloseTo(1 - (2 * 2) / 6, 12); // select-all keeps a third
    expect(expectedScore(5, 3, 3)).toBeCloseTo(1 / 10, 12); // only the all-right triple scores 1 − 0, one wrong scores 2/3 − 2/3
  });

  it('picks per option count the selection size that scores best on the calibration items, and selects that many', () => {
    const sizes = chanceSizes([multi('a', 4, 1), multi('b', 4, 1), multi('c', 6, 4), multi('d', 6, 4)]);
    expect(sizes.get(4)).toBe(1);
    expect(sizes.get(6)).toBe(6);
    const preds = chancePredictions([multi('x', 6, 2), multi('y', 4, 3), multi('z', 5, 2)], sizes, 's');
    expect(preds.map((p) => p.selected!.length)).toEqual([6, 1, 1]);
    expect(chancePredictions([multi('x', 6, 2)], sizes, 's')).toEqual(preds.slice(0, 1));
  });
});
