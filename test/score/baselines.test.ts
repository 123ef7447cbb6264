import { describe, expect, it } from 'vitest';
import { BASELINES, baselinePredictions } from '../../src/score/baselines.js';
import { scoreRun } from '../../src/score/score-run.js';
import { DOMAINS, type Item } from '../../src/schema/item.js';
import { SUB_DOMAINS } from '../../src/schema/signal-id.js';
import { makeItem } from './make-item.js';

// 34 items over every domain, sub-domain, cognition level and format, including free-response numeric ones.
const ITEMS: Item[] = SUB_DOMAINS.flatMap((sub, i) => {
  const fmt = (['single', 'multi', 'calc', 'numeric'] as const)[i % 4];
  return [0, 1].map((k) =>
    makeItem({
      id: `${sub}-${k}`,
      log_id: `log-${(i + k) % 5}`,
      format: k === 1 && fmt === 'numeric' ? 'multi' : fmt,
      sub_domain: sub,
      domain: DOMAINS[(i + k) % DOMAINS.length],
      cognition: (['memory', 'comprehension', 'analysis', 'evaluation'] as const)[(i + 2 * k) % 4],
      answer: fmt === 'numeric' && k === 0 ? [] : k === 1 ? ['B', 'D'] : ['C'],
      numeric_answer: fmt === 'numeric' && k === 0 ? 1234.5 : undefined,
    }),
  );
});

describe('baselinePredictions', () => {
  it('lets the oracle score exactly 1 on every column that has items', () => {
    const r = scoreRun(ITEMS, baselinePredictions('oracle', ITEMS), {}, { bootstrap: false });
    expect(Object.values(r.table3).every((v) => v === 1)).toBe(true);
    expect(Object.values(r.tableA12).every((v) => v === 1)).toBe(true);
    expect(r.byDomain.every((g) => g.mean === 1)).toBe(true);
    expect(r.summary).toEqual({ sDom: 1, sCog: 1, sUnbiased: 1, mrate: 0, logScore: 1 });
    expect(r.numeric.within_0_2pct).toBe(1);
  });

  it('makes select-all score far below the oracle: the penalty at work', () => {
    const r = scoreRun(ITEMS, baselinePredictions('select-all', ITEMS), {}, { bootstrap: false });
    // Single (4 options, 1 gold): 1 − 2·3/4 < 0 → 0; multi (5 options, 2 gold): 1 − 2·3/5 < 0 → 0.
    expect(r.summary.sUnbiased).toBe(0);
    expect(r.summary.logScore).toBe(0);
    expect(r.summary.mrate).toBeGreaterThan(0.5);
  });

  it('scores the abstainer 0 and counts its answers as empty', () => {
    const r = scoreRun(ITEMS, baselinePredictions('abstain', ITEMS), {}, { bootstrap: false });
    expect(r.summary).toEqual({ sDom: 0, sCog: 0, sUnbiased: 0, mrate: 0, logScore: 0 });
    expect(r.counts.empty).toBe(ITEMS.length);
  });

  it('picks the first listed option', () => {
    const p = baselinePredictions('first-option', ITEMS);
    expect(p[0]).toEqual({ item_id: ITEMS[0].id, selected: ['A'], status: 'answered' });
  });

  it('draws random answers reproducibly per seed, from valid keys, never empty on option items', () => {
    const a = baselinePredictions('random', ITEMS, { seed: '42' });
    expect(baselinePredictions('random', ITEMS, { seed: '42' })).toEqual(a);
    expect(baselinePredictions('random', ITEMS, { seed: '1337' })).not.toEqual(a);
    // An item's draw does not depend on the other items.
    expect(baselinePredictions('random', ITEMS.slice(5), { seed: '42' })).toEqual(a.slice(5));
    ITEMS.forEach((item, i) => {
      if (item.format === 'numeric') return expect(a[i].selected).toEqual([]);
      const keys = item.options.map((o) => o.key);
      expect(a[i].selected!.length).toBeGreaterThan(0);
      expect(a[i].selected!.every((k) => keys.includes(k))).toBe(true);
      if (item.format !== 'multi') expect(a[i].selected).toHaveLength(1);
    });
  });

  it('covers every documented baseline', () => {
    for (const name of BASELINES) expect(baselinePredictions(name, ITEMS)).toHaveLength(ITEMS.length);
    expect(() => baselinePredictions('psychic' as never, ITEMS)).toThrow('unknown baseline psychic');
  });
});
