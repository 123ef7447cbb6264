import { describe, expect, it } from 'vitest';
import { chanceItemScore, chancePredictions, chanceScores, chanceSizes, expectedScore } from '../../src/validity/chance.js';
import { loadProfile } from '../../src/io/profiles.js';
import { generateLog } from '../../src/synth/index.js';
import { buildItems } from '../../src/questions/builder.js';
import { scoreRun } from '../../src/score/score-run.js';
import { resolveScoreParams } from '../../src/score/params.js';
import type { Item } from '../../src/schema/item.js';

const multi = (id: string, k: number, g: number): Item =>
  ({
    id,
    log_id: 'p1',
    format: 'multi',
    options: Array.from({ length: k }, (_, i) => ({ key: 'ABCDEF'[i], text: `o${i}` })),
    answer: Array.from({ length: g }, (_, i) => 'ABCDEF'[i]),
  }) as unknown as Item;

/** Every m-subset of `keys`. */
function subsets<T>(keys: readonly T[], m: number): T[][] {
  if (m === 0) return [[]];
  if (keys.length < m) return [];
  const [first, ...rest] = keys;
  return [...subsets(rest, m - 1).map((s) => [first, ...s]), ...subsets(rest, m)];
}

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

  // one generated log's items, one of each format (real tags, so the scorer groups them as it groups a dataset)
  const { log } = generateLog(loadProfile('sme-overdue'), { masterSeed: 'chance', index: 0 });
  const built = buildItems(log, { seed: 'chance' }).items;
  const pick = (f: Item['format'], n: number): Item[] => built.filter((i) => i.format === f).slice(0, n);

  it('is the exact expectation of guessing under the scorer: Avg and every format column equal the mean over all draws', () => {
    const items = [...pick('single', 1), ...pick('calc', 2), ...pick('multi', 1)];
    expect(items.map((i) => i.format).sort()).toEqual(['calc', 'calc', 'multi', 'single']);
    const sizes = new Map([[items[3].options.length, 2]]);
    // every joint draw, each equally likely: one option of each single and calc item, every 2-subset of the multi one
    const choices = items.map((it) => subsets(it.options.map((o) => o.key), it.format === 'multi' ? 2 : 1));
    const sums = { sin: 0, mul: 0, cal: 0, avg: 0, logScore: 0 };
    let draws = 0;
    const walk = (i: number, picked: string[][]): void => {
      if (i === items.length) {
        const t = scoreRun(items, items.map((it, j) => ({ item_id: it.id, selected: picked[j], status: 'answered' as const })), {}, { bootstrap: false }).table3;
        for (const k of Object.keys(sums) as Array<keyof typeof sums>) sums[k] += t[k]!;
        draws++;
        return;
      }
      for (const c of choices[i]) walk(i + 1, [...picked, c]);
    };
    walk(0, []);
    const t = chanceScores(items, sizes).table3;
    for (const k of ['sin', 'mul', 'cal', 'avg'] as const) expect(t[k]!, k).toBeCloseTo(sums[k] / draws, 12);
    // LogScore is S_unbiased·(1 − Mrate)²: the value at the expected Avg and Mrate (not linear, so not the mean over
    // draws on four items; the gap shrinks as 1/N and no gate reads it)
    const mrate = 1 - items.reduce((a, it) => a + it.answer.length / it.options.length, 0) / items.length;
    expect(t.logScore).toBeCloseTo(t.avg! * (1 - mrate) ** 2, 12);
    expect(sums.logScore / draws).not.toBeCloseTo(t.logScore!, 6);
  });

  it('gives 1/k on single and calc items and agrees with the mean of many draws on a real item set', () => {
    const items = built;
    const sizes = chanceSizes(items);
    const exact = chanceScores(items, sizes).table3;
    const params = resolveScoreParams();
    expect(items.map((it) => chanceItemScore(it, sizes, params).score).filter((s, i) => items[i].format !== 'multi')).toEqual(
      items.filter((it) => it.format !== 'multi').map((it) => 1 / it.options.length),
    );
    let sum = 0;
    const R = 400;
    for (let r = 0; r < R; r++) sum += scoreRun(items, chancePredictions(items, sizes, `d${r}`), {}, { bootstrap: false }).table3.avg!;
    // 15 items: one draw's Avg spreads ±~10 points, the mean of 400 by ±~0.5
    expect(Math.abs(sum / R - exact.avg!)).toBeLessThan(0.02);
  });
});
