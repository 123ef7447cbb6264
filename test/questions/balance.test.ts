import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/io/profiles.js';
import { generateLog } from '../../src/synth/index.js';
import { buildDatasetQuestions, type DatasetQuestions } from '../../src/questions/dataset.js';
import { BALANCE_QUOTAS, balanceDataset, itemFacts } from '../../src/questions/balance.js';
import { MIN_MULTI, PER_DIFFICULTY, buildItems } from '../../src/questions/builder.js';
import type { Item } from '../../src/schema/item.js';
import type { Log } from '../../src/schema/log-row.js';

const PROFILES = ['personal-healthy', 'personal-overdue', 'sme-healthy', 'sme-overdue'].map((p) => loadProfile(p));

/** Logs of the four base profiles, each carrying its profile as `generate --questions` reads it from labels.jsonl. */
function logsOf(seed: string, count: number): Log[] {
  const out: Log[] = [];
  for (let i = 0; i < count; i++) {
    const profile = PROFILES[i % PROFILES.length];
    out.push({ ...generateLog(profile, { masterSeed: seed, index: i }).log, profile: profile.name });
  }
  return out;
}

/** The quotas' measures, counted from the items as the validity audit counts its gates (independently of the pass). */
function overQuota(items: readonly Item[]): string[] {
  const by = new Map<string, Item[]>();
  for (const it of items) by.set(it.template.id, [...(by.get(it.template.id) ?? []), it]);
  const out: string[] = [];
  const num = (t: string) => Number(/^-?\d+(?:\.\d+)?/.exec(t.replace(/,/g, ''))![0]);
  for (const [id, its] of by) {
    const n = its.length;
    if (its[0].format === 'single' && n >= BALANCE_QUOTAS.singleMinItems) {
      const tally = new Map<string, number>();
      for (const it of its) {
        const text = it.options.find((o) => o.key === it.answer[0])!.text;
        tally.set(text, (tally.get(text) ?? 0) + 1);
      }
      const limit = its.reduce((a, it) => a + 1 / it.options.length, 0) / n + BALANCE_QUOTAS.singleMargin;
      if (Math.max(...tally.values()) / n > limit + 1e-9) out.push(`single:${id}`);
    } else if (its[0].format === 'calc' && n >= BALANCE_QUOTAS.calcMinItems) {
      const ranks = [0, 0, 0, 0];
      for (const it of its) {
        const values = it.options.map((o) => num(o.text));
        const gold = num(it.options.find((o) => o.key === it.answer[0])!.text);
        ranks[values.filter((v) => v < gold).length]++;
      }
      const chi2 = ranks.reduce((a, c) => a + (c - n / 4) ** 2 / (n / 4), 0);
      if (chi2 > BALANCE_QUOTAS.calcMaxChi2 + 1e-9) out.push(`calc:${id}`);
    } else if (its[0].format === 'multi') {
      const seen = new Map<string, { n: number; c: number }>();
      for (const it of its) {
        for (const o of it.options) {
          const s = seen.get(o.text) ?? { n: 0, c: 0 };
          s.n++;
          if (it.answer.includes(o.key)) s.c++;
          seen.set(o.text, s);
        }
      }
      for (const [text, s] of seen) {
        if (s.n >= BALANCE_QUOTAS.multiMinAppearances && (s.c / s.n < BALANCE_QUOTAS.multiMinRate - 1e-9 || s.c / s.n > BALANCE_QUOTAS.multiMaxRate + 1e-9)) out.push(`multi:${id}:${text}`);
      }
    }
  }
  return out.sort();
}

function itemsByLog(items: readonly Item[]): Map<string, Item[]> {
  const out = new Map<string, Item[]>();
  for (const it of items) out.set(it.log_id, [...(out.get(it.log_id) ?? []), it]);
  return out;
}

describe('the dataset balancing pass on 240 generated logs', () => {
  const seed = 'balance-5';
  const logs = logsOf(seed, 240);
  const phase1 = buildDatasetQuestions(logs, { seed, balance: false });
  const balanced = buildDatasetQuestions(logs, { seed });
  const report = balanced.balancing!;

  it('finds quotas that per-log selection misses, and brings every one of them within its quota', () => {
    expect(phase1.balancing).toBeUndefined();
    expect(overQuota(phase1.items).length).toBeGreaterThan(0);
    expect(report.over_before).toBe(overQuota(phase1.items).length);
    expect(overQuota(balanced.items)).toEqual([]);
    expect(report).toMatchObject({ over_after: 0, left: [] });
    expect(report.logs_rebuilt).toBeGreaterThan(0);
  });

  it('rebuilds only the logs it reports, and few of them', () => {
    const before = itemsByLog(phase1.items);
    const after = itemsByLog(balanced.items);
    const changed = [...after].filter(([id, its]) => JSON.stringify(its) !== JSON.stringify(before.get(id))).length;
    expect(changed).toBe(report.logs_rebuilt);
    expect(report.logs_rebuilt).toBeLessThan(logs.length * 0.15);
  });

  it('keeps 15 items per log at 5:5:5 with the multi-select minimum, on the same logs, with the same item ids', () => {
    expect(balanced.items.length).toBe(phase1.items.length);
    expect(balanced.problems).toEqual(phase1.problems);
    for (const [id, its] of itemsByLog(balanced.items)) {
      expect(its.map((i) => i.id)).toEqual(itemsByLog(phase1.items).get(id)!.map((i) => i.id));
      for (const d of ['L', 'M', 'H'] as const) expect(its.filter((i) => i.difficulty === d).length).toBe(PER_DIFFICULTY[d]);
      expect(its.filter((i) => i.format === 'multi').length).toBeGreaterThanOrEqual(MIN_MULTI[its[0].client_kind]);
      expect(new Set(its.map((i) => i.template.id)).size).toBe(15);
    }
  });

  it('keeps the coverage of every logic, sub-domain and domain × cognition pair', () => {
    expect(balanced.coverage.missing).toEqual(phase1.coverage.missing);
    for (const field of ['logic', 'sub_domain', 'domain_cognition'] as const) {
      for (const [k, n] of Object.entries(phase1.coverage[field])) if (n > 0) expect(balanced.coverage[field][k], `${field} ${k}`).toBeGreaterThan(0);
    }
  });

  it('gives a rebuilt log the items buildItems computes from the log without the templates it dropped', () => {
    const before = itemsByLog(phase1.items);
    const byId = new Map(logs.map((l) => [l.logId, l]));
    let checked = 0;
    for (const [id, its] of itemsByLog(balanced.items)) {
      const had = new Set(before.get(id)!.map((i) => i.template.id));
      const dropped = [...had].filter((t) => !its.some((i) => i.template.id === t));
      if (dropped.length === 0) continue;
      // the pass excludes only templates the log had; whatever else changed follows from buildItems itself
      const rebuilt = buildItems(byId.get(id)!, { seed, exclude: new Set(dropped) }).items;
      if (JSON.stringify(rebuilt) === JSON.stringify(its)) checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('does not depend on the order of the logs (the shards of a dataset are merged in any split)', () => {
    const reversed = buildDatasetQuestions([...logs].reverse(), { seed });
    const a = itemsByLog(balanced.items);
    const b = itemsByLog(reversed.items);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [id, its] of a) expect(JSON.stringify(b.get(id))).toBe(JSON.stringify(its));
    expect(reversed.balancing).toEqual(report);
  });

  it('is deterministic and depends on the seed', () => {
    const again: DatasetQuestions = buildDatasetQuestions(logs, { seed });
    expect(JSON.stringify(again)).toBe(JSON.stringify(balanced));
  });
});

/** A single-choice item with the given answer text (the facts the pass reads, on a full item). */
function single(logId: string, template: string, answer: string, logic = 'p/l'): Item {
  return {
    id: `${logId}-q01`,
    log_id: logId,
    client_kind: 'personal',
    format: 'single',
    stem: 's',
    stem_first_person: 's',
    options: [answer, 'w1', 'w2', 'w3'].map((text, k) => ({ key: 'ABCD'[k], text })),
    answer: ['A'],
    domain: 'stability',
    sub_domain: 'income_stability',
    perspective: logic.split('/')[0],
    logic: logic.split('/')[1],
    cognition: 'recall',
    difficulty: 'L',
    steps: 2,
    evidence: [],
    template: { id: template, version: 1 },
    program: [],
  } as unknown as Item;
}

describe('balanceDataset', () => {
  // a rebuilt log here takes an item of a template of its own (`u-<log id>`), which no quota counts
  // 100 logs with one item of template t each: answer "x" in 60 of them (60%, limit 1/4 + 0.05), "y…" in the rest
  const logs = Array.from({ length: 100 }, (_, i) => ({ logId: `p${String(i).padStart(3, '0')}`, answer: i < 60 ? 'x' : `y${i % 4}` }));
  const phase1 = logs.map((l) => ({ logId: l.logId, facts: [itemFacts(single(l.logId, 't', l.answer))] }));

  it('swaps logs on the over side for their rebuild without the template, until the quota holds', () => {
    const asked: string[] = [];
    const r = balanceDataset(phase1, (id, exclude) => {
      asked.push(id);
      expect([...exclude]).toEqual(['t']);
      return [single(id, `u-${id}`, 'z')];
    }, { seed: 1 });
    // only logs answering "x" are rebuilt, and only as many as the quota needs
    for (const id of asked) expect(logs.find((l) => l.logId === id)!.answer).toBe('x');
    const left = 60 - r.replaced.size;
    const n = 100 - r.replaced.size;
    expect(left / n).toBeLessThanOrEqual(0.25 + BALANCE_QUOTAS.singleMargin);
    expect((left + 1) / (n + 1)).toBeGreaterThan(0.25 + BALANCE_QUOTAS.singleMargin);
    expect(r.report).toMatchObject({ over_before: 1, over_after: 0, swaps: r.replaced.size, rejected: 0 });
  });

  it('keeps a log whose rebuild has no full set, and refuses a swap that would leave a logic uncovered', () => {
    const none = balanceDataset(phase1, () => null, { seed: 1 });
    expect(none.replaced.size).toBe(0);
    expect(none.report).toMatchObject({ over_before: 1, over_after: 1, left: ['single:t'] });
    expect(none.report.rejected).toBe(BALANCE_QUOTAS.maxTriesPerMeasure);
    // the only item of logic p/rare is an "x" answer: its log may not lose it
    const withRare = phase1.map((l, i) => (i === 0 ? { logId: l.logId, facts: [itemFacts(single(l.logId, 't', 'x', 'p/rare'))] } : l));
    const r = balanceDataset(withRare, (id) => [single(id, `u-${id}`, 'z')], { seed: 1 });
    expect(r.replaced.has(withRare[0].logId)).toBe(false);
    expect(r.report.over_after).toBe(0);
  });

  it('chooses logs by a hash of the seed and the log id, not by their position', () => {
    const a = balanceDataset(phase1, (id) => [single(id, `u-${id}`, 'z')], { seed: 1 });
    const b = balanceDataset([...phase1].reverse(), (id) => [single(id, `u-${id}`, 'z')], { seed: 1 });
    const c = balanceDataset(phase1, (id) => [single(id, `u-${id}`, 'z')], { seed: 2 });
    expect([...b.replaced.keys()].sort()).toEqual([...a.replaced.keys()].sort());
    expect([...c.replaced.keys()].sort()).not.toEqual([...a.replaced.keys()].sort());
  });
});
