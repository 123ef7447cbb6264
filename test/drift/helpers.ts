import type { Log, LogRow } from '../../src/schema/log-row.js';
import { createRng, streamKey } from '../../src/random/rng.js';
import { int, lognormal, pick } from '../../src/random/draw.js';

/** A plain in-memory log for drift tests: n rows over 2023 (60–180 by default), amounts lognormal around `scale`, hours per `hour`. */
export function makeLog(
  id: string,
  options: { rows?: number; seed?: string; scale?: number; hour?: (rng: { next(): number }) => number; kind?: 'personal' | 'sme' } = {},
): Log {
  const rng = createRng(streamKey('drift-test', options.seed ?? 's', id));
  const n = options.rows ?? int(rng, 60, 180);
  const days: number[] = [];
  for (let i = 0; i < n; i++) days.push(int(rng, 0, 364));
  days.sort((a, b) => a - b);
  const drafts = days.map((d) => {
    const date = new Date(Date.UTC(2023, 0, 1 + d));
    const out = rng.next() < 0.7;
    const cents = Math.max(1, Math.round(lognormal(rng, Math.log(options.scale ?? 80), 0.8) * 100));
    const h = options.hour ? options.hour(rng) : int(rng, 8, 21);
    const ts = `${date.toISOString().slice(0, 10)} ${String(h).padStart(2, '0')}:${String(int(rng, 0, 59)).padStart(2, '0')}:00`;
    const type = out ? pick(rng, ['Purchase', 'Bill Payment', 'Transfer Out'] as const) : pick(rng, ['Salary', 'Transfer In'] as const);
    return { ts, amountCents: out ? -cents : cents, type, channel: pick(rng, ['POS', 'ONLINE', 'QR'] as const) };
  });
  drafts.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
  let balance = 500_000;
  const rows: LogRow[] = drafts.map((r, i) => {
    balance += r.amountCents;
    return {
      txn_id: `T${i}`,
      timestamp: r.ts,
      type: r.type,
      channel: r.channel,
      counterparty: 'Shop',
      amountCents: r.amountCents,
      balanceCents: balance,
      status: 'SUCCESS',
      location: 'CN',
      remark: 'x',
    };
  });
  return { logId: id, rows, hasTimeOfDay: true, ...(options.kind ? { clientKind: options.kind } : {}) };
}
