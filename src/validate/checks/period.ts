import type { Check } from '../context.js';
import { rowIssue, timeOrdered, issueCollector } from '../context.js';

/** OUT_OF_PERIOD: a row dated outside the log's period (inclusive dates; from the labels, the options or the dialect). */
export const checkPeriod: Check = (log, ctx) => {
  const p = ctx.period;
  if (!p) return [];
  const out = issueCollector(ctx);
  // a canonical timestamp compares with a YYYY-MM-DD date as its date part does: below the start, or above the end + '~'
  const after = p.end + '~';
  const rows = log.rows;
  const outside = (i: number) => rowIssue(log, ctx, i, { code: 'OUT_OF_PERIOD', column: 'timestamp', expected: `${p.start}..${p.end}`, actual: rows[i].timestamp });
  if (p.start <= after && timeOrdered(log)) {
    // rows in time order: the rows before the start are a prefix and the rows after the end a suffix (disjoint, since
    // start ≤ end + '~'), so only the rows up to the first one inside the period and after the last one are compared
    let i = 0;
    while (i < rows.length && rows[i].timestamp < p.start) i++;
    let j = rows.length;
    while (j > i && rows[j - 1].timestamp > after) j--;
    for (let k = 0; k < i; k++) out.raise('OUT_OF_PERIOD', () => outside(k));
    for (let k = j; k < rows.length; k++) out.raise('OUT_OF_PERIOD', () => outside(k));
    return out.list;
  }
  for (let i = 0; i < rows.length; i++) {
    const ts = rows[i].timestamp;
    if (ts < p.start || ts > after) out.raise('OUT_OF_PERIOD', () => outside(i));
  }
  return out.list;
};
