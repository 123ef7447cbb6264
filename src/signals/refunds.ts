import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, buildView, idsOf, mayCarry, ratioStrength, type LogView } from './view.js';

/**
 * Refunds (personal): frequent returns. A SUCCESS Refund pairs with an earlier SUCCESS Purchase at the same
 * counterparty within `windowDays` — the latest of exactly its amount, else the latest whose unrefunded remainder
 * covers it (the SPEC §1 rule, found heuristically from the log alone). Present when paired refunds ≥ `minRefunds` and paired refunds / SUCCESS
 * purchases ≥ `minRate`. Evidence: the paired refunds and their purchases.
 */
export function refundsFromView(v: LogView, t: Thresholds['refunds']): Detection {
  if (!mayCarry(v, 'refunds')) return absent();
  // by row index: the unrefunded remainder of each SUCCESS purchase; by interned counterparty: its purchases so far
  const remaining = new Float64Array(v.n);
  const purchasesByCp: (number[] | undefined)[] = new Array(v.cpNames.length);
  let purchases = 0;
  const evidence: number[] = [];
  let paired = 0;
  for (let i = 0; i < v.n; i++) {
    const r = v.rows[i];
    if (!v.ok[i]) continue;
    if (r.type === 'Purchase' && r.amountCents < 0) {
      purchases++;
      remaining[i] = -r.amountCents;
      const list = purchasesByCp[v.cp[i]];
      if (list) list.push(i);
      else purchasesByCp[v.cp[i]] = [i];
    } else if (r.type === 'Refund' && r.amountCents > 0) {
      const list = purchasesByCp[v.cp[i]];
      if (!list) continue;
      // Prefer the latest purchase refunded in full (same amount), else the latest whose remainder covers it.
      let pick = -1;
      for (let k = list.length - 1; k >= 0; k--) {
        const j = list[k];
        if (v.day[i] - v.day[j] > t.windowDays) break;
        const rem = remaining[j];
        if (rem === r.amountCents) {
          pick = j;
          break;
        }
        if (pick < 0 && rem >= r.amountCents) pick = j;
      }
      if (pick >= 0) {
        remaining[pick] -= r.amountCents;
        evidence.push(i, pick);
        paired++;
      }
    }
  }
  if (paired === 0 || purchases === 0) return absent();
  const rate = paired / purchases;
  const present = paired >= t.minRefunds && rate >= t.minRate;
  return { present, strength: ratioStrength(rate, t.minRate, present), evidence: present ? idsOf(v, evidence) : [] };
}

/** Detects the Refunds signal on a log. */
export function detectRefunds(log: Log, t: Thresholds['refunds'] = DEFAULT_THRESHOLDS.refunds): Detection {
  return refundsFromView(buildView(log), t);
}
