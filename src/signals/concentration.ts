import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, buildView, idsOf, mayCarry, ratioStrength, successOutflows, type LogView } from './view.js';

/**
 * Concentration (personal): one counterparty takes much of the discretionary spending. Over SUCCESS outflows of
 * `types` (≥ `minPurchases` of them), the most frequent counterparty (ties: more money, then name) is present
 * when it has ≥ `minRows` rows, ≥ `minCountShare` of the rows and ≥ `minAmountShare` of the money, each amount
 * capped at `winsorMultiple` × the median (winsorised, so one huge one-off purchase elsewhere does not hide the
 * habit). Evidence: its rows.
 */
export function concentrationFromView(v: LogView, t: Thresholds['concentration']): Detection {
  if (!mayCarry(v, 'concentration')) return absent();
  const { idx, abs, medianAbs } = successOutflows(v, t.types);
  const count = idx.length;
  if (count < t.minPurchases) return absent();
  const rowsOf = new Int32Array(v.cpNames.length);
  const sumOf = new Float64Array(v.cpNames.length);
  const cap = t.winsorMultiple * medianAbs;
  let total = 0;
  for (let k = 0; k < count; k++) {
    const a = Math.min(abs[k], cap);
    total += a;
    rowsOf[v.cp[idx[k]]]++;
    sumOf[v.cp[idx[k]]] += a;
  }
  if (total <= 0) return absent();
  let top = -1;
  for (let k = 0; k < rowsOf.length; k++) {
    if (rowsOf[k] === 0) continue;
    if (top < 0 || rowsOf[k] > rowsOf[top] || (rowsOf[k] === rowsOf[top] && (sumOf[k] > sumOf[top] || (sumOf[k] === sumOf[top] && v.cpNames[k] < v.cpNames[top])))) top = k;
  }
  const countShare = rowsOf[top] / count;
  const present = rowsOf[top] >= t.minRows && countShare >= t.minCountShare && sumOf[top] / total >= t.minAmountShare;
  if (!present) return { present, strength: ratioStrength(countShare, t.minCountShare, false), evidence: [] };
  const evidence: number[] = [];
  for (const i of idx) if (v.cp[i] === top) evidence.push(i);
  return { present, strength: ratioStrength(countShare, t.minCountShare, true), evidence: idsOf(v, evidence) };
}

/** Detects the Concentration signal on a log. */
export function detectConcentration(log: Log, t: Thresholds['concentration'] = DEFAULT_THRESHOLDS.concentration): Detection {
  return concentrationFromView(buildView(log), t);
}
