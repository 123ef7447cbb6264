import type { Log, LogRow } from '../../src/schema/log-row.js';
import type { TransactionType, Channel } from '../../src/schema/transaction-types.js';

/** A row spec for hand-built test logs: money in yuan, balance chained by `buildLog`. */
export interface RowSpec {
  at: string;
  type: TransactionType;
  amount: number;
  counterparty?: string;
  channel?: Channel;
  status?: 'SUCCESS' | 'FAILED';
  location?: string;
  remark?: string;
}

/**
 * Builds a canonical in-memory log from row specs (sorted by time, txn ids T0001…, balances chained from
 * `opening` yuan with FAILED rows not moving it), so detector tests can state exactly what the log holds.
 */
export function buildLog(specs: RowSpec[], opts: { opening?: number; clientKind?: 'personal' | 'sme'; businessCategory?: string; hasTimeOfDay?: boolean } = {}): Log {
  const sorted = specs.slice().sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  let balance = Math.round((opts.opening ?? 10_000) * 100);
  const rows: LogRow[] = sorted.map((s, k) => {
    const amountCents = Math.round(s.amount * 100);
    const status = s.status ?? 'SUCCESS';
    if (status === 'SUCCESS') balance += amountCents;
    return {
      txn_id: `T${String(k + 1).padStart(4, '0')}`,
      timestamp: s.at.length === 10 ? `${s.at} 12:00:00` : s.at,
      type: s.type,
      channel: s.channel ?? 'POS',
      counterparty: s.counterparty ?? 'Shop',
      amountCents,
      balanceCents: balance,
      status,
      location: s.location ?? 'CN',
      remark: s.remark ?? s.type,
    };
  });
  return {
    logId: 'test',
    rows,
    clientKind: opts.clientKind ?? 'personal',
    ...(opts.businessCategory ? { businessCategory: opts.businessCategory } : {}),
    hasTimeOfDay: opts.hasTimeOfDay ?? true,
  };
}

/** `YYYY-MM-DD` of day `k` (0-based) of 2023, for spreading rows over the year. */
export function day2023(k: number): string {
  const d = new Date(Date.UTC(2023, 0, 1 + k));
  return d.toISOString().slice(0, 10);
}

/** A healthy personal year: monthly salary, rent, and `perMonth` small purchases at 12 rotating shops. */
export function healthyPersonalRows(perMonth = 8, income = 9000): RowSpec[] {
  const out: RowSpec[] = [];
  for (let m = 0; m < 12; m++) {
    const mm = String(m + 1).padStart(2, '0');
    out.push({ at: `2023-${mm}-10 09:30:00`, type: 'Salary', amount: income, counterparty: 'Huaxin Technology Co., Ltd.', channel: 'TRANSFER' });
    out.push({ at: `2023-${mm}-05 10:00:00`, type: 'Rent', amount: -2500, counterparty: 'Wang Wei', channel: 'TRANSFER' });
    for (let k = 0; k < perMonth; k++) {
      const day = String(1 + ((k * 3 + m) % 27)).padStart(2, '0');
      out.push({ at: `2023-${mm}-${day} ${String(10 + (k % 10)).padStart(2, '0')}:15:00`, type: 'Purchase', amount: -(40 + ((k * 37 + m * 11) % 160)), counterparty: `Shop ${(k + m) % 12}`, channel: 'QR' });
    }
  }
  return out;
}
