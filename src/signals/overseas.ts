import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, buildView, idsOf, mayCarry, ratioStrength, successOutflows, type LogView } from './view.js';

/**
 * Overseas (personal): SUCCESS outflows of `types` (money actually spent) located outside the home country (the log's most frequent
 * location). Present with ≥ `minRows` such rows, ≥ `minAmountShare` of the money of those types (each amount
 * capped at `winsorMultiple` × their median, so one huge outflow at home does not dilute it), spread over
 * ≥ `minMonths` calendar months (one holiday trip is not the signal). Evidence: the foreign rows.
 */
export function overseasFromView(v: LogView, t: Thresholds['overseas']): Detection {
  if (!mayCarry(v, 'overseas')) return absent();
  const { idx, abs, medianAbs } = successOutflows(v, t.types);
  const cap = t.winsorMultiple * medianAbs;
  let total = 0;
  let abroad = 0;
  const rows: number[] = [];
  const months = new Set<number>();
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k];
    const a = Math.min(abs[k], cap);
    total += a;
    if (v.rows[i].location !== v.home) {
      abroad += a;
      rows.push(i);
      months.add(v.month[i]);
    }
  }
  if (rows.length === 0 || total <= 0) return absent();
  const share = abroad / total;
  const present = rows.length >= t.minRows && share >= t.minAmountShare && months.size >= t.minMonths;
  return { present, strength: ratioStrength(share, t.minAmountShare, present), evidence: present ? idsOf(v, rows) : [] };
}

/** Detects the Overseas signal on a log. */
export function detectOverseas(log: Log, t: Thresholds['overseas'] = DEFAULT_THRESHOLDS.overseas): Detection {
  return overseasFromView(buildView(log), t);
}
