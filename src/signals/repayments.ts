import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, buildView, fromCount, mayCarry, type LogView } from './view.js';
import { groupRows, irregularInSeries } from './series.js';

/**
 * Repayments (SME): irregular loan installments. Loan Repayment rows are grouped by lender; a lender with
 * ≥ `minSeries` rows is a schedule whose due day is the day of month of that lender's first disbursement
 * (or, without one, the most common repayment day). Irregular installments: declined (FAILED), more than
 * `lateDays` after the due day (late), or below `partialRatio` × the lender's median installment (partial).
 * Present with ≥ `minIrregular` irregular installments. Evidence: those rows.
 */
export function repaymentsFromView(v: LogView, t: Thresholds['repayments']): Detection {
  if (!mayCarry(v, 'repayments')) return absent();
  const firstDisb = new Map<number, number>();
  for (let i = 0; i < v.n; i++) {
    const r = v.rows[i];
    if (r.type === 'Loan Disbursement' && v.ok[i] && !firstDisb.has(v.cp[i])) firstDisb.set(v.cp[i], v.dom[i]);
  }
  const groups = groupRows(v, (i) => v.rows[i].type === 'Loan Repayment' && v.rows[i].amountCents < 0, (i) => v.cp[i]);
  const bad: number[] = [];
  for (const [lender, series] of groups) {
    if (series.length < t.minSeries) continue;
    const { irregular, medianAbs } = irregularInSeries(v, series, firstDisb.get(lender) ?? null, t.lateDays);
    const flagged = new Set(irregular);
    for (const i of series) if (v.ok[i] && -v.rows[i].amountCents < t.partialRatio * medianAbs) flagged.add(i);
    for (const x of flagged) bad.push(x);
  }
  return fromCount(v, bad.length, t.minIrregular, bad);
}

/** Detects the Repayments signal on a log. */
export function detectRepayments(log: Log, t: Thresholds['repayments'] = DEFAULT_THRESHOLDS.repayments): Detection {
  return repaymentsFromView(buildView(log), t);
}
