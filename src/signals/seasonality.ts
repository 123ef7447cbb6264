import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, buildView, idsOf, mayCarry, ratioStrength, typeSet, type LogView } from './view.js';
import { median } from '../log/statistics.js';

/**
 * Seasonality (personal): an abnormal seasonal swing. Over the months from the first to the last row (empty
 * months count as zero; at least `minMonths`), a peak month has ≥ `countRatio` × the median month's number of
 * SUCCESS home-country outflows of `types` (a trip abroad is the Overseas signal, not a season), ≥ `amountRatio` × the median month's money, and ≥ `minPeakRows` rows.
 * Present with at least one peak month. Evidence: the rows of the peak months.
 */
export function seasonalityFromView(v: LogView, t: Thresholds['seasonality']): Detection {
  if (!mayCarry(v, 'seasonality') || v.n === 0) return absent();
  // Min and max rather than first and last row: a perturbed log may be out of order.
  let first = v.month[0];
  let last = v.month[0];
  for (let i = 1; i < v.n; i++) (first = Math.min(first, v.month[i])), (last = Math.max(last, v.month[i]));
  const span = last - first + 1;
  if (!(span >= t.minMonths && span <= 1200)) return absent();
  const types = typeSet(t.types);
  const count = new Array<number>(span).fill(0);
  const amount = new Array<number>(span).fill(0);
  for (let i = 0; i < v.n; i++) {
    const r = v.rows[i];
    if (!v.ok[i] || r.amountCents >= 0 || !types.has(r.type) || r.location !== v.home) continue;
    count[v.month[i] - first]++;
    amount[v.month[i] - first] -= r.amountCents;
  }
  const mc = Math.max(1, median(count, 0));
  const ma = Math.max(1, median(amount, 0));
  let best = 0;
  const peaks = new Set<number>();
  for (let k = 0; k < span; k++) {
    const ratio = Math.min(count[k] / (mc * t.countRatio), amount[k] / (ma * t.amountRatio));
    best = Math.max(best, ratio);
    if (ratio >= 1 && count[k] >= t.minPeakRows) peaks.add(k + first);
  }
  const present = peaks.size > 0;
  const evidence: number[] = [];
  if (present)
    for (let i = 0; i < v.n; i++) {
      const r = v.rows[i];
      if (peaks.has(v.month[i]) && v.ok[i] && r.amountCents < 0 && types.has(r.type) && r.location === v.home) evidence.push(i);
    }
  return { present, strength: ratioStrength(best, 1, present), evidence: present ? idsOf(v, evidence) : [] };
}

/** Detects the Seasonality signal on a log. */
export function detectSeasonality(log: Log, t: Thresholds['seasonality'] = DEFAULT_THRESHOLDS.seasonality): Detection {
  return seasonalityFromView(buildView(log), t);
}
