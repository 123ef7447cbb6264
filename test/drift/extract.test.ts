import { describe, expect, it } from 'vitest';
import { FEATURE_IDS, type FeatureId } from '../../src/schema/drift-features.js';
import { signedLog10, visitLogFeatures } from '../../src/drift/extract.js';
import type { LogRow } from '../../src/schema/log-row.js';

function row(timestamp: string, amountCents: number, balanceCents: number, type: LogRow['type'] = 'Purchase'): LogRow {
  return { txn_id: timestamp, timestamp, type, channel: 'POS', counterparty: 'c', amountCents, balanceCents, status: 'SUCCESS', location: 'CN', remark: 'r' };
}

function collect(rows: LogRow[], caps = { timeOfDay: true, channel: true }): Partial<Record<FeatureId, Array<number | string>>> {
  const out: Partial<Record<FeatureId, Array<number | string>>> = {};
  visitLogFeatures({ rows, hasTimeOfDay: caps.timeOfDay }, caps, (i, v) => (out[FEATURE_IDS[i]] ??= []).push(v));
  return out;
}

describe('visitLogFeatures', () => {
  // 2023-01-02 was a Monday, 2023-01-08 a Sunday, 2023-03-01 a Wednesday (calendar).
  const rows = [
    row('2023-01-02 09:15:00', -12345, 100000),
    row('2023-01-02 23:05:00', 250000, 350000, 'Salary'),
    row('2023-01-08 07:00:00', -100, 349900),
    row('2023-03-01 12:00:00', -400000, -50100, 'Rent'),
  ];
  const f = collect(rows);

  it('measures amounts as log10 of currency units, split by sign', () => {
    // log10(123.45) = 2.091491…, log10(1) = 0, log10(4000) = 3.602060…; log10(2500) = 3.397940…
    expect(f.amount_out).toHaveLength(3);
    expect(f.amount_out![0]).toBeCloseTo(Math.log10(123.45), 12);
    expect(f.amount_out![1]).toBe(0);
    expect(f.amount_out![2]).toBeCloseTo(Math.log10(4000), 12);
    expect(f.amount_in).toEqual([Math.log10(2500)]);
  });

  it('reads hour, ISO weekday (Monday 0), month and day of month', () => {
    expect(f.hour).toEqual([9, 23, 7, 12]);
    expect(f.weekday).toEqual([0, 0, 6, 2]);
    expect(f.month).toEqual([1, 1, 1, 3]);
    expect(f.day_of_month).toEqual([2, 2, 8, 1]);
  });

  it('counts whole-day gaps, rows per log and rows per month with empty months as zeros', () => {
    // Jan 2 → Jan 2 → Jan 8 → Mar 1: gaps 0, 6, 52 days; months Jan 3, Feb 0, Mar 1.
    expect(f.gap_days).toEqual([0, 6, 52]);
    expect(f.rows_per_log).toEqual([4]);
    expect(f.txns_per_month).toEqual([3, 0, 1]);
  });

  it('log-scales balances with their sign', () => {
    // sign(b)·log10(1+|b|): 1000 → log10(1001); −501 → −log10(502)
    expect(f.balance![0]).toBeCloseTo(Math.log10(1001), 12);
    expect(f.balance![3]).toBeCloseTo(-Math.log10(502), 12);
    expect(signedLog10(0)).toBe(0);
  });

  it('emits no hour and no channel when the source lacks them', () => {
    const g = collect(rows, { timeOfDay: false, channel: false });
    expect(g.hour).toBeUndefined();
    expect(g.channel).toBeUndefined();
    expect(g.type).toEqual(['Purchase', 'Salary', 'Purchase', 'Rent']);
  });

  it('gives one rows-per-log value of 0 and nothing else for an empty log', () => {
    expect(collect([])).toEqual({ rows_per_log: [0] });
  });
});
