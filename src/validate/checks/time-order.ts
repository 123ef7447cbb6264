import type { Check } from '../context.js';
import { rowIssue, timeOrdered, issueCollector } from '../context.js';

/**
 * NOT_TIME_ORDERED: a row whose timestamp is earlier than the row before it (SPEC §1: rows are in time order).
 * Canonical timestamps compare as text. In date-only logs, rows of one day may come in any order.
 */
export const checkTimeOrder: Check = (log, ctx) => {
  if (timeOrdered(log)) return [];
  const out = issueCollector(ctx);
  const rows = log.rows;
  for (let i = 1; i < rows.length; i++) {
    if (rows[i].timestamp < rows[i - 1].timestamp) {
      out.raise('NOT_TIME_ORDERED', () => rowIssue(log, ctx, i, { code: 'NOT_TIME_ORDERED', column: 'timestamp', expected: `>= ${rows[i - 1].timestamp}`, actual: rows[i].timestamp, related: [rows[i - 1].txn_id] }));
    }
  }
  return out.list;
};
