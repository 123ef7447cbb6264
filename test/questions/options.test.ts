import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { calcChoices, farEnough, formatValue, multiChoices, partitionChoices, singleChoices } from '../../src/questions/options.js';
import { arrangeChoices, PositionDealer } from '../../src/questions/positions.js';
import { createRng } from '../../src/random/rng.js';

describe('formatValue', () => {
  test('prints money like the log, percentages with one decimal, ratios with two, days with one', () => {
    expect(formatValue(123456, 'money')).toBe('1234.56');
    expect(formatValue(-5, 'money')).toBe('-0.05');
    expect(formatValue(37.25, 'percent')).toBe('37.3%');
    expect(formatValue(1.856, 'ratio')).toBe('1.86');
    expect(formatValue(3, 'count')).toBe('3');
    expect(formatValue(2.04, 'days')).toBe('2.0 days');
  });
});

describe('calcChoices', () => {
  test('puts the gold at a uniformly drawn rank among four values that are pairwise far apart, each wrong one named or a decoy', () => {
    const ranks = [0, 0, 0, 0];
    for (let i = 0; i < 400; i++) {
      const c = calcChoices(createRng(`rank${i}`), 5000_00, 'money', [
        { value: 5010_00, misconception: 'failed_rows_counted' },
        { value: 6000_00, misconception: 'gross_vs_net' },
        { value: 4000_00, misconception: 'total_vs_share' },
      ])!;
      expect(c[0]).toMatchObject({ text: '5000.00', correct: true });
      const values = c.map((x) => x.value!);
      for (let a = 0; a < 4; a++) for (let b = a + 1; b < 4; b++) expect(farEnough(values[a] * 100, values[b] * 100, 'money')).toBe(true);
      for (const w of c.slice(1)) expect(w.misconception).toBeTruthy();
      ranks[values.filter((v) => v < values[0]).length]++;
    }
    const chi2 = ranks.reduce((a, n) => a + (n - 100) ** 2 / 100, 0);
    expect(chi2).toBeLessThan(16.27); // chi-square, 3 df, p = 0.001
  });

  test('keeps every option inside the face bounds: a share stays in 0–100%, a month count within the months covered', () => {
    for (let i = 0; i < 200; i++) {
      const share = calcChoices(createRng(`share${i}`), 60, 'percent', [], { bounds: { min: 0, max: 100 } });
      if (share) for (const o of share) expect(o.value!).toBeGreaterThanOrEqual(0), expect(o.value!).toBeLessThanOrEqual(100);
      const months = calcChoices(createRng(`months${i}`), 6, 'count', [], { bounds: { min: 0, max: 12 } });
      if (months) for (const o of months) expect(o.value!).toBeGreaterThanOrEqual(0), expect(o.value!).toBeLessThanOrEqual(12);
    }
  });

  test('a count at its face maximum (12 of 12 months) is mostly declined, since its rank would give it away; the lenient pass keeps it', () => {
    let kept = 0;
    for (let i = 0; i < 200; i++) if (calcChoices(createRng(`max${i}`), 12, 'count', [], { bounds: { min: 0, max: 12 } })) kept++;
    expect(kept).toBeLessThan(60);
    expect(calcChoices(createRng('max'), 12, 'count', [], { bounds: { min: 0, max: 12, lenient: true } })).not.toBeNull();
  });

  test('asks the acceptance with the gold\'s keep before drawing decoys, and a declined gold draws nothing', () => {
    const q = [0, 5, 10, 15, 20, 25, 30, 35, 40];
    const asked: number[] = [];
    const rng = createRng('adm');
    expect(calcChoices(rng, 18, 'ratio', [], { quantiles: q, admit: (a) => (asked.push('keep' in a ? a.keep : NaN), false) })).toBeNull();
    expect(asked).toHaveLength(1);
    expect(rng.next()).toBe(createRng('adm').next());
    // admitted, the options are those built without asking, and the gold carries the keep that was asked with
    const plain = calcChoices(createRng('adm'), 18, 'ratio', [], { quantiles: q })!;
    expect(calcChoices(createRng('adm'), 18, 'ratio', [], { quantiles: q, admit: () => true })).toEqual(plain);
    expect(plain[0].keep).toBe(asked[0]);
  });

  test('computes surround rates per unit and bounds: one prior object asked under several gives what a fresh copy gives under each', () => {
    const prior = { quantiles: Array.from({ length: 21 }, (_, i) => 2 + i * 0.5) }; // answers spread over 2–12
    const asks = [
      { unit: 'count', max: 12 },
      { unit: 'count', max: 9 },
      { unit: 'days', max: 12 },
      { unit: 'count', max: 12 },
    ] as const;
    const keeps = asks.map(({ unit, max }, i) => {
      const shared = calcChoices(createRng(`s${i}`), 6, unit, [], { bounds: { min: 0, max }, prior });
      const fresh = calcChoices(createRng(`s${i}`), 6, unit, [], { bounds: { min: 0, max }, prior: structuredClone(prior) });
      expect(shared).toEqual(fresh);
      return fresh![0].keep;
    });
    // the asks do differ: a cache that confused them would have failed above
    expect(new Set(keeps.slice(0, 3)).size).toBe(3);
  });

  test('draws decoys from the quantiles of other logs\' answers when given, and declines a gold they cannot surround', () => {
    const q = Array.from({ length: 21 }, (_, i) => 10 + i); // answers spread over 10–30 (display units)
    const c = calcChoices(createRng('q'), 18, 'ratio', [], { quantiles: q })!;
    for (const o of c.slice(1)) expect(o.value!).toBeGreaterThanOrEqual(10), expect(o.value!).toBeLessThanOrEqual(30);
    const point = Array.from({ length: 21 }, () => 30.4); // every log answers 30.4
    expect(calcChoices(createRng('p'), 30.4, 'days', [], { quantiles: point })).toBeNull();
  });

  test('with a measured gold distribution, a value many logs share is offered as a wrong option three times as often as it is right, once items are kept by their keep probability', () => {
    // month counts: 12 in half the logs, the rest spread over 3–11 (atoms with shares, no quantiles)
    const prior = { atoms: [[3, 0.04], [4, 0.04], [5, 0.05], [6, 0.05], [7, 0.06], [8, 0.06], [9, 0.06], [10, 0.07], [11, 0.07], [12, 0.5]] as Array<[number, number]> };
    const golds = prior.atoms.flatMap(([v, s]) => Array.from({ length: Math.round(s * 2000) }, () => v));
    const right = new Map<string, number>();
    const shown = new Map<string, number>();
    const ranks = [0, 0, 0, 0];
    let kept = 0;
    golds.forEach((g, i) => {
      const c = calcChoices(createRng(`ex${i}`), g, 'count', [{ value: g - 1, misconception: 'off_by_one_month' }], { bounds: { min: 0, max: 12 }, prior });
      if (!c) return;
      // the builder keeps the item with the probability the gold option carries
      expect(c[0].keep).toBeGreaterThan(0);
      expect(c[0].keep).toBeLessThanOrEqual(1);
      if (createRng(`keep${i}`).next() >= c[0].keep!) return;
      kept++;
      ranks[c.filter((o) => o.value! < c[0].value!).length]++;
      right.set(c[0].text, (right.get(c[0].text) ?? 0) + 1);
      for (const o of c) shown.set(o.text, (shown.get(o.text) ?? 0) + 1);
      for (const o of c.slice(1)) expect(o.value!).toBeLessThanOrEqual(12);
    });
    expect(kept).toBeGreaterThan(200);
    // "12" is the answer of half the logs, yet right in about a quarter of the items that offer it
    expect((right.get('12') ?? 0) / shown.get('12')!).toBeGreaterThan(0.18);
    expect((right.get('12') ?? 0) / shown.get('12')!).toBeLessThan(0.32);
    const chi2 = ranks.reduce((a, n) => a + (n - kept / 4) ** 2 / (kept / 4), 0);
    expect(chi2).toBeLessThan(16.27); // chi-square, 3 df, p = 0.001
  });

  test('a named misconception replaces a decoy drawn from repeated answers only where it prints the same', () => {
    const prior = { atoms: [[2, 0.25], [5, 0.25], [8, 0.25], [11, 0.25]] as Array<[number, number]> };
    for (let i = 0; i < 100; i++) {
      const c = calcChoices(createRng(`nm${i}`), 5, 'count', [{ value: 9, misconception: 'total_vs_share' }, { value: 8, misconception: 'off_by_one_month' }], { bounds: { min: 0, max: 12 }, prior });
      if (!c) continue;
      expect(c.map((o) => o.text).sort()).toEqual(['11', '2', '5', '8']);
      expect(c.find((o) => o.text === '8')!.misconception).toBe('off_by_one_month');
    }
  });

  test('drops negative distractors for a non-negative gold value', () => {
    expect(calcChoices(createRng('a'), 0, 'count', [
      { value: -1, misconception: 'off_by_one_month' },
      { value: 1, misconception: 'off_by_one_month' },
      { value: 2, misconception: 'boundary_inclusion' },
    ])).toBeNull();
  });

  test('farEnough compares against the unit margin', () => {
    expect(farEnough(50, 50.4, 'percent')).toBe(false);
    expect(farEnough(50, 51.6, 'percent')).toBe(true);
  });
});

describe('singleChoices', () => {
  test('gives four distinct options with the preferred near misses kept', () => {
    const c = singleChoices(createRng('s'), 'Rent', ['Purchase', 'Rent', 'Fee', 'Tax', 'Payroll'], { prefer: 1 })!;
    expect(c.map((x) => x.text)).toContain('Purchase');
    expect(new Set(c.map((x) => x.text)).size).toBe(4);
    expect(c.filter((x) => x.correct)).toHaveLength(1);
  });
  test('asks the acceptance with the answer text first, and a declined answer draws nothing and lists no candidates', () => {
    const asked: unknown[] = [];
    let listed = 0;
    const wrong = (): string[] => (listed++, ['Purchase', 'Fee', 'Tax', 'Payroll']);
    const rng = createRng('s');
    expect(singleChoices(rng, 'Rent', wrong, { admit: (a) => (asked.push(a), false) })).toBeNull();
    expect(asked).toEqual([{ text: 'Rent' }]);
    expect(listed).toBe(0);
    expect(rng.next()).toBe(createRng('s').next());
  });

  test('builds the same options whether the candidates come as a list or from a function, and admitted or not asked', () => {
    const list = ['Purchase', 'Fee', 'Tax', 'Payroll', 'Rent'];
    const plain = singleChoices(createRng('w'), 'Rent', list, { prefer: 1 });
    expect(singleChoices(createRng('w'), 'Rent', () => list, { prefer: 1, admit: () => true })).toEqual(plain);
  });

  test('lists no candidates when the answer table draws the wrong options', () => {
    const shares = { A: 0.2, B: 0.2, C: 0.2, D: 0.2, E: 0.2 };
    const c = singleChoices(createRng('t'), 'A', () => expect.unreachable('candidates listed'), { shares })!;
    expect(c.map((x) => x.text).sort()).toHaveLength(4);
  });
});

describe('multiChoices', () => {
  test('always gives 4–6 options, 1–4 correct and at least two wrong', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), fc.string(), (nt, nf, seed) => {
        const t = Array.from({ length: nt }, (_, i) => `t${i}`);
        const f = Array.from({ length: nf }, (_, i) => `f${i}`);
        const c = multiChoices(createRng(seed), t, f);
        if (!c) return nt === 0 || nf < 2 || nt + nf < 4;
        const k = c.filter((x) => x.correct).length;
        return c.length >= 4 && c.length <= 6 && k >= 1 && k <= 4 && c.length - k >= 2;
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe('multiChoices with answer priors', () => {
  /** Each text's share of right appearances over many logs: six coin-flip texts, one true in 90% of logs, one in 10%. */
  function rates(balance?: { truth: Record<string, number>; base: number }): Record<string, number> {
    const seen = new Map<string, { n: number; c: number }>();
    for (let i = 0; i < 3000; i++) {
      const rng = createRng(`balance${i}`);
      const texts = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'].map((text) => ({ text, holds: rng.next() < 0.5 }));
      texts.push({ text: 'usually', holds: rng.next() < 0.9 }, { text: 'seldom', holds: rng.next() < 0.1 });
      const c = multiChoices(rng, texts.filter((x) => x.holds).map((x) => x.text), texts.filter((x) => !x.holds).map((x) => x.text), balance);
      for (const o of c ?? []) {
        const s = seen.get(o.text) ?? { n: 0, c: 0 };
        s.n++;
        if (o.correct) s.c++;
        seen.set(o.text, s);
      }
    }
    return Object.fromEntries([...seen].map(([t, s]) => [t, s.c / s.n]));
  }

  test('offers a text that is nearly always true (or false) right as often as a coin-flip one', () => {
    const r = rates({ truth: { usually: 0.9, seldom: 0.1 }, base: 0.5 });
    expect(Math.abs(r.usually - r.c1)).toBeLessThan(0.06);
    expect(Math.abs(r.seldom - r.c1)).toBeLessThan(0.06);
    // without the priors the same texts stay lopsided
    const raw = rates();
    expect(raw.usually - raw.c1).toBeGreaterThan(0.3);
    expect(raw.c1 - raw.seldom).toBeGreaterThan(0.3);
  });

  test('offers a uniform subset of the texts it keeps: options right about as often as the base, the number correct spread over 1–4', () => {
    const counts = [0, 0, 0, 0, 0];
    let right = 0;
    let offered = 0;
    for (let i = 0; i < 2000; i++) {
      const rng = createRng(`spread${i}`);
      const texts = Array.from({ length: 8 }, (_, j) => ({ text: `c${j}`, holds: rng.next() < 0.5 }));
      const c = multiChoices(rng, texts.filter((x) => x.holds).map((x) => x.text), texts.filter((x) => !x.holds).map((x) => x.text), { truth: {}, base: 0.5 });
      if (!c) continue;
      const k = c.filter((x) => x.correct).length;
      counts[k]++;
      right += k;
      offered += c.length;
    }
    // the bounds (at least one right, at least two wrong) pull it a little under one half, no more
    expect(right / offered).toBeGreaterThan(0.42);
    expect(right / offered).toBeLessThan(0.5);
    for (const k of [1, 2, 3, 4]) expect(counts[k], `${k} correct`).toBeGreaterThan(50);
  });

  test('follows a prior whose rates are replaced between calls (the priors script tunes them pass by pass)', () => {
    const t = ['a', 'b', 'c', 'd'];
    const f = ['e', 'f', 'g', 'h'];
    const balance: { truth: Record<string, number>; base: number } = { truth: {}, base: 0.5 };
    expect(multiChoices(createRng('tuned'), t, f, balance)).not.toBeNull();
    // every true text now nearly always true: kept when true with odds 1/199, so none is kept and no item is made
    balance.truth = { a: 0.995, b: 0.995, c: 0.995, d: 0.995 };
    expect(multiChoices(createRng('tuned'), t, f, balance)).toBeNull();
  });
});

describe('partitionChoices', () => {
  test('makes exactly one of four statements true', () => {
    for (const a of [true, false]) {
      for (const b of [true, false]) {
        const c = partitionChoices({ holds: a, yes: 'A', no: 'not A' }, { holds: b, yes: 'B', no: 'not B' });
        expect(c.filter((x) => x.correct).map((x) => x.text)).toEqual([`${a ? 'A' : 'not A'}, and ${b ? 'B' : 'not B'}`]);
      }
    }
  });
});

describe('PositionDealer', () => {
  test('deals every position once per four items', () => {
    const d = new PositionDealer(createRng('p'));
    const got = Array.from({ length: 8 }, () => d.next());
    expect(got.slice(0, 4).sort()).toEqual([0, 1, 2, 3]);
    expect(got.slice(4).sort()).toEqual([0, 1, 2, 3]);
  });

  test('arrangeChoices puts the correct option at the target', () => {
    const c = [{ text: 'x', correct: true }, { text: 'y', correct: false }, { text: 'z', correct: false }, { text: 'w', correct: false }];
    for (let t = 0; t < 4; t++) expect(arrangeChoices(createRng('t'), c, t)[t].text).toBe('x');
  });
});
