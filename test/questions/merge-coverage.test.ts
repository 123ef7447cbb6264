import { describe, expect, test } from 'vitest';
import { generateLog } from '../../src/synth/index.js';
import { loadProfile } from '../../src/io/profiles.js';
import { buildDatasetQuestions } from '../../src/questions/dataset.js';
import { mergeCoverage } from '../../src/questions/coverage.js';

describe('mergeCoverage', () => {
  const profiles = ['personal-healthy', 'sme-overdue', 'personal-overdue', 'sme-restaurant'].map((n) => loadProfile(n));
  const logs = Array.from({ length: 24 }, (_, i) => generateLog(profiles[i < 8 ? 0 : i % 4], { masterSeed: 'merge', index: i }).log);
  // shards hold phase-1 items (the balancing pass runs on the merged whole), so the parts are built without it
  const whole = buildDatasetQuestions(logs, { seed: 'merge', balance: false }).coverage;

  test('gives, from the coverage of disjoint parts in log order, exactly the coverage of the whole (key order included)', () => {
    // The first part holds personal logs only: its logic keys lack the SME ones, which later parts bring in.
    const cuts = [0, 8, 13, 13, 24];
    const parts = cuts.slice(1).map((end, i) => buildDatasetQuestions(logs.slice(cuts[i], end), { seed: 'merge', balance: false }).coverage);
    expect(Object.keys(parts[0].logic).some((k) => k.startsWith('sme:'))).toBe(false);
    const merged = mergeCoverage(parts);
    expect(JSON.stringify(merged)).toBe(JSON.stringify(whole));
  });

  test('of one part is that part', () => {
    expect(JSON.stringify(mergeCoverage([whole]))).toBe(JSON.stringify(whole));
  });
});
