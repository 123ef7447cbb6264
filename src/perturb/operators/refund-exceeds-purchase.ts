import { pick } from '../../random/draw.js';
import type { LogRow } from '../../schema/log-row.js';
import type { PerturbEdit } from '../../schema/perturb-manifest.js';
import { formatRow } from '../../log/format-tsv.js';
import { addDays, cloneState, freshTxnId, insertionIndex, openingBalance, rechain, rechainEdit } from '../log-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { LogOperator } from '../types.js';

/** Refund window of SPEC §1, in days. */
export const REFUND_WINDOW_DAYS = 60;

/**
 * Refund larger than its purchase (corrupting): after a SUCCESS purchase, inserts a refund at the same merchant worth
 * (1 + excess) × every purchase at that merchant in the refund window, so no pairing — exact or heuristic — can cover it.
 * The pair is recorded in the labels, balances are re-chained.
 */
export const refundExceedsPurchase: LogOperator<{ excess: number }> = {
  id: 'refund-exceeds-purchase',
  kind: 'corrupting',
  stage: 'log',
  keepsQuestions: false,
  summary: 'a refund larger than the purchase it pays back',
  severityParams: SEVERITY_PARAMS['refund-exceeds-purchase'],
  expectedCodes: ['REFUND_EXCEEDS_PURCHASE'],
  integrity: ['refund_exceeds'],
  usesRate: false,
  apply(state, { excess }, ctx) {
    const s = cloneState(state);
    const rows = s.log.rows;
    const last = rows.length > 0 ? rows[rows.length - 1].timestamp : '';
    const candidates = rows.filter((r) => r.type === 'Purchase' && r.status === 'SUCCESS' && r.amountCents < 0);
    if (candidates.length === 0) return null;
    const p = pick(ctx.rng, candidates);
    const later = addDays(p.timestamp, 1);
    const ts = later <= last ? later : p.timestamp;
    const from = addDays(ts, -REFUND_WINDOW_DAYS);
    let window = 0;
    for (const r of rows) {
      if (r.counterparty === p.counterparty && r.type === 'Purchase' && r.status === 'SUCCESS' && r.timestamp >= from && r.timestamp <= ts) window += -r.amountCents;
    }
    const amount = Math.max(window + 1, Math.ceil(window * (1 + excess)));
    const opening = openingBalance(rows);
    const refund: LogRow = {
      ...p,
      txn_id: freshTxnId(rows, p.txn_id),
      timestamp: ts,
      type: 'Refund',
      amountCents: amount,
      remark: 'Refund for returned goods',
    };
    rows.splice(insertionIndex(rows, ts), 0, refund);
    const rc = rechain(rows, opening);
    s.labels?.refund_pairs.push({ refund_txn_id: refund.txn_id, purchase_txn_id: p.txn_id, amount_cents: amount });
    const edits: PerturbEdit[] = [
      { op: 'refund-exceeds-purchase', action: 'insert', row: rows.indexOf(refund) + 1, txn_id: refund.txn_id, before: null, after: formatRow(refund), note: `pays back ${p.txn_id} (${-p.amountCents} cents; ${window} cents bought there in the window)` },
      ...rechainEdit('refund-exceeds-purchase', rows, rc),
    ];
    return { state: s, edits, params: { excess, purchase: p.txn_id, purchase_cents: -p.amountCents, refund_cents: amount } };
  },
};
