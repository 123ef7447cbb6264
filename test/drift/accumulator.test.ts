import { describe, expect, it } from 'vitest';
import { BinnedAccumulator, ReferenceSketch, OTHER_CATEGORY } from '../../src/drift/accumulator.js';
import { Reference } from '../../src/schema/reference.js';
import { makeLog } from './helpers.js';

const source = { corpusHash: 'sha256:test', files: 0, logs: 0, rows: 0 };

function sketchOf(logs: ReturnType<typeof makeLog>[]): ReferenceSketch {
  const s = new ReferenceSketch();
  for (const log of logs) s.add(log);
  return s;
}

describe('ReferenceSketch.fit', () => {
  const logs = Array.from({ length: 60 }, (_, i) => makeLog(`L${i}`));
  const ref = sketchOf(logs).fit({ bins: 10, createdBy: 'test', source });

  it('produces a reference that its own schema accepts', () => {
    expect(Reference.parse(ref)).toEqual(ref);
  });

  it('fits equal-frequency bins on continuous features, counting every value once', () => {
    const f = ref.groups.all!.features.amount_out;
    expect(f.edges!.length).toBe(9);
    expect(f.counts.reduce((a, b) => a + b, 0)).toBe(f.n);
    // Each of 10 equal-frequency bins holds about n/10 values (grid ties can move a few).
    for (const c of f.counts) expect(Math.abs(c - f.n / 10)).toBeLessThan(f.n * 0.02);
    const outRows = logs.flatMap((l) => l.rows).filter((r) => r.amountCents < 0).length;
    expect(f.n).toBe(outRows);
  });

  it('keeps one bin per ordinal value and one per category plus OTHER', () => {
    expect(ref.groups.all!.features.hour.categories).toHaveLength(24);
    const type = ref.groups.all!.features.type;
    expect(type.categories![type.categories!.length - 1]).toBe(OTHER_CATEGORY);
    expect(new Set(type.categories)).toEqual(new Set(['Purchase', 'Bill Payment', 'Transfer Out', 'Salary', 'Transfer In', OTHER_CATEGORY]));
  });

  it('counts one rows-per-log value per log and one gap per consecutive pair', () => {
    const all = ref.groups.all!;
    expect(all.features.rows_per_log.n).toBe(60);
    expect(all.features.gap_days.n).toBe(logs.reduce((a, l) => a + l.rows.length - 1, 0));
  });

  it('marks features a source lacks as unavailable instead of inventing them', () => {
    const dateOnly = sketchOf([{ ...makeLog('D'), hasTimeOfDay: false }]);
    const r = dateOnly.fit({ bins: 5, createdBy: 'test', source });
    expect(r.groups.all!.features.hour.available).toBe(false);
    expect(r.groups.all!.features.hour.counts).toEqual([]);
    const noChannel = new ReferenceSketch();
    noChannel.add(makeLog('C'), { caps: { timeOfDay: true, channel: false } });
    expect(noChannel.fit({ bins: 5, createdBy: 'test', source }).groups.all!.features.channel.available).toBe(false);
  });

  it('splits a corpus that mixes client kinds into per-kind groups plus all', () => {
    const s = sketchOf([makeLog('a', { kind: 'personal' }), makeLog('b', { kind: 'sme' }), makeLog('c', { kind: 'sme' })]);
    const r = s.fit({ bins: 5, createdBy: 'test', source });
    expect(Object.keys(r.groups).sort()).toEqual(['all', 'personal', 'sme']);
    expect(r.groups.sme!.logs).toBe(2);
    expect(r.groups.all!.logs).toBe(3);
  });

  it('holds counts, not values: adding the same logs again does not grow the sketch', () => {
    const s = sketchOf(logs);
    const before = s.storedEntries;
    for (let rep = 0; rep < 10; rep++) for (const log of logs) s.add(log);
    expect(s.storedEntries).toBe(before);
    expect(s.logs).toBe(660);
  });
});

describe('BinnedAccumulator', () => {
  it('reproduces the reference counts when fed the reference corpus', () => {
    const logs = Array.from({ length: 30 }, (_, i) => makeLog(`L${i}`));
    const ref = sketchOf(logs).fit({ bins: 8, createdBy: 'test', source });
    const acc = new BinnedAccumulator(ref);
    for (const log of logs) acc.add(log);
    const all = acc.result().all!;
    for (const [id, f] of Object.entries(ref.groups.all!.features)) {
      expect(all.features[id as keyof typeof all.features].counts).toEqual(f.counts);
      if (f.sums) all.features[id as keyof typeof all.features].sums.forEach((s, i) => expect(s).toBeCloseTo(f.sums![i], 3));
    }
  });

  it('bins a log of the reference\'s only kind once, into that kind, and kind-less logs into all', () => {
    const ref = sketchOf([makeLog('a', { kind: 'sme' }), makeLog('b', { kind: 'sme' })]).fit({ bins: 5, createdBy: 'test', source });
    expect(Object.keys(ref.groups)).toEqual(['all', 'sme']);
    const acc = new BinnedAccumulator(ref);
    acc.add(makeLog('c', { kind: 'sme' }));
    expect(Object.keys(acc.result())).toEqual(['sme']);
    acc.add(makeLog('d'));
    expect(acc.result().all!.logs).toBe(1);
    expect(acc.totals().logs).toBe(2);
  });

  it('sends categories the reference never saw to OTHER', () => {
    const ref = sketchOf([makeLog('a')]).fit({ bins: 5, createdBy: 'test', source });
    const log = makeLog('b');
    log.rows = log.rows.map((r) => ({ ...r, type: 'Tax' as const }));
    const acc = new BinnedAccumulator(ref);
    acc.add(log);
    const type = acc.result().all!.features.type;
    expect(type.counts[type.counts.length - 1]).toBe(log.rows.length);
  });
});
