import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, anyPattern, buildView, fromCount, mayCarry, type LogView } from './view.js';

/**
 * Penalties (SME): charges for late or failed obligations: every Late Fee row, plus Fee rows whose remark
 * names such a charge (`feeRemarkPatterns`). Present with ≥ `minRows` of them. Evidence: those rows.
 */
export function penaltiesFromView(v: LogView, t: Thresholds['penalties']): Detection {
  if (!mayCarry(v, 'penalties')) return absent();
  const re = anyPattern(t.feeRemarkPatterns);
  const rows: number[] = [];
  for (let i = 0; i < v.n; i++) {
    const r = v.rows[i];
    if (r.amountCents >= 0) continue;
    if (r.type === 'Late Fee' || (r.type === 'Fee' && re.test(r.remark))) rows.push(i);
  }
  return fromCount(v, rows.length, t.minRows, rows);
}

/** Detects the Penalties signal on a log. */
export function detectPenalties(log: Log, t: Thresholds['penalties'] = DEFAULT_THRESHOLDS.penalties): Detection {
  return penaltiesFromView(buildView(log), t);
}
