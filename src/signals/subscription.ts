import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, buildView, fromCount, mayCarry, type LogView } from './view.js';
import { groupRows } from './series.js';

/**
 * Subscription (SME): recurring services piling up. A subscription service is a payee of Subscription rows
 * charged ≥ `minCharges` times. Present with ≥ `minPayees` services. Evidence: their Subscription rows.
 */
export function subscriptionFromView(v: LogView, t: Thresholds['subscription']): Detection {
  if (!mayCarry(v, 'subscription')) return absent();
  const groups = groupRows(v, (i) => v.rows[i].type === 'Subscription' && v.rows[i].amountCents < 0, (i) => v.cp[i]);
  const rows: number[] = [];
  let payees = 0;
  for (const series of groups.values()) {
    if (series.length < t.minCharges) continue;
    payees++;
    for (const x of series) rows.push(x);
  }
  return fromCount(v, payees, t.minPayees, rows);
}

/** Detects the Subscription signal on a log. */
export function detectSubscription(log: Log, t: Thresholds['subscription'] = DEFAULT_THRESHOLDS.subscription): Detection {
  return subscriptionFromView(buildView(log), t);
}
