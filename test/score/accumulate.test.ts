import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accumulateByLog, aggregatesFrom, METRIC_NAMES, metricsOf, metricVector, sumVectors } from '../../src/score/accumulate.js';
import { DEFAULT_SCORE_PARAMS } from '../../src/score/params.js';
import { COGNITION_LEVELS, DOMAINS, FORMATS } from '../../src/schema/item.js';
import type { ItemScore } from '../../src/schema/results.js';

const arbItemScore = fc.record({
  log: fc.integer({ min: 0, max: 4 }),
  format: fc.constantFrom(...FORMATS),
  domain: fc.constantFrom(...DOMAINS),
  cognition: fc.constantFrom(...COGNITION_LEVELS),
  score: fc.double({ min: 0, max: 1, noNaN: true }),
  wrong: fc.double({ min: 0, max: 1, noNaN: true }),
});

describe('metricVector', () => {
  it('agrees with aggregatesFrom on every summary and Table 3 metric', () => {
    fc.assert(
      fc.property(fc.array(arbItemScore, { minLength: 1, maxLength: 30 }), (rows) => {
        const items: ItemScore[] = rows.map((r, i) => ({
          item_id: `q${i}`, log_id: `log-${r.log}`, client_kind: 'sme', format: r.format, domain: r.domain, sub_domain: 'others',
          cognition: r.cognition, difficulty: 'M', status: 'answered', selected: ['A'], score: r.score, wrong_ratio: r.wrong, correct: false,
        }));
        const acc = sumVectors(accumulateByLog(items).vectors);
        const named = metricsOf(aggregatesFrom(acc, DEFAULT_SCORE_PARAMS));
        const vec = metricVector(acc, DEFAULT_SCORE_PARAMS);
        return METRIC_NAMES.every((name, i) => {
          if (!(name in named)) return true;
          const v = named[name];
          return v === null ? Number.isNaN(vec[i]) : Math.abs(v - vec[i]) < 1e-12;
        });
      }),
    );
  });
});

describe('sumVectors', () => {
  it('weights each log by how often it was drawn', () => {
    const mk = (id: string, log: string, score: number): ItemScore => ({
      item_id: id, log_id: log, client_kind: 'personal', format: 'single', domain: 'debt', sub_domain: 'others',
      cognition: 'memory', difficulty: 'L', status: 'answered', selected: ['A'], score, wrong_ratio: 1 - score, correct: score === 1,
    });
    const { logIds, vectors } = accumulateByLog([mk('a', 'L2', 1), mk('b', 'L1', 0), mk('c', 'L1', 1)]);
    expect(logIds).toEqual(['L1', 'L2']);
    // Weights (L1 × 0, L2 × 3): three copies of item a → mean 1.
    expect(aggregatesFrom(sumVectors(vectors, [0, 3]), DEFAULT_SCORE_PARAMS).summary.sUnbiased).toBe(1);
    // Weights (L1 × 2, L2 × 1): scores 0,1,0,1,1 → mean 3/5.
    expect(aggregatesFrom(sumVectors(vectors, [2, 1]), DEFAULT_SCORE_PARAMS).summary.sUnbiased).toBeCloseTo(0.6, 12);
  });
});
