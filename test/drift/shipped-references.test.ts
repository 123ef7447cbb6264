import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BinnedAccumulator } from '../../src/drift/accumulator.js';
import { compareCorpus } from '../../src/drift/compare.js';
import { loadProfile } from '../../src/io/profiles.js';
import { readReference } from '../../src/io/reference-file.js';
import { generateLog } from '../../src/synth/index.js';

const dir = join(import.meta.dirname, '..', '..', 'profiles', 'reference');
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

describe('shipped references', () => {
  it('exist for the four base profiles', () => {
    expect(files).toEqual(['personal-healthy.json', 'personal-overdue.json', 'sme-healthy.json', 'sme-overdue.json']);
  });

  // A fresh corpus of the reference's own size, from another seed, must stay within KL 0.1 on every feature:
  // a code change that moves the generator away from the shipped reference fails here. Rebuild with `npm run references`.
  it.each(files)('%s: a fresh corpus of the same size stays under KL 0.1 on every feature', (file) => {
    const reference = readReference(join(dir, file));
    const gen = reference.source.generator!;
    expect(gen).toBeDefined();
    const profile = loadProfile(gen.profile);
    const acc = new BinnedAccumulator(reference);
    for (let index = 0; index < gen.count; index++) acc.add(generateLog(profile, { masterSeed: 'cclupe-drift-check', index }).log);
    const result = compareCorpus(reference, acc.result());
    const over = result.features.filter((f) => f.kl !== null && f.kl > 0.1).map((f) => `${f.group}/${f.feature} KL=${f.kl!.toFixed(4)}`);
    expect(over, `features over KL 0.1 (generator drifted from ${file}; if intended, run npm run references)`).toEqual([]);
    expect(result.groups).toEqual([profile.client_kind]);
    const available = result.features.filter((f) => f.status !== 'unavailable');
    expect(available).toHaveLength(12);
  });
});
