import type { Check } from '../context.js';
import { logIssue } from '../context.js';

/** ROW_COUNT: fewer or more rows than the limits (SPEC §4: 50–300 by default; a dialect may set none). */
export const checkRowCount: Check = (log, ctx) => {
  const lim = ctx.rowCount;
  if (!lim) return [];
  const n = log.rows.length + (log.unreadableLines?.length ?? 0);
  if (n >= lim.min && n <= lim.max) return [];
  return [logIssue(log, ctx, { code: 'ROW_COUNT', expected: `${lim.min}..${lim.max}`, actual: n, note: `(log ${log.logId})` })];
};
