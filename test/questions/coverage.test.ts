import { describe, expect, test } from 'vitest';
import { generateLog } from '../../src/synth/index.js';
import { listProfiles, loadProfile } from '../../src/io/profiles.js';
import { buildDatasetQuestions } from '../../src/questions/dataset.js';
import { logicKeys } from '../../src/questions/taxonomy.js';

describe('buildDatasetQuestions over a 1,000-log dataset', () => {
  test('covers every domain, sub-domain, cognition level and logic, with balanced answer positions', () => {
    const profiles = listProfiles().map((n) => loadProfile(n));
    const logs = Array.from({ length: 1000 }, (_, i) => generateLog(profiles[i % profiles.length], { masterSeed: 'coverage', index: i }).log);
    const r = buildDatasetQuestions(logs, { seed: 'coverage' });
    expect(r.coverage.missing).toEqual({ domain: [], sub_domain: [], logic: [], cognition: [] });
    expect(Object.keys(r.coverage.logic)).toHaveLength(logicKeys('personal').length + logicKeys('sme').length);
    // most logs support a full set; the rest are reported, never padded
    expect(r.coverage.logs_with_items + r.problems.length).toBeGreaterThanOrEqual(1000);
    expect(r.coverage.logs_with_items).toBeGreaterThanOrEqual(850);
    expect(r.items.length).toBe(15 * r.coverage.logs_with_items);
    // correct-option positions of 4-option items within ±3% of a quarter each
    const pos = Object.values(r.coverage.answer_position);
    const total = pos.reduce((a, b) => a + b, 0);
    for (const n of pos) expect(Math.abs(n / total - 0.25)).toBeLessThan(0.03);
    for (const d of ['L', 'M', 'H'] as const) expect(r.coverage.difficulty[d]).toBe(r.items.length / 3);
  }, 240_000);
});
