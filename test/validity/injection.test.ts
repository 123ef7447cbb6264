import { describe, expect, it } from 'vitest';
import type { Log, LogRow } from '../../src/schema/log-row.js';
import { createRng } from '../../src/random/rng.js';
import { injectionSeparation, type InjectedRows } from '../../src/validity/injection.js';

const T0 = Date.UTC(2023, 0, 1) / 1000;
const pad = (n: number): string => String(n).padStart(2, '0');
const stamp = (at: number): string => {
  const d = new Date(at * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};
const row = (at: number, cents: number): LogRow => ({
  txn_id: '',
  timestamp: stamp(at),
  type: 'Purchase',
  channel: 'POS',
  counterparty: 'Shop',
  amountCents: -cents,
  balanceCents: 0,
  status: 'SUCCESS',
  location: 'CN',
  remark: 'Goods',
});

/**
 * 40 logs of purchases at uniform random times (about one every 3.6 days); in every other log `extra` adds rows (the
 * signal), which `injectionSeparation` must tell from the base rows as well as it can.
 */
function dataset(extra: (rng: ReturnType<typeof createRng>, base: number[]) => number[]): { logs: Log[]; injected: InjectedRows[] } {
  const rng = createRng('injection-test');
  const logs: Log[] = [];
  const injected: InjectedRows[] = [];
  for (let k = 0; k < 40; k++) {
    const base = Array.from({ length: 100 }, () => T0 + Math.floor(rng.next() * 365 * 86_400));
    const added = k % 2 ? extra(rng, base) : [];
    const events = [...base.map((at) => ({ at, injected: false })), ...added.map((at) => ({ at, injected: true }))].sort((a, b) => a.at - b.at);
    const rows = events.map((e, i) => ({ ...row(e.at, 1000 + Math.floor(rng.next() * 90_000)), txn_id: `T${String(i + 1).padStart(4, '0')}` }));
    const logId = `p${String(k).padStart(6, '0')}`;
    logs.push({ logId, rows, clientKind: 'personal', hasTimeOfDay: true });
    injected.push({ logId, signal: 'test', txnIds: rows.filter((_, i) => events[i].injected).map((r) => r.txn_id) });
  }
  return { logs, injected };
}

describe('injectionSeparation', () => {
  it('tells rows set down minutes after another row from base rows (a timing fingerprint)', () => {
    const { logs, injected } = dataset((rng, base) => base.slice(0, 8).map((at) => at + 60 + Math.floor(rng.next() * 1200)));
    const [s] = injectionSeparation(logs, injected);
    expect(s.injected_rows).toBe(160);
    expect(s.auc!).toBeGreaterThan(0.8);
  });
  it('does not count a denser month as a fingerprint when its rows fall at random times within it', () => {
    // 30 extra purchases at random times in one month: about four times the usual pace there (the Seasonality signal).
    const { logs, injected } = dataset((rng) => Array.from({ length: 30 }, () => T0 + 300 * 86_400 + Math.floor(rng.next() * 30 * 86_400)));
    const [s] = injectionSeparation(logs, injected);
    expect(s.auc!).toBeLessThan(0.6);
  });
  it('compares an SME signal with base rows of SME logs only', () => {
    const { logs, injected } = dataset((rng, base) => base.slice(0, 8).map((at) => at + 60));
    const sme = logs.map((l) => ({ ...l, logId: `s${l.logId.slice(1)}`, clientKind: 'sme' as const }));
    // Personal logs without any injected rows: their rows must not count as base rows of the SME signal.
    const [s] = injectionSeparation([...sme, ...logs], injected.map((r) => ({ ...r, logId: `s${r.logId.slice(1)}` })));
    expect(s.base_rows).toBe(40 * 100);
  });
});
