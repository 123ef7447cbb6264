import { pick } from '../../random/draw.js';
import type { LogRow } from '../../schema/log-row.js';
import type { PerturbEdit } from '../../schema/perturb-manifest.js';
import { formatRow } from '../../log/format-tsv.js';
import { addDays, cloneState, freshTxnId, insertionIndex, openingBalance, rechain, rechainEdit } from '../log-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { LogOperator } from '../types.js';

/**
 * Refund before its purchase (corrupting): inserts a refund `daysBefore` days before the first purchase at a merchant
 * (so no earlier purchase exists to pair with), records the pair in the labels, and re-chains balances.
 */
export const refundBeforePurchase: LogOperator<{ daysBefore: number }> = {
  id: 'refund-before-purchase',
  kind: 'corrupting',
  stage: 'log',
  keepsQuestions: false,
  summary: 'a refund dated before the purchase it pays back',
  severityParams: SEVERITY_PARAMS['refund-before-purchase'],
  expectedCodes: ['REFUND_BEFORE_PURCHASE'],
  integrity: ['refund_before'],
  usesRate: false,
  apply(state, { daysBefore }, ctx) {
    const s = cloneState(state);
    const rows = s.log.rows;
    if (rows.length === 0) return null;
    const first = rows[0].timestamp;
    const seen = new Set<string>();
    const candidates: LogRow[] = [];
    for (const r of rows) {
      if (r.type !== 'Purchase' || r.amountCents >= 0 || seen.has(r.counterparty)) continue;
      seen.add(r.counterparty);
      // the refund must fit strictly before the purchase and not before the log starts
      if (r.status === 'SUCCESS' && r.timestamp > first) candidates.push(r);
    }
    if (candidates.length === 0) return null;
    // what earlier labelled refunds left of each purchase: the new refund takes half of it, so only the date is wrong
    const refunded = new Map<string, number>();
    for (const pair of s.labels?.refund_pairs ?? []) refunded.set(pair.purchase_txn_id, (refunded.get(pair.purchase_txn_id) ?? 0) + pair.amount_cents);
    const left = (r: LogRow) => -r.amountCents - (refunded.get(r.txn_id) ?? 0);
    const open = candidates.filter((r) => left(r) >= 2);
    if (open.length === 0) return null;
    const p = pick(ctx.rng, open);
    let ts = addDays(p.timestamp, -daysBefore);
    if (ts < first) ts = first;
    const amount = Math.max(1, Math.round(left(p) * 0.5));
    const opening = openingBalance(rows);
    const refund: LogRow = { ...p, txn_id: freshTxnId(rows, p.txn_id), timestamp: ts, type: 'Refund', amountCents: amount, remark: 'Refund for returned goods' };
    rows.splice(insertionIndex(rows, ts), 0, refund);
    const rc = rechain(rows, opening);
    s.labels?.refund_pairs.push({ refund_txn_id: refund.txn_id, purchase_txn_id: p.txn_id, amount_cents: amount });
    const edits: PerturbEdit[] = [
      { op: 'refund-before-purchase', action: 'insert', row: rows.indexOf(refund) + 1, txn_id: refund.txn_id, before: null, after: formatRow(refund), note: `pays back ${p.txn_id}, dated ${p.timestamp}` },
      ...rechainEdit('refund-before-purchase', rows, rc),
    ];
    return { state: s, edits, params: { daysBefore, purchase: p.txn_id } };
  },
};
