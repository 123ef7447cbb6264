import { describe, expect, it } from 'vitest';
import { BLIND_LEARNERS, blindPredictions, crossFitBlindPredictions, optionNumber, trainBlind } from '../../src/score/blind.js';
import { fitLogistic, predictLogistic, rocAuc } from '../../src/score/logistic.js';
import { scoreRun } from '../../src/score/score-run.js';
import { createRng } from '../../src/random/rng.js';
import type { Item } from '../../src/schema/item.js';
import { makeItem } from './make-item.js';

const KEYS = ['A', 'B', 'C', 'D'];

/** Items of one template whose right answer is always the text "Yes" (a planted answer-text prior), at random positions. */
function plantedText(n: number, seed: string): Item[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, i) => {
    const pos = Math.floor(rng.next() * 4);
    const texts = ['No', 'Maybe', 'Never'];
    texts.splice(pos, 0, 'Yes');
    return makeItem({ id: `${seed}-${i}`, log_id: `${seed}-log${i}`, template: { id: 'planted', version: 1 }, options: texts.map((text, k) => ({ key: KEYS[k], text })), answer: [KEYS[pos]] });
  });
}

/** Calc items whose gold is always the second smallest value (a planted rank prior), at random positions. */
function plantedRank(n: number, seed: string): Item[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, i) => {
    const base = 100 + Math.floor(rng.next() * 900);
    const values = [base, base * 1.3, base * 1.9, base * 2.6].map((v) => v.toFixed(2));
    const order = [0, 1, 2, 3].sort(() => rng.next() - 0.5);
    const gold = order.indexOf(1);
    return makeItem({ id: `${seed}-${i}`, log_id: `${seed}-log${i}`, format: 'calc', template: { id: 'rank', version: 1 }, options: order.map((j, k) => ({ key: KEYS[k], text: values[j] })), answer: [KEYS[gold]] });
  });
}

/** Items with no prior at all: the right option is a uniformly random one among four random texts. */
function noPrior(n: number, seed: string): Item[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, i) => {
    const texts = KEYS.map(() => `t${Math.floor(rng.next() * 8)}-${Math.floor(rng.next() * 1e6)}`);
    return makeItem({ id: `${seed}-${i}`, log_id: `${seed}-log${i}`, template: { id: 'fair', version: 1 }, options: texts.map((text, k) => ({ key: KEYS[k], text })), answer: [KEYS[Math.floor(rng.next() * 4)]] });
  });
}

const accuracy = (items: Item[], preds: ReturnType<typeof blindPredictions>): number =>
  items.filter((it, i) => preds[i].selected!.join() === it.answer.join()).length / items.length;

describe('log-free learners', () => {
  it('find a planted answer-text prior and a planted rank prior on items they never saw', () => {
    const model = trainBlind([...plantedText(300, 'cal'), ...plantedRank(300, 'calr')]);
    expect(accuracy(plantedText(200, 'test'), blindPredictions(model, 'text-prior', plantedText(200, 'test')))).toBe(1);
    expect(accuracy(plantedRank(200, 'testr'), blindPredictions(model, 'rank-prior', plantedRank(200, 'testr')))).toBe(1);
    expect(accuracy(plantedRank(200, 'testr'), blindPredictions(model, 'choices-only', plantedRank(200, 'testr')))).toBeGreaterThan(0.95);
  });

  it('stay near chance when the options carry no prior', () => {
    const model = trainBlind(noPrior(600, 'cal'));
    const test = noPrior(800, 'test');
    for (const l of BLIND_LEARNERS) expect(Math.abs(accuracy(test, blindPredictions(model, l, test)) - 0.25)).toBeLessThan(0.06);
  });

  it('cross-fit answers each half of the logs with a model trained on the other half only', () => {
    // each log has one item with a unique text that is right: a model that saw the item would answer it
    const items = noPrior(400, 'x');
    const r = scoreRun(items, crossFitBlindPredictions(items), {}, { bootstrap: false });
    expect(r.table3.avg).toBeLessThan(0.33);
    expect(crossFitBlindPredictions(items)).toEqual(crossFitBlindPredictions(items)); // deterministic
  });

  it('reads the number an option states', () => {
    expect(optionNumber('1234.56')).toBe(1234.56);
    expect(optionNumber('37.5%')).toBe(37.5);
    expect(optionNumber('3.5 days')).toBe(3.5);
    expect(optionNumber('-12.00')).toBe(-12);
    expect(optionNumber('January 2023')).toBeNull();
  });
});

describe('logistic regression and AUC', () => {
  it('recovers a one-feature separation and ranks it with AUC 1; random scores give AUC near ½', () => {
    const xs = Array.from({ length: 200 }, (_, i) => [i < 100 ? -1 - (i % 7) / 10 : 1 + (i % 5) / 10]);
    const ys = xs.map((x) => (x[0] > 0 ? 1 : 0));
    const m = fitLogistic(xs, ys, { l2: 0.1 });
    expect(predictLogistic(m, [2])).toBeGreaterThan(0.9);
    expect(predictLogistic(m, [-2])).toBeLessThan(0.1);
    expect(rocAuc(xs.map((x) => predictLogistic(m, x)), ys)).toBe(1);
    const rng = createRng('auc');
    const labels = Array.from({ length: 4000 }, () => (rng.next() < 0.3 ? 1 : 0));
    expect(Math.abs(rocAuc(labels.map(() => rng.next()), labels) - 0.5)).toBeLessThan(0.03);
    expect(rocAuc([1, 1, 1, 1], [0, 1, 0, 1])).toBe(0.5); // ties count one half
  });
});
