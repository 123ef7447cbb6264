#!/usr/bin/env node
// Rebuilds the shipped drift references profiles/reference/<profile>.json from a seeded generated corpus.
// Run with `npm run references` (builds first). Deterministic: the same generator gives byte-identical files.
// Each reference records how it was made (profile, masterSeed, count) so that test/drift/shipped-references.test.ts
// can generate a fresh corpus of the same size with another seed and fail when any feature's KL exceeds 0.1.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateLog } from '../dist/synth/index.js';
import { loadProfile } from '../dist/io/profiles.js';
import { ReferenceSketch } from '../dist/drift/index.js';
import { CorpusHasher, writeReference } from '../dist/io/reference-file.js';
import { formatLogTsv } from '../dist/log/index.js';
import { VERSION } from '../dist/version.js';

/** The four base profiles; corpus size and bins trade test speed against sampling noise (see docs/drift.md). */
const SHIPPED_REFERENCE_PROFILES = ['personal-healthy', 'personal-overdue', 'sme-healthy', 'sme-overdue'];
const SHIPPED_REFERENCE_COUNT = 400;
const SHIPPED_REFERENCE_BINS = 10;
const SHIPPED_REFERENCE_SEED = 'cclupe-reference-v1';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

for (const name of SHIPPED_REFERENCE_PROFILES) {
  const profile = loadProfile(name);
  const sketch = new ReferenceSketch();
  const hasher = new CorpusHasher();
  let rows = 0;
  for (let index = 0; index < SHIPPED_REFERENCE_COUNT; index++) {
    const { log } = generateLog(profile, { masterSeed: SHIPPED_REFERENCE_SEED, index });
    sketch.add(log);
    // The same bytes `cclupe generate` writes to logs/<log_id>.tsv, so the hash matches a written corpus.
    hasher.add(`${log.logId}.tsv`, formatLogTsv(log));
    rows += log.rows.length;
  }
  const reference = sketch.fit({
    bins: SHIPPED_REFERENCE_BINS,
    createdBy: `cclupe-kit ${VERSION}`,
    source: {
      corpusHash: hasher.digest(),
      files: hasher.files,
      logs: SHIPPED_REFERENCE_COUNT,
      rows,
      label: `profile ${name}`,
      generator: { profile: name, masterSeed: SHIPPED_REFERENCE_SEED, count: SHIPPED_REFERENCE_COUNT },
    },
  });
  const out = join(root, 'profiles', 'reference', `${name}.json`);
  writeReference(out, reference);
  process.stdout.write(`${name}: ${SHIPPED_REFERENCE_COUNT} logs, ${rows} rows → ${out}\n`);
}
