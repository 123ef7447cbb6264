import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from './thresholds.js';
import { absent, buildView, idsOf, isPersonal, ratioStrength, type LogView } from './view.js';

/**
 * Concentration (personal): one counterparty takes much of the discretionary spending. Over SUCCESS outflows of
 * `types` (≥ `minPurchases` of them), the most frequent counterparty (ties: more money, then name) is present
 * when it has ≥ `minRows` rows, ≥ `minCountShare` of the rows and ≥ `minAmountShare` of the money. Counting rows
 * rather than money keeps one big one-off purchase elsewhere from hiding the habit. Evidence: its rows.
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
  let topRows = 0;
  let topSum = -1;
  for (const [cp, list] of rowsOf) {
    const s = sum.get(cp)!;
    if (list.length > topRows || (list.length === topRows && (s > topSum || (s === topSum && cp < top)))) (top = cp), (topRows = list.length), (topSum = s);
  }
  const countShare = topRows / count;
  const present = topRows >= t.minRows && countShare >= t.minCountShare && topSum / total >= t.minAmountShare;
  return { present, strength: ratioStrength(countShare, t.minCountShare, present), evidence: present ? idsOf(v, rowsOf.get(top)!) : [] };
}

/** Detects the Concentration signal on a log. */
export function detectConcentration(log: Log, t: Thresholds['concentration'] = DEFAULT_THRESHOLDS.concentration): Detection {
  return concentrationFromView(buildView(log), t);
}
