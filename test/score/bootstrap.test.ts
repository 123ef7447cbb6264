import { describe, expect, it } from 'vitest';
import { createRng, streamKey } from '../../src/random/index.js';
import { chance } from '../../src/random/draw.js';
import { clusterBootstrap, drawClusterWeights, percentileInterval, quantileType7 } from '../../src/score/bootstrap.js';
import { DEFAULT_SCORE_PARAMS } from '../../src/score/params.js';
import { scoreRun, summarizeItemScores } from '../../src/score/score-run.js';
import type { ItemScore } from '../../src/schema/results.js';
import { makeItem } from './make-item.js';

describe('quantileType7', () => {
  it('matches numpy.quantile (linear interpolation)', () => {
    // numpy.quantile([1,2,3,4,10], [0.025, 0.975]) → [1.1, 9.4]
    const xs = Float64Array.from([1, 2, 3, 4, 10]);
    expect(quantileType7(xs, 0.025)).toBeCloseTo(1.1, 12);
    expect(quantileType7(xs, 0.975)).toBeCloseTo(9.4, 12);
    expect(quantileType7(xs, 0.5)).toBe(3);
  });
});

describe('percentileInterval', () => {
  it('sorts the replicates before taking quantiles', () => {
    expect(percentileInterval([10, 1, 4, 3, 2], 0.95)).toEqual({ lo: expect.closeTo(1.1, 12), hi: expect.closeTo(9.4, 12) });
  });
});

describe('drawClusterWeights', () => {
  it('draws k clusters with replacement', () => {
    const w = drawClusterWeights(createRng('w'), 7);
    expect(w.reduce((s, x) => s + x, 0)).toBe(7);
  });
});

describe('clusterBootstrap', () => {
  const names = ['first', 'never'];
  const stat = (w: Uint32Array) => Float64Array.from([w[0], Number.NaN]);

  it('is reproducible under a seed and skips metrics that are never defined', () => {
    const a = clusterBootstrap(10, names, stat, { seed: 's1', replicates: 200, level: 0.9, purpose: 't' });
    const b = clusterBootstrap(10, names, stat, { seed: 's1', replicates: 200, level: 0.9, purpose: 't' });
    expect(a).toEqual(b);
    // Metrics that are never defined get no interval.
    expect(Object.keys(a)).toEqual(['first']);
  });

  it('rejects zero replicates', () => {
    expect(() => clusterBootstrap(3, names, stat, { seed: 's', replicates: 0, level: 0.95, purpose: 't' })).toThrow(
      'clusterBootstrap requires at least one replicate',
    );
  });
});

describe('summarizeItemScores bootstrap', () => {
  const items = Array.from({ length: 60 }, (_, i) =>
    makeItem({ id: `q${i}`, log_id: `log-${i % 20}`, answer: ['A'], domain: i % 2 ? 'debt' : 'time', cognition: i % 3 ? 'memory' : 'evaluation' }),
  );
  const preds = items.map((it, i) => ({ item_id: it.id, selected: [(i * 7) % 5 < 2 ? 'B' : 'A'] }));

  it('gives byte-identical CIs for the same seed and different ones for another seed', () => {
    const a = scoreRun(items, preds, {}, { bootstrap: { seed: '42', replicates: 300 } });
    const b = scoreRun(items, preds, {}, { bootstrap: { seed: '42', replicates: 300 } });
    const c = scoreRun(items, preds, {}, { bootstrap: { seed: '1337', replicates: 300 } });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.ci).not.toEqual(c.ci);
    expect(a.bootstrap).toEqual({ method: 'cluster-percentile', unit: 'log', seed: '42', replicates: 300, level: 0.95 });
    for (const key of ['sDom', 'sCog', 'sUnbiased', 'mrate', 'logScore', 'mem', 'avg', 'domain:debt', 'difficulty:L']) {
      expect(a.ci[key].lo).toBeLessThanOrEqual(a.ci[key].hi);
    }
  });

  it('collapses to the point estimate when every log is identical', () => {
    const same = Array.from({ length: 6 }, (_, i) => makeItem({ id: `s${i}`, log_id: `log-${i % 3}`, answer: ['A'] }));
    const r = scoreRun(same, same.map((it) => ({ item_id: it.id, selected: ['A'] })), {}, { bootstrap: { replicates: 100 } });
    expect(r.ci.sUnbiased).toEqual({ lo: 1, hi: 1 });
  });

  // Simulation: 30 logs of 10 binary items; a log is "good" (p = 0.9) or "bad" (p = 0.3) with probability 1/2, so the
  // true expected score is 0.6 and items of one log are strongly correlated (ICC = 0.09/0.24 ≈ 0.375).
  // One domain and one cognition level make S_unbiased the plain mean, an unbiased estimator of 0.6.
  function simulate(sim: number, clusterByLog: boolean): ItemScore[] {
    const rng = createRng(streamKey('coverage', sim));
    const out: ItemScore[] = [];
    for (let l = 0; l < 30; l++) {
      const p = chance(rng, 0.5) ? 0.9 : 0.3;
      for (let q = 0; q < 10; q++) {
        const hit = chance(rng, p);
        out.push({
          item_id: `${l}-${q}`,
          log_id: clusterByLog ? `log-${l}` : `${l}-${q}`,
          client_kind: 'personal', format: 'single', domain: 'debt', sub_domain: 'others', cognition: 'memory', difficulty: 'L',
          status: 'answered', selected: [hit ? 'A' : 'B'], score: hit ? 1 : 0, wrong_ratio: hit ? 0 : 1, correct: hit,
        });
      }
    }
    return out;
  }
  function coverage(clusterByLog: boolean): number {
    const sims = clusterByLog ? 200 : 60;
    let covered = 0;
    for (let s = 0; s < sims; s++) {
      const r = summarizeItemScores(simulate(s, clusterByLog), DEFAULT_SCORE_PARAMS, { bootstrap: { seed: `sim-${s}`, replicates: 300 } });
      if (r.ci.sUnbiased.lo <= 0.6 && 0.6 <= r.ci.sUnbiased.hi) covered++;
    }
    return covered / sims;
  }

  it('covers the true score at about the nominal 95% when resampling logs', () => {
    // 200 simulations: the Monte Carlo s.e. of a 95% coverage is √(0.95·0.05/200) ≈ 0.015.
    const c = coverage(true);
    expect(c).toBeGreaterThanOrEqual(0.89);
    expect(c).toBeLessThanOrEqual(0.99);
  });

  it('under-covers when items are (wrongly) resampled one by one, which is why logs are the unit', () => {
    // Design effect 1 + 9·0.375 ≈ 4.4: an item-level interval is about √4.4 ≈ 2.1 times too narrow.
    expect(coverage(false)).toBeLessThan(0.85);
  });
});
