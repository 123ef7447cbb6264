import type { Detection } from '../../schema/labels.js';
import { SIGNAL_IDS } from '../../schema/signal-id.js';
import { detectAll } from '../../signals/index.js';
import type { ValidationIssue } from '../../schema/issue-codes.js';
import type { Check } from '../context.js';
import { logIssue, money, txnIndex } from '../context.js';

/**
 * Labels consistency (SPEC §3: the ground truth is the detector's output on the final log):
 * - LABELS_MISSING: a generated dataset without a labels line for this log;
 * - LABELS_MISMATCH: row count, opening balance or client kind that disagree with the log;
 * - LABEL_EVIDENCE: a signal's evidence txn_id that is not a row of the log;
 * - LABEL_DETECTION: the detector, re-run on the log, disagrees with the label's present flag or evidence.
 */
export const checkLabels: Check = (log, ctx) => {
  const labels = ctx.labels;
  if (!labels) return ctx.generated ? [logIssue(log, ctx, { code: 'LABELS_MISSING', actual: log.logId })] : [];
  const out: ValidationIssue[] = [];
  const rows = log.rows;
  if (labels.log_id !== log.logId) out.push(logIssue(log, ctx, { code: 'LABELS_MISMATCH', note: '(log id)', expected: log.logId, actual: labels.log_id }));
  const n = rows.length + (log.unreadableLines?.length ?? 0);
  if (labels.rows !== n) out.push(logIssue(log, ctx, { code: 'LABELS_MISMATCH', note: '(row count)', expected: labels.rows, actual: n }));
  if (rows.length > 0 && !log.unreadableLines?.length) {
    const first = rows[0];
    const opening = first.status === 'FAILED' ? first.balanceCents : first.balanceCents - first.amountCents;
    if (opening !== labels.opening_balance_cents) {
      out.push(logIssue(log, ctx, { code: 'LABELS_MISMATCH', note: '(opening balance)', expected: money(labels.opening_balance_cents), actual: money(opening) }));
    }
  }
  if (log.clientKind && log.clientKind !== labels.client_kind) out.push(logIssue(log, ctx, { code: 'LABELS_MISMATCH', note: '(client kind)', expected: labels.client_kind, actual: log.clientKind }));
  const ids = txnIndex(log);
  for (const id of SIGNAL_IDS) {
    const label = labels.signals[id];
    if (!label) continue;
    for (const e of label.evidence) {
      if (!ids.has(e)) out.push(logIssue(log, ctx, { code: 'LABEL_EVIDENCE', note: `(signal ${id})`, txn_id: e, actual: e }));
    }
  }
  if (log.unreadableLines?.length) return out; // detectors on a log with holes would disagree for that reason alone
  const detected = detectAll({ ...log, clientKind: log.clientKind ?? labels.client_kind, businessCategory: log.businessCategory ?? labels.business_category ?? undefined });
  for (const id of SIGNAL_IDS) {
    const label = labels.signals[id];
    const d: Detection = detected[id];
    if (!label) {
      if (d.present) out.push(logIssue(log, ctx, { code: 'LABEL_DETECTION', note: `(signal ${id} has no label)`, expected: 'a label', actual: 'present' }));
      continue;
    }
    if (label.present !== d.present) {
      out.push(logIssue(log, ctx, { code: 'LABEL_DETECTION', note: `(signal ${id} present)`, expected: d.present, actual: label.present }));
    } else if (!sameList(label.evidence, d.evidence)) {
      out.push(logIssue(log, ctx, { code: 'LABEL_DETECTION', note: `(signal ${id} evidence)`, expected: d.evidence.join(' '), actual: label.evidence.join(' '), related: d.evidence.filter((e) => !label.evidence.includes(e)) }));
    }
  }
  return out;
};

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
}
