import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, buildView, fromCount, mayCarry, successOutflows, typeSet, type LogView } from './view.js';

/**
 * Spikes (personal): sudden, unrepeated large outflows.
 * A spike is a SUCCESS outflow of `types` with |amount| ≥ max(`medianMultiple` × median |amount| of those
 * outflows, `incomeShare` × median monthly income), and no other outflow to the same counterparty within
 * ±`repeatTolerance` of its amount (a recurring transfer is not sudden). Present with ≥ `minSpikes` spikes.
 */
export function spikesFromView(v: LogView, t: Thresholds['spikes']): Detection {
  if (!mayCarry(v, 'spikes')) return absent();
  const { idx, abs, medianAbs } = successOutflows(v, t.types);
  if (idx.length < t.minBaseRows) return absent();
  const limit = Math.max(t.medianMultiple * medianAbs, t.incomeShare * v.monthlyIncomeCents);
  const types = typeSet(t.types);
  const spikes: number[] = [];
  for (let k = 0; k < idx.length; k++) if (abs[k] >= limit && !repeated(v, idx[k], abs[k], types, t.repeatTolerance)) spikes.push(idx[k]);
  return fromCount(v, spikes.length, t.minSpikes, spikes);
}

/** Whether another outflow of `types` (any status) to row `i`'s counterparty is within `tolerance` × `a` of `a`. */
function repeated(v: LogView, i: number, a: number, types: ReadonlySet<string>, tolerance: number): boolean {
  for (let j = 0; j < v.n; j++) {
    if (j === i || v.cp[j] !== v.cp[i]) continue;
    const r = v.rows[j];
    if (r.amountCents < 0 && types.has(r.type) && Math.abs(-r.amountCents - a) <= tolerance * a) return true;
  }
  return false;
}

/** Detects the Spikes signal on a log. */
export function detectSpikes(log: Log, t: Thresholds['spikes'] = DEFAULT_THRESHOLDS.spikes): Detection {
  return spikesFromView(buildView(log), t);
}
