import { int, pick } from '../../random/draw.js';
import type { LogRow } from '../../schema/log-row.js';
import type { PerturbEdit } from '../../schema/perturb-manifest.js';
import { formatRow } from '../../log/format-tsv.js';
import { cloneState, freshTxnId, insertionIndex, openingBalance, randomTime, rechain, rechainEdit } from '../log-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { LogOperator } from '../types.js';

/** Merchant names for orphan refunds; one not already in the log is used. */
const ORPHAN_MERCHANTS = ['Northwind Outlet', 'Bluebird Homewares', 'Crescent Electronics', 'Harbor Gift Shop', 'Maple Sports Store'];

/**
 * Orphan refund (corrupting): inserts Refund rows from a merchant the account never bought from, re-chaining the
 * balances so that only the pairing rule breaks.
 */
export const orphanRefund: LogOperator<{ count: number }> = {
  id: 'orphan-refund',
  kind: 'corrupting',
  stage: 'log',
  keepsQuestions: false,
  summary: 'refunds from a merchant with no purchase to pay back',
  severityParams: SEVERITY_PARAMS['orphan-refund'],
  expectedCodes: ['REFUND_UNPAIRED'],
  integrity: ['refund_unpaired'],
  usesRate: false,
  apply(state, { count }, ctx) {
    const s = cloneState(state);
    const rows = s.log.rows;
    if (rows.length < 2) return null;
    const present = new Set(rows.map((r) => r.counterparty));
    const merchants = ORPHAN_MERCHANTS.filter((m) => !present.has(m));
    if (merchants.length === 0) return null;
    const purchases = rows.filter((r) => r.type === 'Purchase' && r.amountCents < 0).map((r) => -r.amountCents).sort((a, b) => a - b);
    const typical = purchases.length > 0 ? purchases[Math.floor(purchases.length / 2)] : 5000;
    const opening = openingBalance(rows);
    const inserted: LogRow[] = [];
    for (let k = 0; k < count; k++) {
      const anchor = rows[int(ctx.rng, 1, rows.length - 1)];
      const row: LogRow = {
        txn_id: freshTxnId([...rows, ...inserted], anchor.txn_id),
        timestamp: `${anchor.timestamp.slice(0, 10)} ${randomTime(ctx.rng)}`,
        type: 'Refund',
        channel: 'ONLINE',
        counterparty: pick(ctx.rng, merchants),
        amountCents: Math.max(100, Math.round(typical * (0.3 + 0.7 * ctx.rng.next()))),
        balanceCents: 0,
        status: 'SUCCESS',
        location: anchor.location,
        remark: 'Refund for returned goods',
      };
      inserted.push(row);
      rows.splice(insertionIndex(rows, row.timestamp), 0, row);
    }
    const rc = rechain(rows, opening);
    const edits: PerturbEdit[] = inserted.map((r) => ({ op: 'orphan-refund', action: 'insert', row: rows.indexOf(r) + 1, txn_id: r.txn_id, before: null, after: formatRow(r) }));
    edits.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    for (const x of rechainEdit('orphan-refund', rows, rc)) edits.push(x);
    return { state: s, edits, params: { count } };
  },
};
