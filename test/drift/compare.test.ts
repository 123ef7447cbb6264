import { describe, expect, it } from 'vitest';
import { BinnedAccumulator, ReferenceSketch } from '../../src/drift/accumulator.js';
import { categoryShifts, compareCorpus, comparableGroups, DEFAULT_CATEGORY_SHIFT, unmatchedGroups, type FeatureDrift } from '../../src/drift/compare.js';
import { buildDriftReport } from '../../src/drift/report.js';
import { createRng, streamKey } from '../../src/random/rng.js';
import { FEATURE_IDS, type FeatureId } from '../../src/schema/drift-features.js';
import type { Log } from '../../src/schema/log-row.js';
import type { Reference } from '../../src/schema/reference.js';
import { int } from '../../src/random/draw.js';
import { makeLog } from './helpers.js';

const source = { corpusHash: 'sha256:test', files: 0, logs: 0, rows: 0 };

function referenceOf(logs: Log[], bins = 20): Reference {
  const s = new ReferenceSketch();
  for (const log of logs) s.add(log);
  return s.fit({ bins, createdBy: 'test', source });
}

function drift(reference: Reference, logs: Log[]) {
  const acc = new BinnedAccumulator(reference);
  for (const log of logs) acc.add(log);
  return compareCorpus(reference, acc.result());
}

const drifted = (features: FeatureDrift[]): FeatureId[] => features.filter((f) => f.status === 'drift').map((f) => f.feature).sort();

const refLogs = Array.from({ length: 300 }, (_, i) => makeLog(`R${i}`, { seed: 'ref' }));
const reference = referenceOf(refLogs);
const fresh = Array.from({ length: 300 }, (_, i) => makeLog(`G${i}`, { seed: 'fresh' }));

describe('compareCorpus', () => {
  it('gives KL = 0 on every feature for the reference corpus itself', () => {
    const r = drift(reference, refLogs);
    for (const f of r.features) {
      if (f.status === 'unavailable') continue;
      expect(f.kl).toBeCloseTo(0, 12);
      expect(f.psi).toBeCloseTo(0, 12);
      expect(f.js).toBeCloseTo(0, 6);
      expect(f.unseenMass).toBe(0);
      if (f.kind === 'continuous') {
        expect(f.ks).toBeCloseTo(0, 12);
        expect(f.w1).toBeCloseTo(0, 9);
      }
    }
    expect(r.drifted).toBe(0);
  });

  it('finds no drift in a fresh corpus from the same process', () => {
    const r = drift(reference, fresh);
    expect(drifted(r.features)).toEqual([]);
    for (const f of r.features) if (f.kl !== null) expect(f.kl).toBeLessThan(0.05);
  });

  it('flags exactly the amount features when amounts are scaled ×3 and balances are left alone', () => {
    // Only the amount column changes, so only amount_in / amount_out may move; the balance column is untouched.
    const shifted = fresh.map((log) => ({ ...log, rows: log.rows.map((r) => ({ ...r, amountCents: r.amountCents * 3 })) }));
    const r = drift(reference, shifted);
    expect(drifted(r.features)).toEqual(['amount_in', 'amount_out']);
    const out = r.features.find((f) => f.feature === 'amount_out')!;
    expect(out.w1!).toBeGreaterThan(0.3); // log10(3)=0.477 shift over an sd of about 0.8 in log10 units
    expect(out.ks!).toBeGreaterThan(0.2);
  });

  it('flags exactly the hour when all spending moves to the night', () => {
    const night = fresh.map((log, i) => ({
      ...log,
      rows: log.rows.map((r, j) => {
        const h = (i + j) % 5; // 00–04
        return { ...r, timestamp: `${r.timestamp.slice(0, 11)}0${h}${r.timestamp.slice(13)}` };
      }),
    }));
    const r = drift(reference, night);
    expect(drifted(r.features)).toEqual(['hour']);
    const hour = r.features.find((f) => f.feature === 'hour')!;
    expect(hour.unseenMass).toBe(1);
  });

  it('flags rows per log and transactions per month, not amounts, when logs get four times as many rows', () => {
    const busy = Array.from({ length: 300 }, (_, i) => makeLog(`B${i}`, { seed: 'busy', rows: 480 + (i % 50) }));
    const r = drift(reference, busy);
    const d = drifted(r.features);
    expect(d).toEqual(expect.arrayContaining(['rows_per_log', 'txns_per_month', 'gap_days']));
    for (const same of ['amount_in', 'amount_out', 'hour', 'weekday', 'month', 'type', 'channel'] as const) expect(d).not.toContain(same);
  });

  it('reports a feature one side lacks as unavailable, never as drift', () => {
    const dateOnly = fresh.map((log) => ({ ...log, hasTimeOfDay: false }));
    const r = drift(reference, dateOnly);
    const hour = r.features.find((f) => f.feature === 'hour')!;
    expect(hour.status).toBe('unavailable');
    expect(hour.kl).toBeNull();
  });

  it('flags a threshold under the no-drift level as not meaningful', () => {
    const tiny = [makeLog('T', { seed: 'tiny', rows: 40 })];
    const acc = new BinnedAccumulator(reference);
    for (const log of tiny) acc.add(log);
    const r = compareCorpus(reference, acc.result(), { thresholds: { default: 0.01 } });
    const amount = r.features.find((f) => f.feature === 'amount_out')!;
    expect(amount.noDriftLevel!).toBeGreaterThan(0.01);
    expect(amount.thresholdMeaningful).toBe(false);
    expect(amount.kl!).toBeGreaterThan(0.01);
    expect(amount.status).toBe('not_meaningful');
    expect(r.features.find((f) => f.feature === 'rows_per_log')!.status).toBe('not_meaningful');
    // Whatever drifts here is beyond its own no-drift level (one short log's balances and gaps are not typical).
    for (const f of r.features.filter((x) => x.status === 'drift')) expect(f.kl!).toBeGreaterThan(f.noDriftLevel!);
  });

  it('still calls drift a KL far above a no-drift level that sits over the threshold', () => {
    // 300 logs against 300: the two-sample no-drift level of rows per log on 20 bins is about 0.12–0.14, over 0.1,
    // but logs four times longer put everything in the top bin (KL ≈ ln 20 ≈ 3), far beyond it.
    const busy = Array.from({ length: 300 }, (_, i) => makeLog(`B${i}`, { seed: 'busy', rows: 480 + (i % 50) }));
    const rows = drift(reference, busy).features.find((f) => f.feature === 'rows_per_log')!;
    expect(rows.thresholdMeaningful).toBe(false);
    expect(rows.kl!).toBeGreaterThan(2);
    expect(rows.status).toBe('drift');
  });

  it('applies per-feature thresholds', () => {
    const shifted = fresh.map((log) => ({ ...log, rows: log.rows.map((r) => ({ ...r, amountCents: r.amountCents * 3 })) }));
    const acc = new BinnedAccumulator(reference);
    for (const log of shifted) acc.add(log);
    const r = compareCorpus(reference, acc.result(), { thresholds: { default: 0.1, features: { amount_in: 50, amount_out: 50 } } });
    expect(r.drifted).toBe(0);
  });

  it('computes every listed metric for each available feature', () => {
    const r = drift(reference, fresh);
    expect(r.features.map((f) => f.feature)).toEqual([...FEATURE_IDS]);
    for (const f of r.features) {
      expect(f.n).toBeGreaterThan(0);
      expect(f.k).toBe(f.bins.labels.length);
      expect(f.noDriftLevel).not.toBeNull();
    }
  });
});

describe('comparableGroups', () => {
  const mixed = referenceOf([
    ...Array.from({ length: 5 }, (_, i) => makeLog(`p${i}`, { kind: 'personal' })),
    ...Array.from({ length: 5 }, (_, i) => makeLog(`s${i}`, { kind: 'sme' })),
  ]);

  it('compares per kind when both sides mix the same kinds, plus all', () => {
    const acc = new BinnedAccumulator(mixed);
    acc.add(makeLog('x', { kind: 'personal' }));
    acc.add(makeLog('y', { kind: 'sme' }));
    expect(comparableGroups(mixed, acc.result())).toEqual(['all', 'personal', 'sme']);
  });

  it('compares only the shared kind when the corpus has one kind', () => {
    const acc = new BinnedAccumulator(mixed);
    acc.add(makeLog('x', { kind: 'sme' }));
    expect(comparableGroups(mixed, acc.result())).toEqual(['sme']);
  });

  it('falls back to all when the sides share no kind', () => {
    const acc = new BinnedAccumulator(mixed);
    acc.add(makeLog('x'));
    expect(comparableGroups(mixed, acc.result())).toEqual(['all']);
  });
});

describe('compareCorpus determinism', () => {
  it('gives the same report twice', () => {
    const pick = fresh.slice(0, 50).map((l) => ({ ...l, rows: l.rows.slice(0, int({ next: () => 0.5 }, 10, 100)) }));
    expect(drift(reference, pick)).toEqual(drift(reference, pick));
  });
});

describe('the rare-category check', () => {
  it('flags a share that changes more than 2× and by more than 0.5 points, either way or from nothing', () => {
    const labels = ['Purchase', 'Loan Repayment', 'Fee', 'Refund', 'OTHER'];
    // shares (860 reference rows, 813 generated): Purchase 93.0% → 92.3%, Loan Repayment 1.05% → 3.69%, Fee 0.12% →
    // 0.37% (under 0.5 points), Refund 5.8% → 2.5%, OTHER 0 → 1.2%
    const ref = [800, 9, 1, 50, 0];
    const gen = [750, 30, 3, 20, 10];
    const shifts = categoryShifts(labels, gen, ref);
    expect(shifts.map((s) => [s.label, s.ratio === null ? null : Number(s.ratio.toFixed(3))])).toEqual([
      ['Loan Repayment', 3.526],
      ['Refund', 0.423],
      ['OTHER', null],
    ]);
    expect(shifts[0]).toMatchObject({ generated: 30, reference: 9 });
    // the rule is data: a looser one flags fewer
    expect(categoryShifts(labels, gen, ref, { ratio: 3, points: 0.5 }).map((s) => s.label)).toEqual(['Loan Repayment', 'OTHER']);
    expect(DEFAULT_CATEGORY_SHIFT).toEqual({ ratio: 2, points: 0.5 });
  });

  it('fails a 3× rise of a rare type that pooled KL passes', () => {
    // 1% of the reference's outflow rows are Fee; the generated corpus has 3% (a rare type tripled)
    const withFees = (logs: Log[], share: number, seed: string) =>
      logs.map((log) => {
        const rng = createRng(streamKey('fees', seed, log.logId));
        return { ...log, rows: log.rows.map((r) => (r.amountCents < 0 && rng.next() < share ? { ...r, type: 'Fee' as const } : r)) };
      });
    const ref = referenceOf(withFees(refLogs, 0.014, 'ref'));
    const acc = new BinnedAccumulator(ref);
    for (const log of withFees(fresh, 0.043, 'gen')) acc.add(log);
    const r = compareCorpus(ref, acc.result());
    const type = r.features.find((f) => f.feature === 'type')!;
    expect(type.status).toBe('ok'); // KL alone lets it pass
    expect(type.kl!).toBeLessThan(0.1);
    expect(type.categoryShifts.map((c) => c.label)).toEqual(['Fee']);
    expect(type.categoryShifts[0].share).toBeGreaterThan(2 * type.categoryShifts[0].refShare);
    expect(r.categoryShifts).toBe(1);
    expect(buildDriftReport(ref, acc.result()).passed).toBe(false);
    // the same corpus against itself flags nothing
    expect(drift(reference, fresh).categoryShifts).toBe(0);
  });
});

describe('groups that could not be compared', () => {
  it('names the SME logs a personal reference cannot compare, and passes on the personal ones', () => {
    const sketch = new ReferenceSketch();
    for (const log of refLogs.slice(0, 100)) sketch.add(log, { kind: 'personal' });
    const personalRef = sketch.fit({ bins: 20, createdBy: 'test', source });
    const acc = new BinnedAccumulator(personalRef);
    for (const log of fresh.slice(0, 80)) acc.add({ ...log, clientKind: 'personal' }, { kind: 'personal' });
    for (const log of fresh.slice(80, 110)) acc.add({ ...log, clientKind: 'sme' }, { kind: 'sme' });
    const r = compareCorpus(personalRef, acc.result(), { generatedKinds: acc.kindTotals() });
    expect(acc.kindTotals()).toEqual({ personal: 80, sme: 30 });
    expect(r.groups).toEqual(['personal']);
    expect(r.unmatched).toEqual([{ group: 'sme', side: 'generated', logs: 30, reason: 'the reference has no sme group' }]);
    expect(unmatchedGroups(personalRef, acc.result(), ['all'])).toEqual([]);
  });
});
