import { cloneState, countFor, moneyEdit, sampleSorted } from '../log-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { LogOperator } from '../types.js';

/**
 * Amounts ×100 (corrupting): a share of SUCCESS rows after the first get their amount multiplied (a lost decimal
 * point); balances are left alone, so the chain breaks at each.
 */
export const scaleAmounts: LogOperator<{ rate: number; factor: number }> = {
  id: 'scale-amounts',
  kind: 'corrupting',
  stage: 'log',
  keepsQuestions: false,
  summary: 'amounts multiplied by 100 (a lost decimal point), balances unchanged',
  severityParams: SEVERITY_PARAMS['scale-amounts'],
  expectedCodes: ['BALANCE_MISMATCH'],
  integrity: ['balance_chain'],
  usesRate: true,
  apply(state, { factor }, ctx) {
    const s = cloneState(state);
    const rows = s.log.rows;
    const eligible = rows.map((_, i) => i).filter((i) => i > 0 && rows[i].status === 'SUCCESS' && rows[i].amountCents !== 0);
    if (eligible.length === 0) return null;
    const edits = [];
    for (const i of sampleSorted(ctx.rng, eligible, countFor(ctx.rate, eligible.length))) {
      const before = rows[i].amountCents;
      rows[i].amountCents *= factor;
      edits.push(moneyEdit('scale-amounts', rows, i, 'amount', before));
    }
    return { state: s, edits, params: { rate: ctx.rate, factor } };
  },
};
