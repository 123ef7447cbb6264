import { describe, expect, it } from 'vitest';
import { reconcileDay, checkBalance } from '../../src/validate/checks/balance.js';
import { resolveContext } from '../../src/validate/validate-log.js';
import type { Log, LogRow } from '../../src/schema/log-row.js';

function row(id: string, amount: number, balance: number, status: 'SUCCESS' | 'FAILED' = 'SUCCESS', date = '1996-01-31'): LogRow {
  return { txn_id: id, timestamp: `${date} 00:00:00`, type: amount >= 0 ? 'Transfer In' : 'Transfer Out', channel: 'TRANSFER', counterparty: 'X', amountCents: amount, balanceCents: balance, status, location: 'CZ', remark: 'r' };
}

describe('reconcileDay', () => {
  it('keeps the file order when it already chains', () => {
    const r = reconcileDay([row('a', 100, 1100), row('b', -50, 1050)], [1000], 0);
    expect(r).toEqual({ flagged: [], ends: [1050], order: [0, 1] });
  });
  it('finds the within-day order that chains (statement fee after interest, as in Berka)', () => {
    // start 1000: fee -14 then interest +3.7 would not chain as written; interest first does: 1000+3.7 → 1003.70, −14 → 989.70
    const rows = [row('fee', -1400, 98970), row('int', 370, 100370)];
    const r = reconcileDay(rows, [100000], 0);
    expect(r.flagged).toEqual([]);
    expect(r.order).toEqual([1, 0]);
    expect(r.ends).toEqual([98970]);
  });
  it('accepts differences within the tolerance only', () => {
    const rows = [row('int', 370, 100385)];
    expect(reconcileDay(rows, [100000], 15).flagged).toEqual([]);
    expect(reconcileDay(rows, [100000], 14).flagged).toEqual([{ index: 0, expectedCents: 100370 }]);
  });
  it('flags exactly the row whose amount was changed, whatever its position', () => {
    // a chain of five rows from 0: +100, +200, -50, +25, -75; then row k's amount gets 100 cents more
    const amounts = [10000, 20000, -5000, 2500, -7500];
    for (let k = 0; k < amounts.length; k++) {
      let bal = 0;
      const rows = amounts.map((a, i) => row(`r${i}`, a, (bal += a)));
      rows[k] = { ...rows[k], amountCents: rows[k].amountCents + 100 };
      const shuffled = [rows[3], rows[0], rows[4], rows[2], rows[1]];
      const r = reconcileDay(shuffled, [0], 15);
      expect(r.flagged.map((f) => shuffled[f.index].txn_id)).toEqual([`r${k}`]);
    }
  });
  it('starts anywhere when the opening balance is unknown', () => {
    expect(reconcileDay([row('b', -50, 1050), row('a', 100, 1100)], null, 0).flagged).toEqual([]);
  });
  it('breaks a closed cycle of rows that only chain among themselves', () => {
    // +5 and -5 on a balance of 500 chain with each other but not from the start 0
    const r = reconcileDay([row('up', 500, 1000), row('down', -500, 500)], [0], 0);
    expect(r.flagged).toHaveLength(1);
  });
});

describe('checkBalance', () => {
  const log = (rows: LogRow[], hasTimeOfDay = true): Log => ({ logId: 'l', rows, hasTimeOfDay, file: 'l.tsv', lines: rows.map((_, i) => i + 2) });
  it('leaves the balance of FAILED rows unmoved', () => {
    const rows = [row('a', 100, 1100), row('b', -5000, 1100, 'FAILED'), row('c', -100, 1000)];
    expect(checkBalance(log(rows), resolveContext(log(rows), { openingBalanceCents: 1000 }))).toEqual([]);
    const moved = [row('a', 100, 1100), row('b', -50, 1050, 'FAILED')];
    expect(checkBalance(log(moved), resolveContext(log(moved), {})).map((i) => [i.code, i.txn_id, i.expected, i.actual])).toEqual([['BALANCE_MISMATCH', 'b', '11.00', '10.50']]);
  });
  it('reports a wrong balance once when the next row follows from the expected balance', () => {
    const rows = [row('a', 100, 1100), row('b', -50, 1049), row('c', -50, 1000)];
    expect(checkBalance(log(rows), resolveContext(log(rows), {})).map((i) => [i.txn_id, i.line, i.column])).toEqual([['b', 3, 'balance']]);
  });
  it('checks the first row against a known opening balance', () => {
    const rows = [row('a', 100, 1200)];
    expect(checkBalance(log(rows), resolveContext(log(rows), { openingBalanceCents: 1000 }))[0]).toMatchObject({ expected: '11.00', actual: '12.00' });
  });
  it('restarts the chain after a row the reader could not read', () => {
    const rows = [row('a', 100, 1100), row('c', -100, 900)];
    const l = { ...log(rows), lines: [2, 4], unreadableLines: [3] };
    expect(checkBalance(l, resolveContext(l, {}))).toEqual([]);
  });
  it('reorders within days for date-only logs, across several days', () => {
    const rows = [row('d1b', -1400, 98970, 'SUCCESS', '1996-01-31'), row('d1a', 370, 100370, 'SUCCESS', '1996-01-31'), row('d2', 1030, 100000, 'SUCCESS', '1996-02-01')];
    const l = log(rows, false);
    expect(checkBalance(l, resolveContext(l, { openingBalanceCents: 100000 }))).toEqual([]);
    expect(checkBalance(l, resolveContext(l, { openingBalanceCents: 100000, reorderWithinDay: false })).length).toBeGreaterThan(0);
  });
});
