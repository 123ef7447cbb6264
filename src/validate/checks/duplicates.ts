import type { Check } from '../context.js';
import { rowIssue, txnIndex, issueCollector } from '../context.js';

/** DUPLICATE_TXN_ID: a txn_id seen on an earlier row of the same log (SPEC §1: unique in the log). */
export const checkDuplicates: Check = (log, ctx) => {
  if (txnIndex(log).size === log.rows.length) return [];
  const seen = new Map<string, number>();
  const out = issueCollector(ctx);
  for (let i = 0; i < log.rows.length; i++) {
    const id = log.rows[i].txn_id;
    const first = seen.get(id);
    if (first === undefined) seen.set(id, i);
    else out.raise('DUPLICATE_TXN_ID', () => rowIssue(log, ctx, i, { code: 'DUPLICATE_TXN_ID', column: 'txn_id', actual: id, related: [`row ${first + 1}`] }));
  }
  return out.list;
};
