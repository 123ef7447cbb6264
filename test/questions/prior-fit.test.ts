import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/io/profiles.js';
import { generateLog } from '../../src/synth/index.js';
import { ANSWER_PRIORS_SEED, fitAnswerPriors, type PriorLogSource } from '../../src/questions/prior-fit.js';
import { answerPriors, type PriorTable } from '../../src/questions/answer-priors.js';
import { ANSWER_PRIORS } from '../../src/questions/data/answer-priors.js';
import { TEMPLATES } from '../../src/questions/templates/index.js';
import type { TemplatePrior } from '../../src/questions/template.js';
import { runTemplate, correctTexts } from './helpers.js';
import { buildItems } from '../../src/questions/builder.js';
import { balanceItems, buildDatasetQuestions } from '../../src/questions/dataset.js';
import { itemFacts } from '../../src/questions/balance.js';

/** Calibration logs of one profile under another name, as `cclupe generate` makes them for a custom profile. */
function sourceOf(base: string, name: string, count: number): PriorLogSource {
  const profile = { ...loadProfile(base), name };
  return { count, profiles: [name], logAt: (i) => ({ log: generateLog(profile, { masterSeed: ANSWER_PRIORS_SEED, index: i }).log, profile: name }) };
}

const COUNT = 80;
const source = sourceOf('sme-restaurant', 'my-bistro', COUNT);
// two passes instead of five: the tuning's direction shows after one, and the test stays a few seconds long
const fitted = fitAnswerPriors(source, { passes: 2, kinds: false });

describe('fitAnswerPriors', () => {
  it("fits the profile's keys only with kinds: false, sorted", () => {
    const keys = Object.keys(fitted);
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.every((k) => k.startsWith('my-bistro:'))).toBe(true);
    expect(keys).toEqual([...keys].sort());
  });

  it('caps a dominant single answer: a text most logs give is accepted less often than it occurs', () => {
    // the answers measured another way: each single template run once per calibration log, alone
    let dominant = 0;
    for (const t of TEMPLATES.filter((x) => x.tags.format === 'single' && x.tags.logics.sme)) {
      const counts = new Map<string, number>();
      for (let i = 0; i < COUNT; i++) {
        const d = runTemplate(t.id, source.logAt(i).log);
        if (d) for (const text of correctTexts(d)) counts.set(text, (counts.get(text) ?? 0) + 1);
      }
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      for (const [text, n] of counts) {
        if (total < 40 || n / total < 0.6 || counts.size < 2) continue;
        dominant++;
        const accept = fitted[`my-bistro:${t.id}`]?.accept?.[text];
        expect(accept, `${t.id}: ${text} (${n}/${total})`).toBeLessThan(1);
      }
    }
    expect(dominant).toBeGreaterThan(0);
  });

  it('gives each multi template a base rate in (0, 1) and truths that are rates', () => {
    const multi = Object.entries(fitted).filter(([, p]) => p.base !== undefined);
    expect(multi.length).toBeGreaterThan(0);
    for (const [key, p] of multi) {
      expect(p.base, key).toBeGreaterThan(0);
      expect(p.base, key).toBeLessThan(1);
      for (const r of Object.values(p.truth ?? {})) {
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(1);
      }
    }
    expect(multi.some(([, p]) => Object.values(p.truth ?? {}).some((r) => r > 0 && r < 1))).toBe(true);
  });

  it('records the answer shares of the last pass, summing to one per single template', () => {
    const singles = Object.entries(fitted).filter(([, p]) => p.answers);
    expect(singles.length).toBeGreaterThan(0);
    for (const [key, p] of singles) expect(Object.values(p.answers!).reduce((a, b) => a + b, 0), key).toBeCloseTo(1, 2);
  });

  it('is deterministic in its source', () => {
    expect(fitAnswerPriors(sourceOf('sme-restaurant', 'my-bistro', 30), { passes: 1, kinds: false })).toEqual(
      fitAnswerPriors(sourceOf('sme-restaurant', 'my-bistro', 30), { passes: 1, kinds: false }),
    );
  });
});

describe('answerPriors with a table', () => {
  const id = TEMPLATES.find((t) => t.tags.format === 'single' && t.tags.logics.sme)!.id;
  const own: TemplatePrior = { accept: { x: 0.5 } };

  it("reads the table's profile key before the shipped table, and the shipped kind's when the table has none", () => {
    const table = { [`my-bistro:${id}`]: own };
    expect(answerPriors('sme', 'my-bistro', table).get(id)).toBe(own);
    expect(answerPriors('sme', 'my-bistro', {}).get(id)).toBe(ANSWER_PRIORS[`sme:${id}`]);
    expect(answerPriors('sme', 'my-bistro').get(id)).toBe(ANSWER_PRIORS[`sme:${id}`]);
  });

  it('keeps one cache per table: another table with the same profile name gives its own prior', () => {
    const other: TemplatePrior = { accept: { y: 0.5 } };
    expect(answerPriors('sme', 'my-bistro', { [`my-bistro:${id}`]: own }).get(id)).toBe(own);
    expect(answerPriors('sme', 'my-bistro', { [`my-bistro:${id}`]: other }).get(id)).toBe(other);
  });
});

describe('buildDatasetQuestions with a prior table', () => {
  // dataset logs of the custom profile (another seed than the calibration logs)
  const profile = { ...loadProfile('sme-restaurant'), name: 'my-bistro' };
  const logs = Array.from({ length: 80 }, (_, i) => ({ ...generateLog(profile, { masterSeed: 'ds', index: i }).log, profile: 'my-bistro' }));

  it("builds each log with the table's priors, which changes the items from the kind priors'", () => {
    const phase1 = buildDatasetQuestions(logs, { seed: 's', priorTable: fitted, balance: false }).items;
    expect(phase1).toEqual(logs.flatMap((l) => buildItems(l, { seed: 's', priorTable: fitted }).items));
    expect(phase1).not.toEqual(buildDatasetQuestions(logs, { seed: 's', balance: false }).items);
  });

  it('rebuilds the logs the balancing pass replaces with the same table', () => {
    const phase1 = logs.map((log) => ({ log, items: buildItems(log, { seed: 's', priorTable: fitted }).items }));
    const facts = phase1.map((l) => ({ logId: l.log.logId, facts: l.items.map((it) => itemFacts(it)) }));
    const byId = new Map(phase1.map((l) => [l.log.logId, l]));
    // rebuilt from scratch (no memo of phase 1): what a rebuild makes of the table shows in the new items
    const balance = (table?: PriorTable) => balanceItems(facts, (id) => byId.get(id)!, 's', table);
    const own = balance(fitted);
    expect(own.report.logs_rebuilt).toBeGreaterThan(0);
    const replaced = (b: ReturnType<typeof balance>) => phase1.flatMap((l) => b.replaced.get(l.log.logId) ?? l.items);
    expect(replaced(balance())).not.toEqual(replaced(own));
    expect(buildDatasetQuestions(logs, { seed: 's', priorTable: fitted }).items).toEqual(replaced(own));
  });
});
