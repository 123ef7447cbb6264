import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, anyPattern, buildView, fromCount, mayCarry, namesMatching, type LogView } from './view.js';

/**
 * Risky (SME): money moving to or from high-risk platforms (gaming/betting-like, crypto exchanges),
 * recognised by merchant-class words in the counterparty name (`namePatterns`). Present with ≥ `minRows`
 * such rows, in either direction and any status. Evidence: those rows.
 */
export function riskyFromView(v: LogView, t: Thresholds['risky']): Detection {
  if (!mayCarry(v, 'risky')) return absent();
  const re = anyPattern(t.namePatterns);
  const rows: number[] = [];
  const hit = namesMatching(v, re);
  for (let i = 0; i < v.n; i++) if (hit[v.cp[i]]) rows.push(i);
  return fromCount(v, rows.length, t.minRows, rows);
}

/** Detects the Risky signal on a log. */
export function detectRisky(log: Log, t: Thresholds['risky'] = DEFAULT_THRESHOLDS.risky): Detection {
  return riskyFromView(buildView(log), t);
}
