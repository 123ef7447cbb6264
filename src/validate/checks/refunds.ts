import type { ValidationIssue } from '../../schema/issue-codes.js';
import type { Check } from '../context.js';
import { dayOf, logIssue, money, rowIssue, txnIndex } from '../context.js';

/**
 * Refund pairing (SPEC §1 Refunds): a Refund is money in, refers back to an earlier SUCCESS Purchase at the same
 * counterparty, is never larger than what remains unrefunded of it, and comes within `refundWindowDays`.
 * - With labels, the pairs in `refund_pairs` are checked exactly: REFUND_UNPAIRED (a refund row with no pair),
 *   REFUND_MISMATCH (a pair naming a missing row, a non-purchase, another counterparty, or amounts that do not add up),
 *   REFUND_BEFORE_PURCHASE, REFUND_OUT_OF_WINDOW, REFUND_EXCEEDS_PURCHASE.
 * - Without labels, each refund is matched to an earlier purchase at the same counterparty, inside the window, with
 *   enough left unrefunded (best fit: the smallest remainder that covers it). When none fits, the code says why.
 * FAILED refunds move no money and are not paired.
 */
export const checkRefunds: Check = (log, ctx) => (ctx.labels ? withLabels(log, ctx) : heuristic(log, ctx));

const withLabels: Check = (log, ctx) => {
  const rows = log.rows;
  const labels = ctx.labels!;
  const out: ValidationIssue[] = [];
  const index = txnIndex(log);
  const byRefund = new Map<string, typeof labels.refund_pairs>();
  for (const p of labels.refund_pairs) {
    const list = byRefund.get(p.refund_txn_id);
    if (list) list.push(p);
    else byRefund.set(p.refund_txn_id, [p]);
  }
  const refunded = new Map<number, number>(); // purchase row → cents refunded so far
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (r.type !== 'Refund' || r.status !== 'SUCCESS') continue;
    const pairs = byRefund.get(r.txn_id);
    if (!pairs) {
      out.push(rowIssue(log, ctx, i, { code: 'REFUND_UNPAIRED', column: 'type', note: '(no pair in the labels)', actual: money(r.amountCents) }));
      continue;
    }
    let sum = 0;
    for (const p of pairs) {
      sum += p.amount_cents;
      const j = index.get(p.purchase_txn_id);
      if (j === undefined) {
        out.push(rowIssue(log, ctx, i, { code: 'REFUND_MISMATCH', note: '(its purchase is not in the log)', actual: p.purchase_txn_id, related: [p.purchase_txn_id] }));
        continue;
      }
      const pr = rows[j];
      if (pr.type !== 'Purchase' || pr.status !== 'SUCCESS') {
        out.push(rowIssue(log, ctx, i, { code: 'REFUND_MISMATCH', note: '(paired row is not a SUCCESS Purchase)', expected: 'SUCCESS Purchase', actual: `${pr.status} ${pr.type}`, related: [pr.txn_id] }));
        continue;
      }
      if (pr.counterparty !== r.counterparty) {
        out.push(rowIssue(log, ctx, i, { code: 'REFUND_MISMATCH', column: 'counterparty', note: '(paired purchase has another counterparty)', expected: pr.counterparty, actual: r.counterparty, related: [pr.txn_id] }));
      }
      if (j > i || pr.timestamp > r.timestamp) {
        out.push(rowIssue(log, ctx, i, { code: 'REFUND_BEFORE_PURCHASE', column: 'timestamp', expected: `after ${pr.timestamp}`, actual: r.timestamp, related: [pr.txn_id] }));
      } else if (dayOf(r.timestamp) - dayOf(pr.timestamp) > ctx.refundWindowDays) {
        out.push(rowIssue(log, ctx, i, { code: 'REFUND_OUT_OF_WINDOW', column: 'timestamp', expected: `within ${ctx.refundWindowDays} days of ${pr.timestamp.slice(0, 10)}`, actual: r.timestamp, related: [pr.txn_id] }));
      }
      const done = (refunded.get(j) ?? 0) + p.amount_cents;
      refunded.set(j, done);
      if (done > -pr.amountCents) {
        out.push(rowIssue(log, ctx, i, { code: 'REFUND_EXCEEDS_PURCHASE', column: 'amount', expected: `<= ${money(-pr.amountCents - (done - p.amount_cents))}`, actual: money(p.amount_cents), related: [pr.txn_id] }));
      }
    }
    if (sum !== r.amountCents) {
      out.push(rowIssue(log, ctx, i, { code: 'REFUND_MISMATCH', column: 'amount', note: '(pair amounts do not add up to the refund)', expected: money(sum), actual: money(r.amountCents) }));
    }
  }
  for (const [id, pairs] of byRefund) {
    const i = index.get(id);
    const related = pairs.map((p) => p.purchase_txn_id);
    if (i === undefined) out.push(logIssue(log, ctx, { code: 'REFUND_MISMATCH', note: '(labelled refund is not in the log)', txn_id: id, actual: id, related }));
    else if (rows[i].type !== 'Refund') out.push(rowIssue(log, ctx, i, { code: 'REFUND_MISMATCH', column: 'type', note: '(labelled refund row is not a Refund)', actual: rows[i].type, related }));
  }
  return out;
};

const heuristic: Check = (log, ctx) => {
  const rows = log.rows;
  const out: ValidationIssue[] = [];
  const remaining = new Map<number, number>(); // purchase row → cents not yet refunded
  const byParty = new Map<string, number[]>(); // counterparty → SUCCESS purchase rows so far
  const laterPurchase = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (r.type === 'Purchase' && r.status === 'SUCCESS') {
      remaining.set(i, -r.amountCents);
      const list = byParty.get(r.counterparty);
      if (list) list.push(i);
      else byParty.set(r.counterparty, [i]);
    }
  }
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (r.type !== 'Refund' || r.status !== 'SUCCESS' || r.amountCents <= 0) continue;
    const day = dayOf(r.timestamp);
    const all = byParty.get(r.counterparty) ?? [];
    let best = -1;
    let bestLeft = Infinity;
    let anyBefore = false;
    let anyInWindow = false;
    for (const j of all) {
      const pr = rows[j];
      if (j >= i || pr.timestamp > r.timestamp) {
        laterPurchase.add(r.txn_id);
        continue;
      }
      anyBefore = true;
      if (day - dayOf(pr.timestamp) > ctx.refundWindowDays) continue;
      anyInWindow = true;
      const left = remaining.get(j)!;
      if (left >= r.amountCents && left < bestLeft) {
        best = j;
        bestLeft = left;
      }
    }
    if (best >= 0) {
      remaining.set(best, bestLeft - r.amountCents);
      continue;
    }
    if (anyInWindow) {
      let most = -1;
      for (const j of all) if (j < i && remaining.get(j)! > (most >= 0 ? remaining.get(most)! : -1) && day - dayOf(rows[j].timestamp) <= ctx.refundWindowDays) most = j;
      out.push(rowIssue(log, ctx, i, { code: 'REFUND_EXCEEDS_PURCHASE', column: 'amount', expected: `<= ${money(remaining.get(most) ?? 0)}`, actual: money(r.amountCents), related: most >= 0 ? [rows[most].txn_id] : undefined }));
    } else if (anyBefore) {
      out.push(rowIssue(log, ctx, i, { code: 'REFUND_OUT_OF_WINDOW', column: 'timestamp', expected: `within ${ctx.refundWindowDays} days of a purchase at ${r.counterparty}`, actual: r.timestamp }));
    } else if (laterPurchase.has(r.txn_id)) {
      out.push(rowIssue(log, ctx, i, { code: 'REFUND_BEFORE_PURCHASE', column: 'timestamp', note: `(the only purchases at ${r.counterparty} come later)`, actual: r.timestamp }));
    } else {
      out.push(rowIssue(log, ctx, i, { code: 'REFUND_UNPAIRED', column: 'counterparty', note: '(no purchase at this counterparty)', actual: r.counterparty }));
    }
  }
  return out;
};
