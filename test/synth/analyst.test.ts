import { beforeAll, describe, expect, it } from 'vitest';
import { loadProfile, listProfiles } from '../../src/io/profiles.js';
import { generateLog } from '../../src/synth/index.js';
import { COUNTERPARTY_KINDS } from '../../src/synth/data/counterparties.js';
import { MERCHANTS_ABROAD } from '../../src/synth/data/merchants-abroad.js';
import { CASH_ABROAD } from '../../src/synth/data/business-days.js';
import { MERCHANT_AMOUNTS } from '../../src/synth/data/merchant-amounts.js';
import { SEASON_PURCHASES } from '../../src/synth/inject/words.js';
import type { Log } from '../../src/schema/log-row.js';
import { CNY_PER_UNIT } from '../../src/schema/currencies.js';
import { postEvents } from '../../src/synth/posting.js';
import { synthEvent } from '../../src/synth/event.js';
import { parseDate } from '../../src/synth/calendar.js';

// What a credit analyst checks at a glance, each measured over a 1,000-log dataset of every shipped profile, with the
// distress signals of the overdue bases among them (overseas trips, seasonal splurges).
const LOGS = 1000;
let logs: Log[] = [];
/** Logs into which no signal was injected: every row is a base row. */
let baseOnly: Log[] = [];

beforeAll(() => {
  const profiles = listProfiles().map((n) => loadProfile(n));
  const generated = Array.from({ length: LOGS }, (_, index) => generateLog(profiles[index % profiles.length], { masterSeed: 'analyst', index }));
  logs = generated.map((g) => g.log);
  baseOnly = generated.filter((g) => !Object.values(g.labels.signals).some((s) => s.injected)).map((g) => g.log);
});

const rows = () => logs.flatMap((l) => l.rows.map((r) => ({ ...r, log: l.logId })));

describe('details an analyst spots at a glance', () => {
  it('festive spending goes with the merchant: a banquet at a restaurant, new-year goods at a home store', () => {
    const suffixes: Array<[string, string]> = [];
    for (const kind of Object.keys(SEASON_PURCHASES)) {
      for (const t of [...COUNTERPARTY_KINDS[kind].personal, ...COUNTERPARTY_KINDS[kind].sme]) suffixes.push([t.split('@')[0].replace('{brand} ', ''), kind]);
    }
    const byRemark = new Map<string, string[]>();
    for (const [kind, v] of Object.entries(SEASON_PURCHASES)) for (const r of v.remarks) byRemark.set(r, [...(byRemark.get(r) ?? []), kind]);
    let checked = 0;
    for (const r of rows()) {
      const kinds = byRemark.get(r.remark);
      if (!kinds) continue;
      checked++;
      const kind = suffixes.find(([s]) => r.counterparty.endsWith(s))?.[1];
      expect(kinds, `${r.log} ${r.txn_id}: "${r.remark}" at ${r.counterparty}`).toContain(kind);
      expect(SEASON_PURCHASES[kind as keyof typeof SEASON_PURCHASES].channels).toContain(r.channel);
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('merchants abroad read like merchants of that country, with remarks that fit them', () => {
    let checked = 0;
    for (const r of rows()) {
      if (r.location === 'CN') continue;
      checked++;
      const table = MERCHANTS_ABROAD[r.location];
      expect(table, r.location).toBeDefined();
      expect(table.towns.some((t) => r.counterparty.includes(t)), `${r.counterparty} in ${r.location}`).toBe(true);
      if (r.type === 'ATM Withdrawal') {
        expect(r.counterparty).toMatch(/ATM/);
        continue;
      }
      const template = table.merchants.find((m) => {
        const [name] = m.split('@');
        const [before, after] = name.split('{town}');
        return after === undefined ? r.counterparty === before : r.counterparty.startsWith(before) && r.counterparty.endsWith(after);
      });
      expect(template, r.counterparty).toBeDefined();
      if (r.type === 'Purchase') expect(template!.split('@')[1].split(';')).toContain(r.remark);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('cash machines pay out notes: 100 CNY at home, whole local notes abroad at a plausible rate', () => {
    let home = 0;
    let abroad = 0;
    for (const r of rows()) {
      if (r.type !== 'ATM Withdrawal') continue;
      if (r.location === 'CN') {
        home++;
        expect(-r.amountCents % 100_00, `${r.log} ${r.txn_id} ${r.amountCents}`).toBe(0);
      } else {
        abroad++;
        const c = CASH_ABROAD[r.location];
        const notes = -r.amountCents / 100 / c.cnyPerUnit / c.note;
        expect(Math.abs(notes - Math.round(notes)), `${r.location} ${r.amountCents}`).toBeLessThan(0.01);
      }
    }
    expect(home).toBeGreaterThan(500);
    expect(abroad).toBeGreaterThan(10);
  });

  it('cash abroad is converted into the account currency: 20,000 JPY from a CZK account is 3,166.14 CZK', () => {
    const at = parseDate('1997-06-02') + 12 * 3600;
    const ev = synthEvent({ at, type: 'ATM Withdrawal', channel: 'ATM', counterparty: 'Tokyo ATM', amountCents: -3_100_00, location: 'JP', remark: 'Cash', outcome: 'success' });
    const period = { start: parseDate('1997-01-01'), end: parseDate('1998-01-01') };
    postEvents([ev], { period, homeCountry: 'CN', cashNote: 10, currency: 'CZK' });
    // 3,100 CZK × 0.319 / 0.0505 = 19,582 JPY → 20 notes of 1,000 JPY → 20,000 × 0.0505 / 0.319 CZK.
    expect(ev.amountCents).toBe(-Math.round(((20_000 * CASH_ABROAD.JP.cnyPerUnit) / CNY_PER_UNIT.CZK) * 100));
    expect(ev.amountCents).toBe(-3_166_14);
  });

  it('the trade of a merchant sets what a purchase there costs: every base purchase lies in its amount range', () => {
    const trades = Object.keys(MERCHANT_AMOUNTS).sort((a, b) => b.length - a.length);
    let checked = 0;
    const tradesSeen = new Set<string>();
    for (const log of baseOnly) {
      for (const r of log.rows) {
        // Home merchants (from COUNTERPARTY_KINDS); merchants abroad come from their own table.
        if (r.type !== 'Purchase' || r.amountCents >= 0 || r.location !== 'CN') continue;
        const trade = trades.find((t) => r.counterparty.endsWith(` ${t}`));
        if (!trade) continue;
        const [lo, hi] = MERCHANT_AMOUNTS[trade];
        checked++;
        tradesSeen.add(trade);
        expect(-r.amountCents / 100, `${log.logId} ${r.txn_id} ${r.counterparty} ${r.remark}`).toBeGreaterThanOrEqual(lo);
        expect(-r.amountCents / 100, `${log.logId} ${r.txn_id} ${r.counterparty} ${r.remark}`).toBeLessThanOrEqual(hi);
      }
    }
    expect(baseOnly.length).toBeGreaterThan(500);
    expect(checked).toBeGreaterThan(20_000);
    expect(tradesSeen.size).toBeGreaterThan(30);
  });

  it('wages and taxes post on working days of 2023, with the Chinese public holidays and their make-up days', () => {
    const off = new Set<string>();
    const ranges = [['01-01', '01-02'], ['01-21', '01-27'], ['04-05', '04-05'], ['04-29', '05-03'], ['06-22', '06-24'], ['09-29', '10-06'], ['12-30', '12-31']];
    for (const [a, b] of ranges) for (let t = Date.parse(`2023-${a}`); t <= Date.parse(`2023-${b}`); t += 86_400_000) off.add(new Date(t).toISOString().slice(0, 10));
    const work = new Set(['01-28', '01-29', '04-23', '05-06', '06-25', '10-07', '10-08'].map((d) => `2023-${d}`));
    const counts: Record<string, number> = { Salary: 0, Payroll: 0, Tax: 0 };
    for (const r of rows()) {
      if (!(r.type in counts)) continue;
      counts[r.type]++;
      const date = r.timestamp.slice(0, 10);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      const working = work.has(date) || (!off.has(date) && weekday !== 0 && weekday !== 6);
      expect(working, `${r.type} on ${date} (${r.log})`).toBe(true);
    }
    expect(Math.min(...Object.values(counts))).toBeGreaterThan(100);
  });

  it('one landlord, one lease: every rent to the same landlord carries the same label', () => {
    const labels = new Map<string, Set<string>>();
    for (const r of rows()) {
      if (r.type !== 'Rent') continue;
      const key = `${r.log}|${r.counterparty}`;
      const label = r.remark.replace(/\s+(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/, '');
      labels.set(key, (labels.get(key) ?? new Set()).add(label));
    }
    expect(labels.size).toBeGreaterThan(200);
    for (const [key, set] of labels) expect([...set], key).toHaveLength(1);
  });
});
