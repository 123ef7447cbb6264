import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, buildView, fromCount, mayCarry, type LogView } from './view.js';

/**
 * Microloans (personal): several small loans from several lenders within the log.
 * A small loan is a SUCCESS Loan Disbursement of at most `maxPrincipalCents` and at most `maxIncomeMultiple`
 * months of median monthly income (when income is visible). Present with ≥ `minDisbursements` of them from
 * ≥ `minLenders` distinct lenders. Evidence: those disbursements and every repayment row to those lenders.
 */
export function microloansFromView(v: LogView, t: Thresholds['microloans']): Detection {
  if (!mayCarry(v, 'microloans')) return absent();
  const cap = v.monthlyIncomeCents > 0 ? Math.min(t.maxPrincipalCents, t.maxIncomeMultiple * v.monthlyIncomeCents) : t.maxPrincipalCents;
  const disb: number[] = [];
  const lenders = new Set<string>();
  for (let i = 0; i < v.n; i++) {
    const r = v.rows[i];
    if (r.type === 'Loan Disbursement' && v.ok[i] && r.amountCents > 0 && r.amountCents <= cap) {
      disb.push(i);
      lenders.add(r.counterparty);
    }
  }
  if (disb.length === 0) return absent();
  const evidence = disb.slice();
  for (let i = 0; i < v.n; i++) {
    const r = v.rows[i];
    if (r.type === 'Loan Repayment' && lenders.has(r.counterparty)) evidence.push(i);
  }
  return fromCount(v, disb.length, t.minDisbursements, evidence, lenders.size >= t.minLenders);
}

/** Detects the Microloans signal on a log. */
export function detectMicroloans(log: Log, t: Thresholds['microloans'] = DEFAULT_THRESHOLDS.microloans): Detection {
  return microloansFromView(buildView(log), t);
}
