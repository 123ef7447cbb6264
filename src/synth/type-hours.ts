import type { Flow, Profile } from '../schema/profile.js';
import { DEFAULT_HOURS } from './base-events.js';

const cache = new WeakMap<Profile, ReadonlyMap<string, readonly number[]>>();

/** Adds `weight` spread evenly over the hours of a flow's range [from, to] to `into`. */
function addRange(into: number[], hours: readonly [number, number], weight: number): void {
  const h0 = Math.min(hours[0], hours[1]);
  const h1 = Math.max(hours[0], hours[1]);
  for (let h = h0; h <= h1; h++) into[h] += weight / (h1 - h0 + 1);
}

/**
 * Per transaction type, the weights of the 24 hours of day at which the profile posts it: each income and obligation
 * flow's hour range (and its variants' ranges, by variant weight), weighted by the flow's probability, and each
 * spending category's hour table (or `DEFAULT_HOURS`), weighted by the category's weight. Computed once per profile.
 */
export function profileTypeHours(profile: Profile): ReadonlyMap<string, readonly number[]> {
  const hit = cache.get(profile);
  if (hit) return hit;
  const out = new Map<string, number[]>();
  const row = (type: string): number[] => {
    let r = out.get(type);
    if (!r) out.set(type, (r = new Array<number>(24).fill(0)));
    return r;
  };
  const flow = (f: Flow): void => {
    const r = row(f.type);
    const variants = f.variants ?? [];
    const total = variants.reduce((a, v) => a + v.weight, 0);
    if (total > 0) for (const v of variants) addRange(r, v.hours ?? f.hours, (f.probability * v.weight) / total);
    else addRange(r, f.hours, f.probability);
  };
  for (const f of profile.income) flow(f);
  for (const f of profile.obligations) flow(f);
  for (const c of profile.spending) {
    const hours = c.hours && c.hours.some((h) => h > 0) ? c.hours : DEFAULT_HOURS;
    const sum = hours.reduce((a, b) => a + b, 0);
    const r = row(c.type);
    for (let h = 0; h < 24; h++) r[h] += (c.weight * hours[h]) / sum;
  }
  for (const [type, r] of out) if (!r.some((w) => w > 0)) out.delete(type);
  cache.set(profile, out);
  return out;
}
