import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BinnedAccumulator } from '../../src/drift/accumulator.js';
import { compareCorpus } from '../../src/drift/compare.js';
import type { FeatureId } from '../../src/schema/drift-features.js';
import { loadProfile } from '../../src/io/profiles.js';
import { readReference } from '../../src/io/reference-file.js';
import type { Log } from '../../src/schema/log-row.js';
import type { Reference } from '../../src/schema/reference.js';
import { generateLog } from '../../src/synth/index.js';

// Generated corpora transformed in one respect must drift on exactly the features that respect touches, against the
// shipped personal-healthy reference (400 logs), while a fresh untransformed corpus of the same size does not drift.
const refFile = join(import.meta.dirname, '..', '..', 'profiles', 'reference', 'personal-healthy.json');

function driftedFeatures(reference: Reference, logs: Log[]): FeatureId[] {
  const acc = new BinnedAccumulator(reference);
  for (const log of logs) acc.add(log);
  return compareCorpus(reference, acc.result())
    .features.filter((f) => f.status === 'drift')
    .map((f) => f.feature)
    .sort();
}

describe('drift on generated corpora', () => {
  let reference: Reference;
  let fresh: Log[];
  beforeAll(() => {
    reference = readReference(refFile);
    const profile = loadProfile('personal-healthy');
    fresh = Array.from({ length: reference.source.generator!.count }, (_, index) => generateLog(profile, { masterSeed: 'drift-shift-test', index }).log);
  });

  it('finds nothing in a fresh corpus', () => {
    expect(driftedFeatures(reference, fresh)).toEqual([]);
  });

  it('finds exactly the amounts when every amount is tripled (balance column left as it was)', () => {
    const shifted = fresh.map((log) => ({ ...log, rows: log.rows.map((r) => ({ ...r, amountCents: r.amountCents * 3 })) }));
    expect(driftedFeatures(reference, shifted)).toEqual(['amount_in', 'amount_out']);
  });

  it('finds the amounts and the balance when amounts are tripled and balances re-chained', () => {
    const shifted = fresh.map((log) => {
      let balance = log.rows.length ? log.rows[0].balanceCents - log.rows[0].amountCents : 0;
      const rows = log.rows.map((r) => {
        const amountCents = r.amountCents * 3;
        if (r.status === 'SUCCESS') balance += amountCents;
        return { ...r, amountCents, balanceCents: balance };
      });
      return { ...log, rows };
    });
    expect(driftedFeatures(reference, shifted)).toEqual(['amount_in', 'amount_out', 'balance']);
  });

  it('finds exactly the hour when all card spending happens at night', () => {
    const night = fresh.map((log) => ({
      ...log,
      rows: log.rows.map((r, j) =>
        r.type === 'Purchase' ? { ...r, timestamp: `${r.timestamp.slice(0, 11)}0${j % 5}${r.timestamp.slice(13)}` } : r,
      ),
    }));
    expect(driftedFeatures(reference, night)).toEqual(['hour']);
  });
});
