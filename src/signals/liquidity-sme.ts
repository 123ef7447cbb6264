import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, buildView, idsOf, mayCarry, ratioStrength, typeSet, type LogView } from './view.js';
import { lowBalanceDays } from './liquidity.js';

/**
 * Liquidity (SME): a thin working-capital buffer. Either declined operating payments (FAILED rows of
 * `failedTypes`) ≥ `minFailed`, or days ending below `bufferShare` × the median month's outflow ≥ `minLowDays`.
 * Evidence: the declined rows and the last row of each thin day (for the features met).
 */
export function liquiditySmeFromView(v: LogView, t: Thresholds['liquidity_sme']): Detection {
  if (!mayCarry(v, 'liquidity_sme')) return absent();
  const types = typeSet(t.failedTypes);
  const failed: number[] = [];
  for (let i = 0; i < v.n; i++) if (!v.ok[i] && v.rows[i].amountCents < 0 && types.has(v.rows[i].type)) failed.push(i);
  const low = v.monthlyOutflowCents > 0 ? lowBalanceDays(v, t.bufferShare * v.monthlyOutflowCents) : [];
  const fOk = failed.length >= t.minFailed;
  const lOk = low.length >= t.minLowDays;
  const present = fOk || lOk;
  const score = Math.max(failed.length / t.minFailed, low.length / t.minLowDays);
  const evidence = [...(fOk ? failed : []), ...(lOk ? low : [])];
  return { present, strength: ratioStrength(score, 1, present), evidence: present ? idsOf(v, evidence) : [] };
}

/** Detects the Liquidity (SME) signal on a log. */
export function detectLiquiditySme(log: Log, t: Thresholds['liquidity_sme'] = DEFAULT_THRESHOLDS.liquidity_sme): Detection {
  return liquiditySmeFromView(buildView(log), t);
}
