import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from './thresholds.js';
import { absent, buildView, idsOf, isPersonal, ratioStrength, type LogView } from './view.js';

/**
 * Concentration (personal): one counterparty takes most of the discretionary spending.
 * Present when the top counterparty's share of SUCCESS outflow money of `types` ≥ `minShare`, with ≥ `minRows`
 * rows, out of ≥ `minPurchases` rows. Evidence: the top counterparty's rows.
 */
export function concentrationFromView(v: LogView, t: Thresholds['concentration']): Detection {
  if (!isPersonal(v)) return absent();
  const types = new Set<string>(t.types);
  const sum = new Map<string, number>();
  const rowsOf = new Map<string, number[]>();
  let total = 0;
  let count = 0;
  for (let i = 0; i < v.n; i++) {
    const r = v.rows[i];
    if (!v.ok[i] || r.amountCents >= 0 || !types.has(r.type)) continue;
    total -= r.amountCents;
    count++;
    sum.set(r.counterparty, (sum.get(r.counterparty) ?? 0) - r.amountCents);
    const list = rowsOf.get(r.counterparty);
    if (list) list.push(i);
    else rowsOf.set(r.counterparty, [i]);
  }
  if (count < t.minPurchases || total <= 0) return absent();
  let top = '';
  let topSum = -1;
  for (const [cp, s] of sum) if (s > topSum || (s === topSum && cp < top)) (top = cp), (topSum = s);
  const share = topSum / total;
  const rows = rowsOf.get(top)!;
  const present = share >= t.minShare && rows.length >= t.minRows;
  return { present, strength: ratioStrength(share, t.minShare, present), evidence: present ? idsOf(v, rows) : [] };
}

/** Detects the Concentration signal on a log. */
export function detectConcentration(log: Log, t: Thresholds['concentration'] = DEFAULT_THRESHOLDS.concentration): Detection {
  return concentrationFromView(buildView(log), t);
}
