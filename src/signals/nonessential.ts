import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { absent, anyPattern, buildView, fromCount, mayCarry, nameTest, type LogView } from './view.js';

/**
 * Nonessential (SME): luxury and entertainment spending out of the business account, recognised by
 * merchant-class words in the counterparty name (`namePatterns`). Present with ≥ `minRows` such outflows.
 */
export function nonessentialFromView(v: LogView, t: Thresholds['nonessential']): Detection {
  if (!mayCarry(v, 'nonessential')) return absent();
  const re = anyPattern(t.namePatterns);
  const rows: number[] = [];
  const luxury = nameTest(v, re);
  for (let i = 0; i < v.n; i++) if (v.rows[i].amountCents < 0 && luxury(v.cp[i])) rows.push(i);
  return fromCount(v, rows.length, t.minRows, rows);
}

/** Detects the Nonessential signal on a log. */
export function detectNonessential(log: Log, t: Thresholds['nonessential'] = DEFAULT_THRESHOLDS.nonessential): Detection {
  return nonessentialFromView(buildView(log), t);
}
