import { describe, expect, it } from 'vitest';
import { empiricalQuantile } from '../../src/synth/amounts.js';
import { FitAccumulator } from '../../src/fit/accumulator.js';
import { estimateProfile, quantilesOf, rankCorrelation } from '../../src/fit/estimate.js';
import { fitCalendar } from '../../src/fit/calendar-fit.js';
import { loadProfile } from '../../src/io/profiles.js';
import type { LogRow } from '../../src/schema/log-row.js';

function row(i: number, date: string, type: LogRow['type'], amount: number, balance: number, channel: LogRow['channel'] = 'TRANSFER'): LogRow {
  return { txn_id: `T${i}`, timestamp: `${date} 10:00:00`, type, channel, counterparty: 'Someone', amountCents: amount, balanceCents: balance, status: 'SUCCESS', location: 'CN', remark: 'r' };
}

describe('empirical distributions', () => {
  it('interpolates between neighbouring quantiles, log-linearly for positive values', () => {
    expect(empiricalQuantile([10, 1000], 0)).toBe(10);
    expect(empiricalQuantile([10, 1000], 0.5)).toBeCloseTo(100, 9);
    expect(empiricalQuantile([10, 1000], 1)).toBe(1000);
    expect(empiricalQuantile([0, 4], 0.25)).toBe(1);
    expect(empiricalQuantile([5, 5, 7], 0.3)).toBe(5);
  });

  it('quantilesOf interpolates order statistics and rankCorrelation is Spearman', () => {
    expect(quantilesOf([3, 1, 2, 4, 5], 4)).toEqual([1, 2, 3, 4, 5]);
    expect(rankCorrelation([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 12);
    expect(rankCorrelation([1, 2, 3, 4], [40, 30, 20, 10])).toBeCloseTo(-1, 12);
  });
});

describe('calendar weights', () => {
  it('reproduce the observed day-of-month marginal over the period the logs are drawn in', () => {
    const acc = new FitAccumulator();
    // Rows only on the 1st and the 15th of each month of 2023, twice as many on the 1st.
    const rows: LogRow[] = [];
    for (let m = 1; m <= 12; m++) {
      const mm = String(m).padStart(2, '0');
      rows.push(row(rows.length, `2023-${mm}-01`, 'Purchase', -100, 1000), row(rows.length + 1, `2023-${mm}-01`, 'Purchase', -100, 900), row(rows.length + 2, `2023-${mm}-15`, 'Purchase', -100, 800));
    }
    acc.add({ rows }, { timeOfDay: true, channel: true }, 'personal');
    const start = Date.UTC(2023, 0, 1) / 86_400_000;
    const cal = fitCalendar(acc.sketch, start, start + 364, [365]);
    const others = cal.day_of_month.filter((_, i) => i !== 0 && i !== 14);
    expect(Math.max(...others)).toBeLessThan(1e-6);
    expect(cal.day_of_month[0] / cal.day_of_month[14]).toBeCloseTo(2, 2);
  });
});

describe('estimateProfile', () => {
  it('extends the base, sets what it estimated and removes what the source does not show', () => {
    const acc = new FitAccumulator();
    for (let l = 0; l < 6; l++) {
      const rows: LogRow[] = [];
      let balance = 0;
      for (let i = 0; i < 20; i++) {
        const inflow = i % 4 === 0;
        const amount = inflow ? 300_000 + l * 1000 : -(5_000 + i * 100);
        balance += amount;
        rows.push(row(i, `2022-0${1 + (i % 6)}-1${i % 10}`, inflow ? 'Salary' : 'ATM Withdrawal', amount, balance, inflow ? 'TRANSFER' : 'ATM'));
      }
      rows.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
      acc.add({ rows }, { timeOfDay: false, channel: true }, 'personal');
    }
    const base = loadProfile('personal-healthy');
    const p = estimateProfile(acc.sketch, { name: 'tiny', description: 'test', baseName: 'personal-healthy', base, kind: 'personal' }) as Record<string, any>;
    expect(p.extends).toBe('personal-healthy');
    expect(p.period).toEqual({ start: '2022-01-01', end: '2022-06-30' });
    const fitted = p.spending.filter((c: any) => !c.remove);
    expect(fitted.map((c: any) => c.type).sort()).toEqual(['ATM Withdrawal', 'Salary']);
    expect(fitted.find((c: any) => c.type === 'ATM Withdrawal').channels).toEqual({ ATM: 15 * 6 });
    expect(fitted.every((c: any) => c.hours === undefined)).toBe(true);
    expect(p.income.every((f: any) => f.remove === true)).toBe(true);
    expect(p.obligations.length).toBe(base.obligations.length);
    expect(Object.values(p.signals).every((s: any) => s.prevalence === 0)).toBe(true);
    expect(p.activity.rows.quantiles[0]).toBe(20);
    expect(p.rows).toEqual({ min: 20, max: 20 });
  });
});
