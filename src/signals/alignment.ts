import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, anyPattern, buildView, fromCount, mayCarry, nameTest, typeSet, type LogView } from './view.js';

/**
 * Alignment (SME): purchases that do not fit the declared business category. The counterparty name of each
 * outflow of `types` is matched against supply `classes`; a class listed in `misfits[category]` does not fit
 * (a restaurant buying steel). Present with ≥ `minRows` misfit rows. Absent without a business category.
 */
export function alignmentFromView(v: LogView, t: Thresholds['alignment']): Detection {
  const cat = v.log.businessCategory as keyof Thresholds['alignment']['misfits'] | undefined;
  if (!mayCarry(v, 'alignment') || !cat || !t.misfits[cat]) return absent();
  const re = misfitPattern(t, cat);
  if (!re) return absent();
  const types = typeSet(t.types);
  const misfit = nameTest(v, re);
  const rows: number[] = [];
  for (let i = 0; i < v.n; i++) {
    const r = v.rows[i];
    if (r.amountCents < 0 && types.has(r.type) && misfit(v.cp[i])) rows.push(i);
  }
  return fromCount(v, rows.length, t.minRows, rows);
}

const compiled = new WeakMap<object, Map<string, RegExp | null>>();
/** The misfit classes of `cat` as one regular expression, compiled once per thresholds object. */
function misfitPattern(t: Thresholds['alignment'], cat: keyof Thresholds['alignment']['misfits']): RegExp | null {
  let m = compiled.get(t);
  if (!m) compiled.set(t, (m = new Map()));
  if (!m.has(cat)) {
    const list = t.misfits[cat].flatMap((c) => t.classes[c] ?? []);
    m.set(cat, list.length ? anyPattern(list) : null);
  }
  return m.get(cat)!;
}

/** Detects the Alignment signal on a log. */
export function detectAlignment(log: Log, t: Thresholds['alignment'] = DEFAULT_THRESHOLDS.alignment): Detection {
  return alignmentFromView(buildView(log), t);
}
