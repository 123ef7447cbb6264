import { describe, expect, it } from 'vitest';
import { perturbLog } from '../../src/perturb/apply.js';
import { buildIntegrityItem, INTEGRITY_TEMPLATE_ID } from '../../src/perturb/integrity.js';
import { INTEGRITY_CATEGORIES, INTEGRITY_CATEGORY_IDS } from '../../src/perturb/data/integrity-categories.js';
import { checkLeakage } from '../../src/questions/leakage.js';
import { Item } from '../../src/schema/item.js';
import { fixtureLabels, fixtureLog } from './support/fixture.js';

const text = (id: string) => INTEGRITY_CATEGORIES.find((c) => c.id === id)!.text;

describe('buildIntegrityItem', () => {
  const p = perturbLog({ log: fixtureLog(), labels: fixtureLabels() }, [{ op: 'duplicate-rows', severity: 3 }], { seed: 'golden' })!;
  const item = buildIntegrityItem({
    log: p.log,
    record: p.record,
    foundCodes: ['BALANCE_MISMATCH', 'DUPLICATE_TXN_ID'],
    allCodes: ['BALANCE_MISMATCH', 'DUPLICATE_TXN_ID', 'SCHEDULE_MISMATCH'],
    clientKind: 'personal',
    seed: 's',
  })!;

  it('builds a valid multi-select item with 4–6 options and 1–4 correct', () => {
    expect(Item.parse(item)).toEqual(item);
    expect(item.format).toBe('multi');
    expect(item.options.length).toBeGreaterThanOrEqual(4);
    expect(item.options.length).toBeLessThanOrEqual(6);
    expect(item.answer.length).toBeGreaterThanOrEqual(1);
    expect(item.answer.length).toBeLessThanOrEqual(4);
    expect(item.template.id).toBe(INTEGRITY_TEMPLATE_ID);
    expect(item.stem).toMatch(/select all that apply/i);
  });

  it('has a leakage-free stem', () => {
    expect(checkLeakage(item.stem, p.log)).toEqual([]);
    expect(checkLeakage(item.stem_first_person, p.log)).toEqual([]);
  });

  it('marks the planted category and any category the perturbation added true', () => {
    const correct = item.options.filter((o) => item.answer.includes(o.key)).map((o) => o.text);
    // planted by the manifest: duplicate_row; added by the perturbation: balance_chain (the copy moves the balance)
    expect(correct.length).toBeGreaterThanOrEqual(1);
    for (const t of correct) expect([text('duplicate_row'), text('balance_chain')]).toContain(t);
  });

  it('never offers as false a category whose code is on the log (schedule break here)', () => {
    const texts = item.options.map((o) => o.text);
    expect(texts).not.toContain(text('schedule_break'));
  });

  it('returns null for a preserving record (nothing planted)', () => {
    const q = perturbLog({ log: fixtureLog(), labels: fixtureLabels() }, [{ op: 'typos', severity: 3 }], { seed: 'golden' })!;
    expect(buildIntegrityItem({ log: q.log, record: q.record, foundCodes: [], allCodes: [], clientKind: 'personal', seed: 's' })).toBeNull();
  });
});

describe('integrity item option positions', () => {
  it('spreads the correct options over the keys across logs (no position bias)', () => {
    const firstCorrect = new Set<string>();
    for (let k = 0; k < 30; k++) {
      const p = perturbLog({ log: fixtureLog(`fx${k}`), labels: fixtureLabels(`fx${k}`) }, [{ op: 'balance-offset', severity: 3 }], { seed: 'pos' })!;
      const it = buildIntegrityItem({ log: p.log, record: p.record, foundCodes: ['BALANCE_MISMATCH'], allCodes: ['BALANCE_MISMATCH'], clientKind: 'personal', seed: 'pos' })!;
      firstCorrect.add(it.answer[0]);
    }
    expect(firstCorrect.size).toBeGreaterThanOrEqual(3);
  });
});

describe('INTEGRITY_CATEGORY_IDS', () => {
  it('lists every category once, in catalogue order (operators name categories by these typed ids)', () => {
    expect(INTEGRITY_CATEGORIES.map((c) => c.id)).toEqual([...INTEGRITY_CATEGORY_IDS]);
  });
});
