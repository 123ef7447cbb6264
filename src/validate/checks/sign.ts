import { TYPE_DIRECTION } from '../../schema/transaction-types.js';
import type { Check } from '../context.js';
import { money, rowIssue, issueCollector } from '../context.js';

/**
 * BAD_SIGN: an amount whose sign contradicts its type's direction (`TYPE_DIRECTION`: a Purchase is money out,
 * a Refund money in). Zero amounts and either-way types (Interest) are not judged.
 */
export const checkSign: Check = (log, ctx) => {
  const out = issueCollector(ctx);
  for (let i = 0; i < log.rows.length; i++) {
    const r = log.rows[i];
    const dir = TYPE_DIRECTION[r.type];
    if (dir === undefined || dir === 0 || r.amountCents === 0) continue;
    if (Math.sign(r.amountCents) !== dir) {
      out.raise('BAD_SIGN', () => rowIssue(log, ctx, i, { code: 'BAD_SIGN', column: 'amount', expected: dir > 0 ? 'money in (+)' : 'money out (-)', actual: money(r.amountCents), note: `(${r.type})` }));
    }
  }
  return out.list;
};
