import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, buildView, idsOf, mayCarry, ratioStrength, type LogView } from './view.js';

/** Rows whose day ends with a balance below `floor`: the last row of each such day. */
export function lowBalanceDays(v: LogView, floor: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < v.n; i++) {
    if (i + 1 < v.n && v.day[i + 1] === v.day[i]) continue;
    if (v.rows[i].balanceCents < floor) out.push(i);
  }
  return out;
}

/**
 * Liquidity (personal): repayment resilience under strain. Three features, any one suffices:
 * - declined outflows (FAILED, negative amount) ≥ `minFailed`;
 * - days ending below `lowBalanceCents` ≥ `minLowDays`;
 * - borrowing to repay: a SUCCESS Transfer In followed within `borrowDays` days by a Card/Loan Repayment of
 *   ≥ `borrowCover` of it, when the balance before the inflow could not have covered that repayment,
 *   ≥ `minBorrowPairs` times.
 * Strength is the largest of the three ratios to their thresholds. Evidence: the rows behind each feature met.
 */
export function liquidityFromView(v: LogView, t: Thresholds['liquidity']): Detection {
  if (!mayCarry(v, 'liquidity')) return absent();
  const failed: number[] = [];
  for (let i = 0; i < v.n; i++) if (!v.ok[i] && v.rows[i].amountCents < 0) failed.push(i);
  const low = lowBalanceDays(v, t.lowBalanceCents);
  const pairs: number[] = [];
  const used = new Set<number>();
  let pairCount = 0;
  for (let i = 0; i < v.n; i++) {
    const r = v.rows[i];
    if (r.type !== 'Transfer In' || !v.ok[i] || r.amountCents <= 0) continue;
    for (let j = i + 1; j < v.n && v.day[j] - v.day[i] <= t.borrowDays; j++) {
      const q = v.rows[j];
      if (used.has(j) || !v.ok[j] || (q.type !== 'Card Repayment' && q.type !== 'Loan Repayment')) continue;
      // Borrowed to repay: the repayment uses most of the inflow and the money was not there before it.
      const before = r.balanceCents - r.amountCents;
      if (-q.amountCents >= t.borrowCover * r.amountCents && before < -q.amountCents) {
        used.add(j);
        pairs.push(i, j);
        pairCount++;
        break;
      }
    }
  }
  const fOk = failed.length >= t.minFailed;
  const lOk = low.length >= t.minLowDays;
  const bOk = pairCount >= t.minBorrowPairs;
  const present = fOk || lOk || bOk;
  const score = Math.max(failed.length / t.minFailed, low.length / t.minLowDays, pairCount / t.minBorrowPairs);
  const evidence = [...(fOk ? failed : []), ...(lOk ? low : []), ...(bOk ? pairs : [])];
  return { present, strength: ratioStrength(score, 1, present), evidence: present ? idsOf(v, evidence) : [] };
}

/** Detects the Liquidity signal on a personal log. */
export function detectLiquidity(log: Log, t: Thresholds['liquidity'] = DEFAULT_THRESHOLDS.liquidity): Detection {
  return liquidityFromView(buildView(log), t);
}
