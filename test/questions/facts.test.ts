import { describe, expect, it } from 'vitest';
import { listProfiles, loadProfile } from '../../src/io/profiles.js';
import { LogFacts, filterShared, type RowView } from '../../src/questions/facts.js';
import { generateLog } from '../../src/synth/index.js';
import type { Log } from '../../src/schema/log-row.js';
import { PERSONAL, SME, makeLog } from './fixtures.js';

/** Generated logs of every shipped profile, and the fixtures (with FAILED rows). */
const LOGS: Log[] = [
  PERSONAL,
  SME,
  ...listProfiles().map((name, i) => ({ ...generateLog(loadProfile(name), { masterSeed: 'facts', index: i }).log, profile: name })),
];

describe('LogFacts', () => {
  it('gives each row the hour, day of month and weekday the Date parser reads from its timestamp', () => {
    for (const log of LOGS) {
      const f = new LogFacts(log);
      for (const r of f.rows) {
        // the oracle: the timestamp read as UTC by the platform parser
        const d = new Date(`${r.row.timestamp.slice(0, 19)}Z`);
        expect([r.hour, r.dayOfMonth, r.weekday]).toEqual([d.getUTCHours(), d.getUTCDate(), d.getUTCDay()]);
        expect(r.t).toBe(d.getTime());
      }
    }
  });

  it('splits the rows by status, with or without FAILED rows', () => {
    const withFailed = LOGS.filter((l) => l.rows.some((r) => r.status !== 'SUCCESS'));
    const withoutFailed = LOGS.filter((l) => l.rows.every((r) => r.status === 'SUCCESS'));
    expect(withFailed.length).toBeGreaterThan(0);
    expect(withoutFailed.length).toBeGreaterThan(0);
    for (const log of LOGS) {
      const f = new LogFacts(log);
      expect(f.ok.map((r) => r.row)).toEqual(log.rows.filter((r) => r.status === 'SUCCESS'));
      expect(f.failed.map((r) => r.row)).toEqual(log.rows.filter((r) => r.status !== 'SUCCESS'));
    }
  });

  it('reads a day that starts a month and a row just before midnight as their own', () => {
    const log = makeLog('p-edge', 100, [
      ['2024-02-29T23:59:59', 'Bill Payment', 'POS', 'Shop', -1],
      ['2024-03-01T00:00:00', 'Bill Payment', 'POS', 'Shop', -1, 'F'],
      ['2024-03-01T13:05:00', 'Salary', 'TRANSFER', 'Employer', 50],
    ]);
    const f = new LogFacts(log);
    expect(f.rows.map((r) => [r.hour, r.dayOfMonth, r.weekday])).toEqual([
      [23, 29, 4],
      [0, 1, 5],
      [13, 1, 5],
    ]);
    expect(f.outflows.map((r) => r.index)).toEqual([0]);
    expect(f.okOfType('Bill Payment').map((r) => r.index)).toEqual([0]);
  });
});

describe('filterShared', () => {
  const rows = new LogFacts(PERSONAL).rows;

  it('keeps what filter keeps, wherever the dropped rows are', () => {
    const drops: Array<(r: RowView) => boolean> = [
      () => true,
      () => false,
      (r) => r.index !== 0,
      (r) => r.index !== rows.length - 1,
      (r) => r.index % 3 !== 1,
      (r) => r.index < 2 || r.index > 5,
      (r) => r.row.amountCents < 0,
    ];
    for (const keep of drops) expect(filterShared(rows, keep)).toEqual(rows.filter(keep));
  });

  it('returns the rows themselves when none is dropped, and a copy otherwise', () => {
    expect(filterShared(rows, () => true)).toBe(rows);
    const some = filterShared(rows, (r) => r.index > 0);
    expect(some).not.toBe(rows);
    expect(rows.length).toBe(some.length + 1);
  });
});
