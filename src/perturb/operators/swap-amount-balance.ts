import type { PerturbEdit } from '../../schema/perturb-manifest.js';
import { chainBreaks, cloneState, countFor, moneyEdit, sampleSorted } from '../log-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { LogOperator } from '../types.js';

/** Amount and balance swapped (corrupting): the two money cells of a share of rows trade places. */
export const swapAmountBalance: LogOperator<{ rate: number }> = {
  id: 'swap-amount-balance',
  kind: 'corrupting',
  stage: 'log',
  keepsQuestions: false,
  summary: 'amount and balance cells swapped on some rows',
  severityParams: SEVERITY_PARAMS['swap-amount-balance'],
  expectedCodes: ['BALANCE_MISMATCH'],
  integrity: ['balance_chain'],
  usesRate: true,
  apply(state, _params, ctx) {
    const s = cloneState(state);
    const rows = s.log.rows;
    if (rows.length < 2) return null;
    // A swap on the last row goes unseen only when the previous balance is 0; such rows are left out.
    const eligible = rows
      .map((_, i) => i)
      .filter((i) => rows[i].amountCents !== rows[i].balanceCents && !(i === rows.length - 1 && rows[i - 1].balanceCents === 0));
    if (eligible.length === 0) return null;
    const edits: PerturbEdit[] = [];
    for (const i of sampleSorted(ctx.rng, eligible, countFor(ctx.rate, eligible.length))) {
      const { amountCents, balanceCents } = rows[i];
      rows[i].amountCents = balanceCents;
      rows[i].balanceCents = amountCents;
      edits.push(moneyEdit('swap-amount-balance', rows, i, 'amount', amountCents), moneyEdit('swap-amount-balance', rows, i, 'balance', balanceCents));
    }
    if (chainBreaks(rows).length === 0) return null;
    return { state: s, edits, params: { rate: ctx.rate } };
  },
};
