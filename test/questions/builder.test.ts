import { describe, expect, test } from 'vitest';
import { buildItems, personaliseStem, resolveClientKind } from '../../src/questions/builder.js';
import { buildDatasetQuestions } from '../../src/questions/dataset.js';
import { TEMPLATES } from '../../src/questions/templates/index.js';
import { DIFFICULTY_MIN_STEPS, findLogic } from '../../src/questions/taxonomy.js';
import { CclupeError } from '../../src/errors.js';
import type { Template } from '../../src/questions/template.js';
import { generateLog } from '../../src/synth/index.js';
import { listProfiles, loadProfile } from '../../src/io/profiles.js';
import { makeLog, PERSONAL, SME } from './fixtures.js';

describe('resolveClientKind', () => {
  test('prefers the option, then the log, then the id prefix', () => {
    const log = makeLog('s000001', 0, [['2023-01-01 10:00:00', 'Purchase', 'POS', 'Shop', -1]]);
    expect(resolveClientKind(log)).toBe('sme');
    expect(resolveClientKind({ ...log, clientKind: 'personal' })).toBe('personal');
    expect(resolveClientKind(log, 'personal')).toBe('personal');
    expect(resolveClientKind({ ...log, logId: 'x1' })).toBeNull();
  });
});

describe('personaliseStem', () => {
  test('pairs the third-person and first-person forms', () => {
    expect(personaliseStem('What did {acct} pay? {Acct} paid.', 'personal', 'third')).toBe('What did this account pay? This account paid.');
    expect(personaliseStem('What did {acct} pay?', 'sme', 'first')).toBe('What did my business account pay?');
  });
});

describe('buildItems', () => {
  test('builds fifteen items 5:5:5 with the required multi-selects on the SME fixture', () => {
    const r = buildItems(SME, { seed: 'x' });
    expect(r.problems).toEqual([]);
    expect(r.items.map((i) => i.difficulty).join('')).toBe('LLLLLMMMMMHHHHH');
    expect(r.items.filter((i) => i.format === 'multi').length).toBeGreaterThanOrEqual(2);
    expect(r.items.map((i) => i.id)).toEqual(Array.from({ length: 15 }, (_, k) => `s900001-q${String(k + 1).padStart(2, '0')}`));
  });

  test('reports, and does not pad, a log too thin for a balanced set', () => {
    const tiny = makeLog('p000009', 100, [
      ['2023-01-01 10:00:00', 'Purchase', 'POS', 'Shop', -10],
      ['2023-01-02 10:00:00', 'Purchase', 'POS', 'Shop', -10],
    ]);
    const r = buildItems(tiny, { seed: 'x' });
    expect(r.items).toEqual([]);
    expect(r.problems.join('\n')).toMatch(/p000009: only \d L items fit this log \(need 5\)/);
  });

  test('fails loudly when a template leaks a counterparty name into its stem', () => {
    const leaky: Template = {
      id: 'leaky',
      version: 1,
      tags: { domain: 'structure', sub_domain: 'others', cognition: 'memory', difficulty: 'L', format: 'single', logics: { personal: { perspective: 'others', logic: 'refund_frequency' } } },
      build: () => ({
        stem: 'How much went to Landlord Wang from {acct}?',
        choices: ['a', 'b', 'c', 'd'].map((t, i) => ({ text: t, correct: i === 0 })),
        evidence: [],
        program: ['x', 'y'],
      }),
    };
    expect(() => buildItems(PERSONAL, { seed: 'x', templates: [leaky] })).toThrow(CclupeError);
    expect(() => buildItems(PERSONAL, { seed: 'x', templates: [leaky] })).toThrow(/leaked.*landlord wang/);
  });
});

describe('buildItems acceptance before options', () => {
  test('gives the items of deciding acceptance on each finished draft (templates stripped of `admit`)', () => {
    // every template built without the early acceptance: each decides on its finished draft, as before `admit`
    const late: Template[] = TEMPLATES.map((t) => ({ ...t, build: (ctx) => t.build({ ...ctx, admit: undefined }) }));
    const profiles = listProfiles().map((n) => loadProfile(n));
    let declined = 0;
    for (let i = 0; i < 64; i++) {
      const p = profiles[i % profiles.length];
      const log = { ...generateLog(p, { masterSeed: 'admit', index: i }).log, profile: p.name };
      const early = buildItems(log, { seed: 'a' });
      expect(early).toEqual(buildItems(log, { seed: 'a', templates: late }));
      declined += early.tiers!.filter((x) => x.tier === 1).length;
    }
    // the logs include items taken from declined answers, built in full only then
    expect(declined).toBeGreaterThan(0);
  });

  test('fails loudly when a template is accepted on one answer and returns a draft with another', () => {
    const base = TEMPLATES.find((t) => t.tags.format === 'calc')!;
    const liar: Template = {
      ...base,
      id: 'liar',
      build: (ctx) => {
        ctx.admit?.({ keep: 1 });
        const values = [1, 5, 9, 13];
        return {
          stem: 'How many are there?',
          choices: values.map((v, i) => ({ text: String(v), correct: i === 0, value: v, ...(i === 0 ? { keep: 0.5 } : {}) })),
          evidence: [],
          program: Array.from({ length: DIFFICULTY_MIN_STEPS[base.tags.difficulty] }, (_, i) => `step ${i}`),
        };
      },
    };
    expect(() => buildItems(PERSONAL, { seed: 'x', templates: [liar] })).toThrow(/accepted on another answer/);
  });
});

describe('TEMPLATES', () => {
  test('every template names a logic of the taxonomy and unique ids', () => {
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(TEMPLATES.length);
    for (const t of TEMPLATES) {
      for (const [kind, ref] of Object.entries(t.tags.logics)) {
        expect(findLogic(kind as 'personal' | 'sme', ref!.perspective, ref!.logic), `${t.id} ${kind}`).not.toBeNull();
      }
    }
  });

  test('together cover every logic, sub-domain, and domain × cognition pair that makes sense', () => {
    const logics = new Set<string>();
    const subs = new Set<string>();
    const pairs = new Set<string>();
    for (const t of TEMPLATES) {
      for (const [kind, ref] of Object.entries(t.tags.logics)) {
        logics.add(`${kind}:${ref!.perspective}/${ref!.logic}`);
        subs.add(ref!.sub_domain ?? t.tags.sub_domain);
      }
      pairs.add(`${t.tags.domain}/${t.tags.cognition}`);
    }
    expect(logics.size).toBe(24 + 20);
    expect(subs.size).toBe(17);
    // all 7 × 4 pairs: industry is SME-only, and every domain has templates at every level
    expect(pairs.size).toBe(28);
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(50);
  });

  test('declare at least the minimum steps of their difficulty on the fixtures', () => {
    for (const log of [PERSONAL, SME]) {
      for (const it of buildItems(log, { seed: 'steps' }).items) expect(it.steps).toBeGreaterThanOrEqual(DIFFICULTY_MIN_STEPS[it.difficulty]);
    }
  });
});

describe('buildDatasetQuestions', () => {
  test('summarises coverage and balances answer positions', () => {
    const logs = [PERSONAL, SME];
    const r = buildDatasetQuestions(logs, { seed: 'cov' });
    expect(r.coverage.items).toBe(30);
    expect(r.coverage.logs_with_items).toBe(2);
    const pos = Object.values(r.coverage.answer_position);
    // 4-option items per log are dealt from shuffled bags of A–D, so counts differ by at most one per log
    expect(Math.max(...pos) - Math.min(...pos)).toBeLessThanOrEqual(2);
  });
});
