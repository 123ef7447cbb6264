import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, buildView, fromCount, mayCarry, typeSet, type LogView } from './view.js';
import { median } from '../log/statistics.js';

/**
 * Spikes (personal): sudden, unrepeated large outflows.
 * A spike is a SUCCESS outflow of `types` with |amount| ≥ max(`medianMultiple` × median |amount| of those
 * outflows, `incomeShare` × median monthly income), and no other outflow to the same counterparty within
 * ±`repeatTolerance` of its amount (a recurring transfer is not sudden). Present with ≥ `minSpikes` spikes.
 */
export function spikesFromView(v: LogView, t: Thresholds['spikes']): Detection {
  if (!mayCarry(v, 'spikes')) return absent();
  const types = typeSet(t.types);
  const idx: number[] = [];
  const abs: number[] = [];
  const outs: number[] = [];
  for (let i = 0; i < v.n; i++) {
    const r = v.rows[i];
    if (r.amountCents >= 0 || !types.has(r.type)) continue;
    outs.push(i);
    if (!v.ok[i]) continue;
    idx.push(i);
    abs.push(-r.amountCents);
  }
  if (idx.length < t.minBaseRows) return absent();
  const limit = Math.max(t.medianMultiple * median(abs, 0), t.incomeShare * v.monthlyIncomeCents);
  const spikes: number[] = [];
  for (let k = 0; k < idx.length; k++) {
    if (abs[k] < limit) continue;
    const i = idx[k];
    const a = abs[k];
    let repeated = false;
    for (const j of outs) if (j !== i && v.cp[j] === v.cp[i] && Math.abs(-v.rows[j].amountCents - a) <= t.repeatTolerance * a) repeated = true;
    if (!repeated) spikes.push(i);
  }
  return fromCount(v, spikes.length, t.minSpikes, spikes);
}

/** Detects the Spikes signal on a log. */
export function detectSpikes(log: Log, t: Thresholds['spikes'] = DEFAULT_THRESHOLDS.spikes): Detection {
  return spikesFromView(buildView(log), t);
}
