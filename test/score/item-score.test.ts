import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isExactMatch, scoreItem, selectionCounts, wrongRatio } from '../../src/score/item-score.js';

describe('scoreItem', () => {
  const lambda = 2;

  it('scores an empty selection 0', () => {
    // M = ∅ → S_item = 0 by definition (SPEC §7), not 0/0.
    expect(scoreItem(['A'], [], { lambda })).toBe(0);
    expect(scoreItem(['A', 'B'], [], { lambda: 0 })).toBe(0);
  });

  it('scores an all-wrong selection 0', () => {
    // G = {A,B}, M = {C,D}: 0/2 − 2·2/2 = −2 → max(0, −2) = 0.
    expect(scoreItem(['A', 'B'], ['C', 'D'], { lambda })).toBe(0);
  });

  it('takes λ·|M\\G|/|M| off full recall for one extra option', () => {
    // G = {A,B}, M = {A,B,C}: 2/2 − 2·1/3 = 1/3.
    expect(scoreItem(['A', 'B'], ['A', 'B', 'C'], { lambda })).toBeCloseTo(1 / 3, 12);
  });

  it('gives partial credit for a correct subset', () => {
    // G = {A,B,C}, M = {A}: 1/3 − 2·0/1 = 1/3.
    expect(scoreItem(['A', 'B', 'C'], ['A'], { lambda })).toBeCloseTo(1 / 3, 12);
  });

  it('scores single-choice items 1 or 0', () => {
    // G = {B}: M = {B} → 1/1 − 0 = 1; M = {C} → 0 − 2·1/1 = −2 → 0.
    expect(scoreItem(['B'], ['B'], { lambda })).toBe(1);
    expect(scoreItem(['B'], ['C'], { lambda })).toBe(0);
  });

  it('follows λ at non-default values', () => {
    // λ = 0.5, G = {A,B}, M = {A,C}: 1/2 − 0.5·1/2 = 0.25 (λ = 2 would give 1/2 − 1 → 0).
    expect(scoreItem(['A', 'B'], ['A', 'C'], { lambda: 0.5 })).toBeCloseTo(0.25, 12);
    expect(scoreItem(['A', 'B'], ['A', 'C'], { lambda: 2 })).toBe(0);
    // λ = 1.5, G = {A,B,C}, M = {A,B,D}: 2/3 − 1.5·1/3 = 1/6.
    expect(scoreItem(['A', 'B', 'C'], ['A', 'B', 'D'], { lambda: 1.5 })).toBeCloseTo(1 / 6, 12);
  });

  it('ignores duplicated keys', () => {
    // M = {A, A, C} is the set {A, C}: 1/2 − 2·1/2 → 0 with λ = 2; 1/2 − 1·1/2 = 0 with λ = 1; 1/2 − 0.2·1/2 = 0.4.
    expect(scoreItem(['A', 'B'], ['A', 'A', 'C'], { lambda: 0.2 })).toBeCloseTo(0.4, 12);
  });

  it('rejects an empty gold set', () => {
    expect(() => scoreItem([], ['A'], { lambda })).toThrow('scoreItem requires a non-empty gold set');
  });

  const keys = fc.subarray(['A', 'B', 'C', 'D', 'E', 'F']);
  const gold = fc.subarray(['A', 'B', 'C', 'D', 'E', 'F'], { minLength: 1 });

  it('always lies in [0, 1]', () => {
    fc.assert(
      fc.property(gold, keys, fc.double({ min: 0, max: 20, noNaN: true }), (g, m, l) => {
        const s = scoreItem(g, m, { lambda: l });
        return s >= 0 && s <= 1;
      }),
    );
  });

  it('never rises when a wrong option is added', () => {
    fc.assert(
      fc.property(gold, keys, fc.double({ min: 0, max: 20, noNaN: true }), (g, m, l) => {
        const wrong = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].find((k) => !g.includes(k) && !m.includes(k));
        if (!wrong) return true;
        return scoreItem(g, [...m, wrong], { lambda: l }) <= scoreItem(g, m, { lambda: l }) + 1e-15;
      }),
    );
  });

  it('is 1 exactly when the selection equals the gold set', () => {
    fc.assert(fc.property(gold, keys, (g, m) => (scoreItem(g, m, { lambda }) === 1) === isExactMatch(g, m)));
  });
});

describe('wrongRatio', () => {
  it('is |M\\G| / max(1, |M|)', () => {
    // G = {A,B}, M = {A,B,C}: 1/3; M = {C,D}: 2/2 = 1; M = ∅: 0/max(1,0) = 0.
    expect(wrongRatio(['A', 'B'], ['A', 'B', 'C'])).toBeCloseTo(1 / 3, 12);
    expect(wrongRatio(['A', 'B'], ['C', 'D'])).toBe(1);
    expect(wrongRatio(['A', 'B'], [])).toBe(0);
  });
});

describe('isExactMatch', () => {
  it('compares sets, ignoring order and repeats', () => {
    expect(isExactMatch(['A', 'C'], ['C', 'A', 'A'])).toBe(true);
    expect(isExactMatch(['A', 'C'], ['A'])).toBe(false);
    expect(isExactMatch(['A'], ['B'])).toBe(false);
  });
});

describe('selectionCounts', () => {
  it('gives the counts that scoreItem, wrongRatio and isExactMatch use', () => {
    // G = {A,B,C}, M = {A,D,D}: |G| = 3, |M| = 2, |G∩M| = 1, |M\G| = 1.
    expect(selectionCounts(['A', 'B', 'C'], ['A', 'D', 'D'])).toEqual({ g: 3, m: 2, hit: 1, wrong: 1 });
  });
});
