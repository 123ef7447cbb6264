import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { baselinePredictions } from '../../src/score/baselines.js';
import { isExactMatch, scoreItem, wrongRatio } from '../../src/score/item-score.js';
import { scoreRun, summarizeItemScores } from '../../src/score/score-run.js';
import { DEFAULT_SCORE_PARAMS } from '../../src/score/params.js';
import { COGNITION_LEVELS, DOMAINS, type Item } from '../../src/schema/item.js';
import { SUB_DOMAINS } from '../../src/schema/signal-id.js';
import { RunScores } from '../../src/schema/results.js';
import type { Prediction } from '../../src/schema/prediction.js';
import { makeItem } from './make-item.js';

// Five items over two logs, worked by hand below (λ = 2 unless stated).
//   i1 single stability/memory         G={A}   M={A}    S = 1                  wrong = 0
//   i2 multi  stability/analysis       G={A,B} M={A,B,C} S = 1 − 2·1/3 = 1/3    wrong = 1/3
//   i3 single liquidity/memory         G={B}   M={C}    S = max(0, 0 − 2) = 0   wrong = 1
//   i4 multi  debt/evaluation          G={A,C} M={A}    S = 1/2 − 0 = 1/2       wrong = 0
//   i5 calc   liquidity/comprehension  status invalid → empty selection, S = 0, wrong = 0
const ITEMS: Item[] = [
  makeItem({ id: 'i1', log_id: 'L1', format: 'single', domain: 'stability', cognition: 'memory', answer: ['A'], sub_domain: 'microloans' }),
  makeItem({ id: 'i2', log_id: 'L1', format: 'multi', domain: 'stability', cognition: 'analysis', answer: ['A', 'B'], sub_domain: 'microloans', difficulty: 'M' }),
  makeItem({ id: 'i3', log_id: 'L1', format: 'single', domain: 'liquidity', cognition: 'memory', answer: ['B'], sub_domain: 'liquidity', difficulty: 'H' }),
  makeItem({ id: 'i4', log_id: 'L2', format: 'multi', domain: 'debt', cognition: 'evaluation', answer: ['A', 'C'], sub_domain: 'repayments', client_kind: 'sme' }),
  makeItem({ id: 'i5', log_id: 'L2', format: 'calc', domain: 'liquidity', cognition: 'comprehension', answer: ['D'], sub_domain: 'liquidity_sme', client_kind: 'sme' }),
];
const PREDICTIONS: Prediction[] = [
  { item_id: 'i1', selected: ['A'] },
  { item_id: 'i2', selected: ['C', 'A', 'B'] },
  { item_id: 'i3', selected: ['C'] },
  { item_id: 'i4', selected: ['A'], status: 'answered' },
  { item_id: 'i5', selected: ['D'], raw: 'I think D?', status: 'invalid' },
];

describe('scoreRun', () => {
  const run = scoreRun(ITEMS, PREDICTIONS, {}, { label: 'hand', bootstrap: false });

  it('scores each item with Eq. 1 and records its misunderstanding term', () => {
    expect(run.items.map((i) => i.score)).toEqual([1, expect.closeTo(1 / 3, 12), 0, 0.5, 0]);
    expect(run.items.map((i) => i.wrong_ratio)).toEqual([0, expect.closeTo(1 / 3, 12), 1, 0, 0]);
    expect(run.items.map((i) => i.correct)).toEqual([true, false, false, false, false]);
    expect(run.items[1].selected).toEqual(['A', 'B', 'C']);
  });

  it('averages domains and cognition levels over those present, each with equal weight', () => {
    // Domains: stability (1 + 1/3)/2 = 2/3, liquidity (0 + 0)/2 = 0, debt (one item) 1/2 → S_dom = (2/3 + 0 + 1/2)/3 = 7/18.
    // The single debt item weighs as much as two items of another domain: the micro mean would be (1+1/3+0+1/2+0)/5 = 11/30.
    expect(run.summary.sDom).toBeCloseTo(7 / 18, 12);
    expect(run.byDomain.find((d) => d.key === 'debt')).toEqual({ key: 'debt', n: 1, mean: 0.5 });
    expect(run.byDomain.find((d) => d.key === 'time')).toEqual({ key: 'time', n: 0, mean: null });
    // Cognition: memory (1+0)/2 = 1/2, comprehension 0, analysis 1/3, evaluation 1/2 → S_cog = (4/3)/4 = 1/3.
    expect(run.summary.sCog).toBeCloseTo(1 / 3, 12);
    // S_unbiased = 0.5·7/18 + 0.5·1/3 = 13/36.
    expect(run.summary.sUnbiased).toBeCloseTo(13 / 36, 12);
  });

  it('computes Mrate over all items and discounts Log-Score by (1 − Mrate)^δ', () => {
    // Mrate = (0 + 1/3 + 1 + 0 + 0)/5 = 4/15; L = 13/36 · (11/15)² = 1573/8100.
    expect(run.summary.mrate).toBeCloseTo(4 / 15, 12);
    expect(run.summary.logScore).toBeCloseTo(1573 / 8100, 12);
  });

  it('fills the Table 3 row from cognition levels and formats', () => {
    // Sin. = (i1 + i3)/2 = 1/2; Mul. = (1/3 + 1/2)/2 = 5/12; Cal. = i5 = 0.
    expect(run.table3).toEqual({
      mem: 0.5,
      com: 0,
      ana: expect.closeTo(1 / 3, 12),
      eva: 0.5,
      sin: 0.5,
      mul: expect.closeTo(5 / 12, 12),
      cal: 0,
      avg: expect.closeTo(13 / 36, 12),
      logScore: expect.closeTo(1573 / 8100, 12),
    });
  });

  it('fills the Table A12 row, null for sub-domains without items', () => {
    // microloans (1 + 1/3)/2 = 2/3; liquidity 0; repayments 1/2; liquidity_sme 0.
    expect(run.tableA12.microloans).toBeCloseTo(2 / 3, 12);
    expect(run.tableA12.liquidity).toBe(0);
    expect(run.tableA12.repayments).toBe(0.5);
    expect(run.tableA12.liquidity_sme).toBe(0);
    expect(run.tableA12.nighttime).toBeNull();
    expect(Object.keys(run.tableA12)).toEqual([...SUB_DOMAINS]);
  });

  it('follows λ, η and δ at non-default values and records them', () => {
    const r = scoreRun(ITEMS, PREDICTIONS, { lambda: 1, eta: 0.25, delta: 1 }, { bootstrap: false });
    // λ = 1: i2 = 1 − 1·1/3 = 2/3 (i3 stays max(0, 0 − 1) = 0).
    // S_dom = ((1 + 2/3)/2 + 0 + 1/2)/3 = 4/9; S_cog = (1/2 + 0 + 2/3 + 1/2)/4 = 5/12.
    // S_unbiased = 0.25·4/9 + 0.75·5/12 = 61/144; L = 61/144 · (1 − 4/15)^1 = 671/2160.
    expect(r.summary.sDom).toBeCloseTo(4 / 9, 12);
    expect(r.summary.sCog).toBeCloseTo(5 / 12, 12);
    expect(r.summary.sUnbiased).toBeCloseTo(61 / 144, 12);
    expect(r.summary.logScore).toBeCloseTo(671 / 2160, 12);
    expect(r.params).toEqual({ lambda: 1, eta: 0.25, delta: 1, numericTolerance: 0.002 });
  });

  it('writes the default parameters into the result', () => {
    expect(run.params).toEqual({ lambda: 2, eta: 0.5, delta: 2, numericTolerance: 0.002 });
    expect(DEFAULT_SCORE_PARAMS).toEqual(run.params);
  });

  it('counts unparseable, empty and missing answers separately and scores them as empty', () => {
    const r = scoreRun(
      ITEMS,
      [
        { item_id: 'i1', selected: ['A'], status: 'truncated' },
        { item_id: 'i2', selected: [] },
        { item_id: 'i3', status: 'error' },
        { item_id: 'i4', selected: ['Z'] },
      ],
      {},
      { bootstrap: false },
    );
    expect(r.items.map((i) => i.status)).toEqual(['truncated', 'empty', 'error', 'invalid', 'missing']);
    expect(r.items.every((i) => i.score === 0 && i.wrong_ratio === 0)).toBe(true);
    expect(r.counts).toEqual({
      items: 5, logs: 2, answered: 0, empty: 1, invalid: 1, no_answer: 0, truncated: 1, error: 1, missing: 1, unparseable: 4,
    });
  });

  it('accepts lower-case keys and rejects keys that are not options', () => {
    const r = scoreRun([ITEMS[0]], [{ item_id: 'i1', selected: [' a '] }], {}, { bootstrap: false });
    expect(r.items[0]).toMatchObject({ status: 'answered', selected: ['A'], score: 1 });
    const bad = scoreRun([ITEMS[0]], [{ item_id: 'i1', selected: ['A', 'E'] }], {}, { bootstrap: false });
    expect(bad.items[0]).toMatchObject({ status: 'invalid', selected: [], score: 0 });
  });

  it('scores free-response numbers at ±0.2% into S_item and reports ±0.2% and ±5%', () => {
    const items = [1, 2, 3, 4].map((k) =>
      makeItem({ id: `n${k}`, log_id: `N${k}`, format: 'numeric', numeric_answer: 1000, cognition: 'comprehension' }),
    );
    const r = scoreRun(
      items,
      [
        { item_id: 'n1', value: 1001.5 }, // 0.15% off: hit at both tolerances → S = 1
        { item_id: 'n2', value: 1030 }, // 3% off: miss at ±0.2% → S = max(0, 0 − λ) = 0, wrong = 1; hit at ±5%
        { item_id: 'n3', value: 1100 }, // 10% off: miss at both
        { item_id: 'n4', status: 'no_answer' },
      ],
      {},
      { bootstrap: false },
    );
    expect(r.items.map((i) => i.score)).toEqual([1, 0, 0, 0]);
    expect(r.items.map((i) => i.wrong_ratio)).toEqual([0, 1, 1, 0]);
    expect(r.items[1].relative_error).toBeCloseTo(0.03, 12);
    // ±0.2%: 1 of 4; ±5%: 2 of 4 (unanswered counts as a miss). Wilson 95% for 1/4: scipy binomtest(1,4).proportion_ci(method='wilson').
    expect(r.numeric).toMatchObject({ n: 4, within_0_2pct: 0.25, within_5pct: 0.5 });
    expect(r.numeric.wilson_0_2pct!.lo).toBeCloseTo(0.04558726080970055, 9);
    expect(r.numeric.wilson_0_2pct!.hi).toBeCloseTo(0.6993581574175981, 9);
    expect(r.table3.cal).toBe(0.25);
    // Mrate = (0 + 1 + 1 + 0)/4 = 1/2.
    expect(r.summary.mrate).toBe(0.5);
  });

  it('rejects predictions for unknown items and duplicated predictions', () => {
    expect(() => scoreRun(ITEMS, [{ item_id: 'zz', selected: ['A'] }])).toThrow('prediction for unknown item zz');
    expect(() => scoreRun(ITEMS, [PREDICTIONS[0], PREDICTIONS[0]])).toThrow('duplicate prediction for item i1');
  });

  it('rejects an invalid parameter naming it', () => {
    expect(() => scoreRun(ITEMS, PREDICTIONS, { eta: 1.5 })).toThrow(/^eta:/);
    expect(() => scoreRun(ITEMS, PREDICTIONS, { lambda: -1 })).toThrow(/^lambda:/);
  });

  it('returns a result that passes its own schema', () => {
    const full = scoreRun(ITEMS, PREDICTIONS, {}, { bootstrap: { replicates: 50 } });
    expect(RunScores.parse(full)).toEqual(full);
    expect(full.ci.sUnbiased.lo).toBeLessThanOrEqual(full.ci.sUnbiased.hi);
  });
});

const arbItem = (i: number) =>
  fc
    .record({
      log: fc.integer({ min: 0, max: 5 }),
      format: fc.constantFrom('single', 'multi', 'calc', 'numeric' as const),
      domain: fc.constantFrom(...DOMAINS),
      cognition: fc.constantFrom(...COGNITION_LEVELS),
      sub: fc.constantFrom(...SUB_DOMAINS),
      gold: fc.subarray(['A', 'B', 'C', 'D'], { minLength: 1 }),
      value: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    })
    .map(({ log, format, domain, cognition, sub, gold, value }) =>
      makeItem({
        id: `q${i}`,
        log_id: `log-${log}`,
        format,
        domain,
        cognition,
        sub_domain: sub,
        answer: format === 'numeric' ? [] : format === 'multi' ? gold : gold.slice(0, 1),
        numeric_answer: format === 'numeric' ? value : undefined,
      }),
    );
const arbItems = fc.integer({ min: 1, max: 25 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbItem(i))));
const arbParams = fc.record({
  lambda: fc.double({ min: 0, max: 5, noNaN: true }),
  eta: fc.double({ min: 0, max: 1, noNaN: true }),
  delta: fc.double({ min: 0, max: 4, noNaN: true }),
});

describe('scoreRun properties', () => {
  it('gives the oracle S_dom = S_cog = 1, Mrate = 0 and L = 1', () => {
    fc.assert(
      fc.property(arbItems, arbParams, (items, params) => {
        const r = scoreRun(items, baselinePredictions('oracle', items), params, { bootstrap: false });
        return r.summary.sDom === 1 && r.summary.sCog === 1 && r.summary.mrate === 0 && r.summary.logScore === 1;
      }),
    );
  });

  it('never puts Log-Score above S_unbiased', () => {
    const arbRun = arbItems.chain((items) =>
      fc.tuple(
        fc.constant(items),
        fc.tuple(...items.map((it) => fc.subarray(['A', 'B', 'C', 'D', 'E']).map((sel): Prediction =>
          it.format === 'numeric' ? { item_id: it.id, value: sel.length } : { item_id: it.id, selected: sel.filter((k) => it.options.some((o) => o.key === k)) },
        ))),
      ),
    );
    fc.assert(
      fc.property(arbRun, arbParams, ([items, preds], params) => {
        const r = scoreRun(items, preds, params, { bootstrap: false });
        return r.summary.logScore <= r.summary.sUnbiased && r.summary.sUnbiased >= 0 && r.summary.sUnbiased <= 1;
      }),
    );
  });
});

describe('scoreResolvedItem', () => {
  it('agrees with scoreItem, wrongRatio and isExactMatch on every option item', () => {
    fc.assert(
      fc.property(
        fc.subarray(['A', 'B', 'C', 'D', 'E'], { minLength: 1 }),
        fc.subarray(['A', 'B', 'C', 'D', 'E']),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (gold, sel, lambda) => {
          const item = makeItem({ id: 'x', format: 'multi', answer: gold });
          const s = scoreRun([item], [{ item_id: 'x', selected: sel }], { lambda }, { bootstrap: false }).items[0];
          return (
            s.score === scoreItem(gold, sel, { lambda }) &&
            s.wrong_ratio === wrongRatio(gold, sel) &&
            s.correct === (sel.length > 0 && isExactMatch(gold, sel))
          );
        },
      ),
    );
  });
});

describe('summarizeItemScores', () => {
  it('re-aggregates a subset of scored items', () => {
    const full = scoreRun(ITEMS, PREDICTIONS, {}, { bootstrap: false });
    const sub = summarizeItemScores(full.items.filter((i) => i.log_id === 'L2'), full.params, { bootstrap: false });
    // L2 holds i4 (debt/evaluation, 1/2) and i5 (liquidity/comprehension, 0): S_dom = 1/4, S_cog = 1/4, Mrate = 0.
    expect(sub.summary).toEqual({ sDom: 0.25, sCog: 0.25, sUnbiased: 0.25, mrate: 0, logScore: 0.25 });
  });

  it('requires at least one item', () => {
    expect(() => summarizeItemScores([], DEFAULT_SCORE_PARAMS)).toThrow('summarizeItemScores requires at least one item');
  });
});
