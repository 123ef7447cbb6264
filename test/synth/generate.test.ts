import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateLog, generateLogWith, logSeedKey } from '../../src/synth/index.js';
import { loadProfile, listProfiles } from '../../src/io/profiles.js';
import { formatLogTsv } from '../../src/log/format-tsv.js';
import { SIGNAL_IDS } from '../../src/schema/signal-id.js';
import { LogLabels } from '../../src/schema/labels.js';
import { invariantViolations } from './invariants.js';

const NAMES = listProfiles();
const PROFILES = new Map(NAMES.map((n) => [n, loadProfile(n)]));
const DEFAULT = { rowsMin: 50, rowsMax: 300, period: { start: '2023-01-01', end: '2023-12-31' } };

describe('generateLog', () => {
  it('ships at least the four bases, 3 personal archetypes and 4 SME business categories', () => {
    for (const base of ['personal-healthy', 'personal-overdue', 'sme-healthy', 'sme-overdue']) expect(NAMES).toContain(base);
    const personal = NAMES.filter((n) => n.startsWith('personal-') && !/healthy|overdue/.test(n));
    const sme = new Set(NAMES.map((n) => PROFILES.get(n)!).filter((p) => p.client_kind === 'sme').map((p) => p.business_category));
    expect(personal.length).toBeGreaterThanOrEqual(3);
    expect(sme.size).toBeGreaterThanOrEqual(4);
  });

  it('keeps every SPEC §1 invariant on every log, over random seeds, indices and profiles', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.nat(1_000_000), fc.constantFrom(...NAMES), (seed, index, name) => {
        const { log, labels } = generateLog(PROFILES.get(name)!, { masterSeed: seed, index });
        expect(invariantViolations(log, labels, DEFAULT)).toEqual([]);
      }),
      { numRuns: 150, seed: 20230101 },
    );
  });

  it('keeps the invariants under narrow row ranges and other periods', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000),
        fc.constantFrom(...NAMES),
        fc.integer({ min: 5, max: 120 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom({ start: '2024-01-01', end: '2024-12-31' }, { start: '2022-07-01', end: '2023-06-30' }, { start: '2023-03-01', end: '2023-05-31' }),
        (index, name, rowsMin, span, period) => {
          const rowsMax = rowsMin + span;
          const { log, labels } = generateLog(PROFILES.get(name)!, { masterSeed: 'narrow', index, rowsMin, rowsMax, period });
          expect(invariantViolations(log, labels, { rowsMin, rowsMax, period })).toEqual([]);
        },
      ),
      { numRuns: 80, seed: 7 },
    );
  });

  it('labels validate against the LogLabels schema and record all sixteen signals', () => {
    const { labels } = generateLog(PROFILES.get('personal-overdue')!, { masterSeed: '42', index: 3 });
    expect(LogLabels.parse(labels)).toEqual(labels);
    expect(Object.keys(labels.signals)).toEqual([...SIGNAL_IDS]);
    expect(labels.seed_key).toBe(logSeedKey('42', 3));
  });

  it('names logs p000017 / s000017 by client kind and index', () => {
    expect(generateLog(PROFILES.get('personal-student')!, { masterSeed: 'a', index: 17 }).log.logId).toBe('p000017');
    expect(generateLog(PROFILES.get('sme-factory')!, { masterSeed: 'a', index: 17 }).log.logId).toBe('s000017');
    expect(generateLog(PROFILES.get('sme-factory')!, { masterSeed: 'a', index: 1234567 }).log.logId).toBe('s1234567');
  });

  it('regenerating log 17 alone gives the same bytes as log 17 of a run', () => {
    const p = PROFILES.get('personal-healthy')!;
    const run = Array.from({ length: 20 }, (_, i) => generateLog(PROFILES.get(NAMES[i % NAMES.length])!, { masterSeed: 's', index: i }));
    void run;
    const a = generateLog(p, { masterSeed: 's', index: 17 });
    const b = generateLog(p, { masterSeed: 's', index: 17 });
    expect(formatLogTsv(b.log)).toBe(formatLogTsv(a.log));
    expect(JSON.stringify(b.labels)).toBe(JSON.stringify(a.labels));
  });

  it('gives different logs for different seeds and indices', () => {
    const p = PROFILES.get('personal-healthy')!;
    const a = formatLogTsv(generateLog(p, { masterSeed: 's', index: 1 }).log);
    expect(formatLogTsv(generateLog(p, { masterSeed: 's', index: 2 }).log)).not.toBe(a);
    expect(formatLogTsv(generateLog(p, { masterSeed: 't', index: 1 }).log)).not.toBe(a);
  });

  it('injects nothing and detects nothing when given no signal machinery', () => {
    const { labels } = generateLogWith(PROFILES.get('personal-overdue')!, { masterSeed: 'x', index: 0 }, { injectors: {}, detect: () => ({}) as never });
    for (const id of SIGNAL_IDS) expect(labels.signals[id]).toEqual({ injected: false, intensity: 0, present: false, strength: 0, evidence: [] });
  });

  it('records an injected signal with its intensity, drawn from the profile range', () => {
    const base = PROFILES.get('personal-healthy')!;
    const profile = { ...base, signals: { nighttime: { prevalence: 1, intensity: [0.9, 0.9] as [number, number] } } };
    const { labels } = generateLog(profile, { masterSeed: 'x', index: 0 });
    expect(labels.signals.nighttime.injected).toBe(true);
    expect(labels.signals.nighttime.intensity).toBe(0.9);
    expect(labels.signals.nighttime.present).toBe(true);
  });

  it('rejects an inverted row range', () => {
    expect(() => generateLog(PROFILES.get('personal-healthy')!, { masterSeed: 'x', index: 0, rowsMin: 10, rowsMax: 5 })).toThrow(/row range/);
  });
});
