import type { Check } from '../context.js';
import { rowIssue } from '../context.js';

/** OUT_OF_PERIOD: a row dated outside the log's period (inclusive dates; from the labels, the options or the dialect). */
export const checkPeriod: Check = (log, ctx) => {
  const p = ctx.period;
  if (!p) return [];
  const out = [];
  // a canonical timestamp compares with a YYYY-MM-DD date as its date part does: below the start, or above the end + '~'
  const after = p.end + '~';
  for (let i = 0; i < log.rows.length; i++) {
    const ts = log.rows[i].timestamp;
    if (ts < p.start || ts > after) {
      out.push(rowIssue(log, ctx, i, { code: 'OUT_OF_PERIOD', column: 'timestamp', expected: `${p.start}..${p.end}`, actual: log.rows[i].timestamp }));
    }
  }
  return out;
};
