import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Log, LogRow } from '../../src/schema/log-row.js';
import { TRANSACTION_TYPES, CHANNELS } from '../../src/schema/transaction-types.js';
import { SIGNAL_IDS } from '../../src/schema/signal-id.js';
import { detectAll } from '../../src/signals/index.js';

const pad = (n: number) => String(n).padStart(2, '0');
const timestamp = fc.oneof(
  { weight: 9, arbitrary: fc.tuple(fc.integer({ min: 2022, max: 2024 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.integer({ min: 0, max: 23 })).map(([y, m, d, h]) => `${y}-${pad(m)}-${pad(d)} ${pad(h)}:00:00`) },
  { weight: 1, arbitrary: fc.string({ minLength: 19, maxLength: 19 }) },
);
const row = fc.record({
  timestamp,
  type: fc.constantFrom(...TRANSACTION_TYPES),
  channel: fc.constantFrom(...CHANNELS),
  counterparty: fc.constantFrom('Huaxin Digital Asset Exchange Co., Ltd.', 'Boya Golf Club', 'Shop A', 'Shop B', 'Jinlong Steel Trading Co., Ltd.', 'Card Center', 'Wang Wei'),
  amountCents: fc.integer({ min: -5_000_000, max: 5_000_000 }),
  balanceCents: fc.integer({ min: -1_000_000, max: 10_000_000 }),
  status: fc.constantFrom('SUCCESS', 'FAILED') as fc.Arbitrary<'SUCCESS' | 'FAILED'>,
  location: fc.constantFrom('CN', 'CN', 'CN', 'JP'),
  remark: fc.constantFrom('Returned payment charge', 'Groceries', 'Rent'),
});
const logArb = fc
  .record({
    rows: fc.array(row, { maxLength: 120 }),
    clientKind: fc.constantFrom('personal', 'sme', undefined),
    businessCategory: fc.constantFrom('restaurant', 'factory', 'services', undefined),
    hasTimeOfDay: fc.boolean(),
    sorted: fc.boolean(),
  })
  .map(({ rows, clientKind, businessCategory, hasTimeOfDay, sorted }): Log => {
    const ordered = sorted ? rows.slice().sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0)) : rows;
    return {
      logId: 'prop',
      rows: ordered.map((r, k): LogRow => ({ ...r, txn_id: `T${k + 1}` })),
      ...(clientKind ? { clientKind } : {}),
      ...(businessCategory ? { businessCategory } : {}),
      hasTimeOfDay,
    };
  });

describe('detectAll on arbitrary logs', () => {
  it('never throws, keeps strength in [0, 1], present ⇔ strength ≥ 0.5, and cites only rows of the log', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        const ids = new Set(log.rows.map((r) => r.txn_id));
        const all = detectAll(log);
        expect(Object.keys(all)).toEqual([...SIGNAL_IDS]);
        for (const d of Object.values(all)) {
          expect(d.strength).toBeGreaterThanOrEqual(0);
          expect(d.strength).toBeLessThanOrEqual(1);
          expect(d.present).toBe(d.strength >= 0.5);
          expect(new Set(d.evidence).size).toBe(d.evidence.length);
          for (const id of d.evidence) expect(ids.has(id)).toBe(true);
          if (!d.present) expect(d.evidence).toEqual([]);
        }
        if (!log.hasTimeOfDay) expect(all.nighttime.present).toBe(false);
        expect(detectAll(log)).toEqual(all);
      }),
      { numRuns: 300, seed: 42 },
    );
  });
});
