import type { Log } from '../../src/schema/log-row.js';
import type { LogLabels } from '../../src/schema/labels.js';
import { LEAKAGE_WORDS, TYPE_DIRECTION } from '../../src/schema/transaction-types.js';
import { SIGNAL_IDS } from '../../src/schema/signal-id.js';
import { hasBusinessSuffix } from '../../src/synth/data/counterparties.js';

/**
 * Every SPEC §1 invariant of a generated log and its labels, checked independently of the generator's code.
 * Returns one message per violation (empty when the log is sound).
 */
export function invariantViolations(log: Log, labels: LogLabels, opts: { rowsMin: number; rowsMax: number; period: { start: string; end: string } }): string[] {
  const bad: string[] = [];
  const rows = log.rows;
  if (rows.length < opts.rowsMin || rows.length > opts.rowsMax) bad.push(`row count ${rows.length} outside ${opts.rowsMin}..${opts.rowsMax}`);
  if (labels.rows !== rows.length) bad.push('labels.rows differs from the row count');
  const ids = new Set<string>();
  const byId = new Map(rows.map((r) => [r.txn_id, r]));
  let prevTs = '';
  let balance = labels.opening_balance_cents;
  for (const r of rows) {
    if (ids.has(r.txn_id)) bad.push(`duplicate txn_id ${r.txn_id}`);
    ids.add(r.txn_id);
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(r.timestamp)) bad.push(`${r.txn_id}: bad timestamp ${r.timestamp}`);
    if (r.timestamp < prevTs) bad.push(`${r.txn_id}: out of time order`);
    prevTs = r.timestamp;
    const day = r.timestamp.slice(0, 10);
    if (day < opts.period.start || day > opts.period.end) bad.push(`${r.txn_id}: outside the period`);
    for (const [k, v] of Object.entries({ txn_id: r.txn_id, counterparty: r.counterparty, remark: r.remark })) {
      if (v === '') bad.push(`${r.txn_id}: empty ${k}`);
      if (/[\t\n\r"]/.test(v)) bad.push(`${r.txn_id}: forbidden character in ${k}`);
      if (/^[=+\-@]/.test(v)) bad.push(`${r.txn_id}: formula lead in ${k}`);
    }
    const lower = r.remark.toLowerCase();
    for (const w of LEAKAGE_WORDS) if (lower.includes(w)) bad.push(`${r.txn_id}: leakage word "${w}" in remark`);
    if (!/^[A-Z]{2}$/.test(r.location)) bad.push(`${r.txn_id}: bad location ${r.location}`);
    if (!Number.isInteger(r.amountCents) || r.amountCents === 0) bad.push(`${r.txn_id}: amount not a non-zero integer of cents`);
    const dir = TYPE_DIRECTION[r.type];
    if (dir !== 0 && Math.sign(r.amountCents) !== dir) bad.push(`${r.txn_id}: ${r.type} has the wrong sign`);
    if (r.status === 'SUCCESS') balance += r.amountCents;
    if (r.balanceCents !== balance) bad.push(`${r.txn_id}: balance ${r.balanceCents} != chained ${balance}`);
    if (log.clientKind === 'sme' && !hasBusinessSuffix(r.counterparty)) bad.push(`${r.txn_id}: SME counterparty without business suffix: ${r.counterparty}`);
  }
  if (rows.length > 0) {
    const first = rows[0];
    const opening = first.status === 'SUCCESS' ? first.balanceCents - first.amountCents : first.balanceCents;
    if (opening !== labels.opening_balance_cents) bad.push('opening balance differs from labels');
  }
  // Refunds: every Refund row is paired, to an earlier SUCCESS Purchase at the same counterparty, within 60 days,
  // and cumulative refunds never exceed the purchase.
  const refunded = new Map<string, number>();
  const paired = new Set<string>();
  for (const p of labels.refund_pairs) {
    const refund = byId.get(p.refund_txn_id);
    const purchase = byId.get(p.purchase_txn_id);
    if (!refund || !purchase) {
      bad.push(`refund pair ${p.refund_txn_id}→${p.purchase_txn_id} names a missing row`);
      continue;
    }
    paired.add(refund.txn_id);
    if (refund.type !== 'Refund' || purchase.type !== 'Purchase') bad.push(`refund pair ${p.refund_txn_id}: wrong types`);
    if (purchase.status !== 'SUCCESS' || refund.status !== 'SUCCESS') bad.push(`refund pair ${p.refund_txn_id}: not both SUCCESS`);
    if (purchase.counterparty !== refund.counterparty) bad.push(`refund pair ${p.refund_txn_id}: different counterparties`);
    if (!(purchase.timestamp < refund.timestamp)) bad.push(`refund pair ${p.refund_txn_id}: refund not after purchase`);
    const days = (Date.parse(refund.timestamp.replace(' ', 'T') + 'Z') - Date.parse(purchase.timestamp.replace(' ', 'T') + 'Z')) / 86_400_000;
    if (days > 60) bad.push(`refund pair ${p.refund_txn_id}: ${days.toFixed(1)} days after the purchase`);
    if (p.amount_cents !== refund.amountCents) bad.push(`refund pair ${p.refund_txn_id}: amount differs from the row`);
    const total = (refunded.get(purchase.txn_id) ?? 0) + refund.amountCents;
    refunded.set(purchase.txn_id, total);
    if (total > -purchase.amountCents) bad.push(`refunds of ${purchase.txn_id} exceed the purchase`);
  }
  for (const r of rows) if (r.type === 'Refund' && !paired.has(r.txn_id)) bad.push(`${r.txn_id}: refund without a pair`);
  // Loans: the disbursement row exists; installments' rows are repayments to the lender; principal sums to the loan.
  for (const loan of labels.loans) {
    const d = byId.get(loan.disbursement_txn_id);
    if (!d || d.type !== 'Loan Disbursement' || d.amountCents !== loan.principal_cents) bad.push(`${loan.loan_id}: disbursement row missing or wrong`);
    const principal = loan.installments.reduce((a, i) => a + i.principal_cents, 0);
    if (principal !== loan.principal_cents) bad.push(`${loan.loan_id}: installment principal sums to ${principal}, not ${loan.principal_cents}`);
    for (const inst of loan.installments) {
      if (inst.payment_cents !== inst.principal_cents + inst.interest_cents) bad.push(`${loan.loan_id}#${inst.n}: payment != principal + interest`);
      if (inst.txn_id === null) {
        if (inst.status === 'paid' || inst.status === 'late' || inst.status === 'partial') bad.push(`${loan.loan_id}#${inst.n}: ${inst.status} without a row`);
        continue;
      }
      const r = byId.get(inst.txn_id);
      if (!r || r.type !== 'Loan Repayment' || r.counterparty !== loan.lender) {
        bad.push(`${loan.loan_id}#${inst.n}: repayment row missing or not to the lender`);
        continue;
      }
      const paid = r.status === 'SUCCESS' ? -r.amountCents : 0;
      if (paid !== inst.paid_cents) bad.push(`${loan.loan_id}#${inst.n}: paid_cents differs from the row`);
      if (inst.status === 'paid' && (paid < inst.payment_cents || r.timestamp.slice(0, 10) > inst.due_date)) bad.push(`${loan.loan_id}#${inst.n}: paid but short or after the due date`);
      if (inst.status === 'partial' && !(paid > 0 && paid < inst.payment_cents)) bad.push(`${loan.loan_id}#${inst.n}: partial but not short`);
      if (inst.status === 'late' && !(r.timestamp.slice(0, 10) > inst.due_date)) bad.push(`${loan.loan_id}#${inst.n}: late but on time`);
    }
  }
  // Labels: all sixteen signals, consistent injected/intensity.
  for (const id of SIGNAL_IDS) {
    const s = labels.signals[id];
    if (!s) {
      bad.push(`signal ${id} has no label`);
      continue;
    }
    if (!s.injected && s.intensity !== 0) bad.push(`signal ${id}: intensity without injection`);
    for (const e of s.evidence) if (!byId.has(e)) bad.push(`signal ${id}: evidence ${e} is not a row`);
  }
  return bad;
}
