import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, anyPattern, buildView, idsOf, mayCarry, nameTest, ratioStrength, typeSet, type LogView } from './view.js';

/**
 * Nighttime (personal): discretionary outflows between `fromHour` and `toHour` (local time, any status).
 * Night spending on everyday needs (a counterparty matching `everydayPatterns`: meals, groceries, transport,
 * medicine) is what a night-shift worker does and is not counted; the rest — online shops, live streaming,
 * games, venues, transfers — is. Present when the counted rows are ≥ `minRows` and ≥ `minShare` of all outflows
 * of `types`. Always absent on logs without time of day (`hasTimeOfDay` false, e.g. Berka).
 */
export function nighttimeFromView(v: LogView, t: Thresholds['nighttime']): Detection {
  if (!mayCarry(v, 'nighttime') || !v.log.hasTimeOfDay) return absent();
  const types = typeSet(t.types);
  let total = 0;
  const night: number[] = [];
  for (let i = 0; i < v.n; i++) {
    const r = v.rows[i];
    if (r.amountCents >= 0 || !types.has(r.type)) continue;
    total++;
    const h = v.hour[i];
    if (h >= t.fromHour && h < t.toHour) {
      night.push(i);
    }
  }
  if (total === 0 || night.length === 0) return absent();
  const everyday = nameTest(v, anyPattern(t.everydayPatterns));
  const odd = night.filter((i) => !everyday(v.cp[i]));
  const share = odd.length / total;
  const present = odd.length >= t.minRows && share >= t.minShare;
  return { present, strength: ratioStrength(share, t.minShare, present), evidence: present ? idsOf(v, odd) : [] };
}

/** Detects the Nighttime signal on a log. */
export function detectNighttime(log: Log, t: Thresholds['nighttime'] = DEFAULT_THRESHOLDS.nighttime): Detection {
  return nighttimeFromView(buildView(log), t);
}
