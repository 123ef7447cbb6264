import { describe, expect, it } from 'vitest';
import { ReferenceSketch } from '../../src/drift/accumulator.js';
import { PerLogChecker } from '../../src/drift/per-log.js';
import { makeLog } from './helpers.js';

const sketch = new ReferenceSketch();
for (let i = 0; i < 200; i++) sketch.add(makeLog(`R${i}`, { seed: 'perlog-ref' }));
const reference = sketch.fit({ bins: 20, createdBy: 'test', source: { corpusHash: 'sha256:test', files: 0, logs: 0, rows: 0 } });

describe('PerLogChecker', () => {
  it('checks each log on at most the requested bins and never calls n = 1 features drift', () => {
    const checker = new PerLogChecker(reference, { bins: 5, thresholds: { default: 0.1 } });
    for (let i = 0; i < 20; i++) checker.add(makeLog(`G${i}`, { seed: 'perlog-gen' }));
    const r = checker.result();
    expect(r.logs).toBe(20);
    for (const f of r.features) expect(f.k).toBeLessThanOrEqual(5);
    const rows = r.features.find((f) => f.feature === 'rows_per_log')!;
    expect(rows.logs.not_meaningful).toBe(20);
  });

  it('finds the logs whose spending moved to the night', () => {
    const checker = new PerLogChecker(reference, { bins: 5 });
    for (let i = 0; i < 10; i++) checker.add(makeLog(`G${i}`, { seed: 'perlog-gen' }));
    for (let i = 0; i < 3; i++) checker.add(makeLog(`N${i}`, { seed: 'perlog-night', hour: (rng) => Math.floor(rng.next() * 4) }));
    const r = checker.result();
    const hourHits = r.hits.filter((h) => h.feature === 'hour').map((h) => h.logId);
    expect(hourHits).toEqual(['N0', 'N1', 'N2']);
    expect(r.driftedLogs).toBeGreaterThanOrEqual(3);
  });

  it('calls a log drifting under a tiny threshold only where KL is beyond its no-drift level', () => {
    const checker = new PerLogChecker(reference, { bins: 5, thresholds: { default: 1e-6 } });
    for (let i = 0; i < 5; i++) checker.add(makeLog(`G${i}`, { seed: 'perlog-gen' }));
    const r = checker.result();
    for (const h of r.hits) expect(h.kl).toBeGreaterThan(h.noDriftLevel);
    const notMeaningful = r.features.reduce((a, f) => a + f.logs.not_meaningful, 0);
    expect(notMeaningful).toBeGreaterThan(r.drifted);
  });
});
