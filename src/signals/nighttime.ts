import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from './thresholds.js';
import { absent, buildView, idsOf, isPersonal, ratioStrength, type LogView } from './view.js';

/**
 * Nighttime (personal): discretionary outflows between `fromHour` and `toHour` (local time, any status).
 * Remote night spending (`remoteChannels`: online, transfers) always counts; in-person night spending counts only
 * at a counterparty paid at night fewer than `routineVisits` times — a night-shift worker's regular canteen or
 * convenience store is a routine, not the signal. Present when the counted rows are ≥ `minRows` and ≥ `minShare`
 * of all outflows of `types`. Always absent on logs without time of day (`hasTimeOfDay` false, e.g. Berka).
 */
export function nighttimeFromView(v: LogView, t: Thresholds['nighttime']): Detection {
  if (!isPersonal(v) || !v.log.hasTimeOfDay) return absent();
  const types = new Set<string>(t.types);
  let total = 0;
  const night: number[] = [];
  const visits = new Map<string, number>();
  for (let i = 0; i < v.n; i++) {
    const r = v.rows[i];
    if (r.amountCents >= 0 || !types.has(r.type)) continue;
    total++;
    const h = v.hour[i];
    if (h >= t.fromHour && h < t.toHour) {
      night.push(i);
      visits.set(r.counterparty, (visits.get(r.counterparty) ?? 0) + 1);
    }
  }
  if (total === 0 || night.length === 0) return absent();
  const remote = new Set<string>(t.remoteChannels);
  const odd = night.filter((i) => remote.has(v.rows[i].channel) || visits.get(v.rows[i].counterparty)! < t.routineVisits);
  const share = odd.length / total;
  const present = odd.length >= t.minRows && share >= t.minShare;
  return { present, strength: ratioStrength(share, t.minShare, present), evidence: present ? idsOf(v, odd) : [] };
}

/** Detects the Nighttime signal on a log. */
export function detectNighttime(log: Log, t: Thresholds['nighttime'] = DEFAULT_THRESHOLDS.nighttime): Detection {
  return nighttimeFromView(buildView(log), t);
}
