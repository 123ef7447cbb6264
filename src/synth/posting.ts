import type { SynthEvent } from './event.js';
import { DAY_S, civil } from './calendar.js';
import { BUSINESS_DAY_TYPES, CASH_ABROAD, CN_HOLIDAYS } from './data/business-days.js';
import { CNY_PER_UNIT } from '../schema/currencies.js';
import type { Period } from './event.js';

const pad = (n: number): string => String(n).padStart(2, '0');

// Per year: the set of `MM-DD` days off and of weekend days worked (built once from the table).
const yearCache = new Map<number, { off: Set<string>; work: Set<string> } | null>();

function yearTable(year: number): { off: Set<string>; work: Set<string> } | null {
  let hit = yearCache.get(year);
  if (hit === undefined) {
    const t = CN_HOLIDAYS[year];
    if (!t) hit = null;
    else {
      const off = new Set<string>();
      for (const [from, to] of t.off) {
        const [fm, fd] = from.split('-').map(Number);
        const [tm, td] = to.split('-').map(Number);
        for (let at = Date.UTC(year, fm - 1, fd) / 1000; at <= Date.UTC(year, tm - 1, td) / 1000; at += DAY_S) {
          const c = civil(at);
          off.add(`${pad(c.month)}-${pad(c.day)}`);
        }
      }
      hit = { off, work: new Set(t.work) };
    }
    yearCache.set(year, hit);
  }
  return hit;
}

/** Whether the day of `at` (local seconds) is a working day: in China by the holiday table, elsewhere Monday–Friday. */
export function isWorkingDay(at: number, country: string): boolean {
  const c = civil(at);
  const table = country === 'CN' ? yearTable(c.year) : null;
  const key = `${pad(c.month)}-${pad(c.day)}`;
  if (table?.work.has(key)) return true;
  if (table?.off.has(key)) return false;
  return c.weekday < 5;
}

/**
 * Moves `at` to the nearest working day in `direction` (keeping the time of day), or the other way when that would
 * leave the period. Returns `at` when it is a working day already.
 */
export function toWorkingDay(at: number, direction: 'previous' | 'next', period: Period, country: string): number {
  if (isWorkingDay(at, country)) return at;
  const step = direction === 'previous' ? -DAY_S : DAY_S;
  for (const s of [step, -step]) {
    for (let k = 1; k <= 14; k++) {
      const t = at + s * k;
      if (t < period.start || t >= period.end) break;
      if (isWorkingDay(t, country)) return t;
    }
  }
  return at;
}

/**
 * What a bank's books make of the events before they become rows (pure, in place):
 * - wages and taxes (`BUSINESS_DAY_TYPES`) post on working days, moved to the previous or next one;
 * - ATM withdrawals are whole notes: at home multiples of `cashNote` currency units (no rounding when 0), abroad
 *   whole local notes (`CASH_ABROAD`) converted into the account's currency (`CNY_PER_UNIT`) at the tables' rates, to
 *   the cent.
 */
export function postEvents(events: readonly SynthEvent[], opts: { period: Period; homeCountry: string; cashNote: number; currency?: string }): void {
  const cnyPerAccountUnit = CNY_PER_UNIT[opts.currency ?? 'CNY'] ?? 1;
  for (const ev of events) {
    const rule = BUSINESS_DAY_TYPES[ev.type];
    if (rule) ev.at = toWorkingDay(ev.at, rule, opts.period, opts.homeCountry);
    if (ev.type !== 'ATM Withdrawal' || ev.amountCents >= 0) continue;
    const abroad = ev.location !== opts.homeCountry ? CASH_ABROAD[ev.location] : undefined;
    if (abroad) {
      const local = (-ev.amountCents / 100 / abroad.cnyPerUnit) * cnyPerAccountUnit;
      const notes = Math.max(1, Math.round(local / abroad.note));
      ev.amountCents = -Math.round(((notes * abroad.note * abroad.cnyPerUnit) / cnyPerAccountUnit) * 100);
    } else if (opts.cashNote > 0) {
      const noteCents = Math.round(opts.cashNote * 100);
      ev.amountCents = -Math.max(1, Math.round(-ev.amountCents / noteCents)) * noteCents;
    }
  }
}
