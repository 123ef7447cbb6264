import { beforeAll, describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/io/profiles.js';
import { generateLog } from '../../src/synth/index.js';
import { addFlows, type BaseContext } from '../../src/synth/base-events.js';
import { createRng } from '../../src/random/rng.js';
import { Flow } from '../../src/schema/profile.js';
import { sharedFaker } from '../../src/synth/faker-rng.js';
import { Vocabulary } from '../../src/synth/vocabulary.js';
import { toPeriod } from '../../src/synth/generate.js';
import type { SynthEvent } from '../../src/synth/event.js';
import type { Log } from '../../src/schema/log-row.js';

// Issue #13: answers must come from the log, not from what every log of a profile shares. The generator draws per log
// a balance trajectory, one variant of each flow that has them (settlement hours, tax regime, cost mix, missed months)
// and what a client does with a loan.

/** The events of one flow in one log (seeded by `seed`). */
function flowEvents(flow: unknown, seed: string): SynthEvent[] {
  const rng = createRng(seed);
  const { faker, randomizer } = sharedFaker();
  randomizer.current = rng;
  const period = toPeriod({ start: '2023-01-01', end: '2023-12-31' });
  const events: SynthEvent[] = [];
  const days = Math.round((period.end - period.start) / 86_400);
  const ctx: BaseContext = {
    rng,
    period,
    vocab: new Vocabulary(faker, rng, 'sme'),
    homeCountry: 'CN',
    seasons: new Float64Array(days).fill(1),
    tablePeriod: period,
    dayWeights: new Float64Array(days).fill(1),
    events,
  };
  addFlows(ctx, [Flow.parse(flow)], false);
  return events;
}

const TAX = { name: 'vat', type: 'Tax', cadence: 'quarterly', day: 15, amount: { dist: 'uniform', min: 900, max: 1000 }, counterparty: 'tax', remark: 'vat', channel: 'ONLINE', hours: [9, 17] };

describe('flow variants', () => {
  it('draw one variant per log: a quarterly or a monthly tax, the monthly one a third of the size with its own label', () => {
    const flow = { ...TAX, variants: [{ weight: 1 }, { weight: 1, cadence: 'monthly', amount_scale: 0.34, remark: 'vat_monthly' }] };
    const counts = new Set<number>();
    for (let k = 0; k < 40; k++) {
      const evs = flowEvents(flow, `tax-${k}`);
      counts.add(evs.length);
      if (evs.length === 12) {
        for (const e of evs) expect(-e.amountCents).toBeLessThanOrEqual(34_000);
        for (const e of evs) expect(e.remark).not.toMatch(/quarterly/i);
      } else expect(evs.length).toBe(4);
    }
    expect([...counts].sort((a, b) => a - b)).toEqual([4, 12]);
  });
  it('set the hours a flow posts in', () => {
    const flow = { ...TAX, cadence: 'monthly', variants: [{ weight: 1, hours: [2, 3] }] };
    for (const e of flowEvents(flow, 'hours')) expect(Math.floor((e.at % 86_400) / 3600)).toBeGreaterThanOrEqual(2), expect(Math.floor((e.at % 86_400) / 3600)).toBeLessThanOrEqual(3);
  });
  it('skip whole months: one or two months without the flow, never a part of one', () => {
    const flow = { ...TAX, cadence: 'semimonthly', variants: [{ weight: 1, skip_months: [1, 2] }] };
    const seen = new Set<number>();
    for (let k = 0; k < 20; k++) {
      const months = new Map<number, number>();
      for (const e of flowEvents(flow, `skip-${k}`)) {
        const m = new Date(e.at * 1000).getUTCMonth();
        months.set(m, (months.get(m) ?? 0) + 1);
      }
      for (const n of months.values()) expect(n).toBe(2);
      seen.add(12 - months.size);
    }
    expect([...seen].sort()).toEqual([1, 2]);
  });
  it('are checked with the profile: an unknown field is refused', () => {
    expect(() => Flow.parse({ ...TAX, variants: [{ weight: 1, colour: 'red' }] })).toThrow();
    expect(() => Flow.parse({ ...TAX, variants: [] })).toThrow();
  });
});

describe('per-log variety of the shipped base profiles', () => {
  const LOGS = 60;
  const logs: Record<string, Log[]> = {};
  beforeAll(() => {
    for (const name of ['personal-healthy', 'sme-healthy']) {
      const profile = loadProfile(name);
      logs[name] = Array.from({ length: LOGS }, (_, index) => generateLog(profile, { masterSeed: 'variety', index }).log);
    }
  });
  const monthEnds = (log: Log): number[] => {
    const ends = new Map<string, number>();
    for (const r of log.rows) ends.set(r.timestamp.slice(0, 7), r.balanceCents);
    return [...ends.keys()].sort().map((k) => ends.get(k)!);
  };
  it('balances rise in some logs and fall in others, and the lowest balance is not always in the first month', () => {
    for (const name of ['personal-healthy', 'sme-healthy']) {
      const ends = logs[name].map(monthEnds);
      const rising = ends.filter((e) => e[e.length - 1] > e[0]).length;
      expect(rising / LOGS, name).toBeGreaterThan(0.25);
      expect(rising / LOGS, name).toBeLessThan(0.75);
      const lowInFirst = logs[name].filter((l) => {
        const min = Math.min(...l.rows.map((r) => r.balanceCents));
        return l.rows.find((r) => r.balanceCents === min)!.timestamp.slice(5, 7) === l.rows[0].timestamp.slice(5, 7);
      }).length;
      expect(lowInFirst / LOGS, name).toBeLessThan(0.4);
    }
  });
  it('SME card settlements arrive at different hours for different businesses, not all at night', () => {
    const windows = new Set<number>();
    for (const log of logs['sme-healthy']) {
      const byWindow = [0, 0, 0, 0];
      for (const r of log.rows) if (r.type === 'Sales Receipt') byWindow[Math.floor(+r.timestamp.slice(11, 13) / 6)]++;
      windows.add(byWindow.indexOf(Math.max(...byWindow)));
    }
    expect(windows.size).toBe(4);
  });
  it('some businesses spend most on payroll or rent, not suppliers; some file tax monthly, some quarterly', () => {
    const tops = new Set<string>();
    const taxMonths = new Set<number>();
    for (const log of logs['sme-healthy']) {
      const byType = new Map<string, number>();
      for (const r of log.rows) if (r.status === 'SUCCESS' && r.amountCents < 0) byType.set(r.type, (byType.get(r.type) ?? 0) - r.amountCents);
      tops.add([...byType].sort((a, b) => b[1] - a[1])[0][0]);
      taxMonths.add(new Set(log.rows.filter((r) => r.type === 'Tax').map((r) => r.timestamp.slice(5, 7))).size);
    }
    expect(tops.has('Supplier Payment') && tops.has('Payroll')).toBe(true);
    expect(Math.max(...taxMonths)).toBeGreaterThanOrEqual(11);
    expect(Math.min(...taxMonths)).toBeLessThanOrEqual(4);
  });
  it('a loan is sometimes paid on to a seller within days of its disbursement', () => {
    const profile = loadProfile('personal-healthy');
    let loans = 0;
    let used = 0;
    for (let index = 0; index < 200 && loans < 20; index++) {
      const { log } = generateLog({ ...profile, loans: profile.loans.map((l) => ({ ...l, probability: 1 })), signals: {} }, { masterSeed: 'loan-use', index });
      const disb = log.rows.find((r) => r.type === 'Loan Disbursement');
      if (!disb) continue;
      loans++;
      const t0 = Date.parse(disb.timestamp.replace(' ', 'T') + 'Z');
      const after = log.rows.filter((r) => r.type === 'Transfer Out' && Date.parse(r.timestamp.replace(' ', 'T') + 'Z') > t0 && Date.parse(r.timestamp.replace(' ', 'T') + 'Z') - t0 <= 240 * 3_600_000 && -r.amountCents >= 0.2 * disb.amountCents);
      if (after.length) used++;
    }
    expect(loans).toBeGreaterThanOrEqual(10);
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThan(loans);
  });
});
