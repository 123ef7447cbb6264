import { int } from '../../random/draw.js';
import { cloneState, countFor, moneyEdit, sampleSorted } from '../log-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { LogOperator } from '../types.js';

/** Balance off by δ (corrupting): the balance of a share of rows moves by ±δ cents; the chain breaks around each. */
export const balanceOffset: LogOperator<{ rate: number; deltaCents: number }> = {
  id: 'balance-offset',
  kind: 'corrupting',
  stage: 'log',
  keepsQuestions: false,
  summary: 'balances off by ±δ on some rows',
  severityParams: SEVERITY_PARAMS['balance-offset'],
  expectedCodes: ['BALANCE_MISMATCH'],
  integrity: ['balance_chain'],
  usesRate: true,
  apply(state, { deltaCents }, ctx) {
    const s = cloneState(state);
    const rows = s.log.rows;
    if (rows.length < 2) return null;
    const edits = [];
    for (const i of sampleSorted(ctx.rng, rows.map((_, k) => k), countFor(ctx.rate, rows.length))) {
      const before = rows[i].balanceCents;
      rows[i].balanceCents += int(ctx.rng, 0, 1) === 0 ? -deltaCents : deltaCents;
      edits.push(moneyEdit('balance-offset', rows, i, 'balance', before));
    }
    return { state: s, edits, params: { rate: ctx.rate, deltaCents } };
  },
};
