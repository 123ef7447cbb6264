import type { Check } from '../context.js';
import { rowIssue } from '../context.js';

/** OUT_OF_PERIOD: a row dated outside the log's period (inclusive dates; from the labels, the options or the dialect). */
export const checkPeriod: Check = (log, ctx) => {
  const p = ctx.period;
  if (!p) return [];
  const out = [];
  for (let i = 0; i < log.rows.length; i++) {
    const date = log.rows[i].timestamp.slice(0, 10);
    if (date < p.start || date > p.end) {
      out.push(rowIssue(log, ctx, i, { code: 'OUT_OF_PERIOD', column: 'timestamp', expected: `${p.start}..${p.end}`, actual: log.rows[i].timestamp }));
    }
  }
  return out;
};
