import { formatRow } from '../../log/format-tsv.js';
import { cloneState, countFor, labelledTxnIds, sampleSorted } from '../log-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { LogOperator } from '../types.js';

/**
 * Dropped rows (corrupting): removes interior SUCCESS rows with a non-zero amount, never two adjacent ones and never
 * a row the labels point at, so that each drop breaks the balance chain at the next row.
 */
export const dropRows: LogOperator<{ rate: number }> = {
  id: 'drop-rows',
  kind: 'corrupting',
  stage: 'log',
  keepsQuestions: false,
  summary: 'rows removed from the middle of the log (the balance chain breaks)',
  severityParams: SEVERITY_PARAMS['drop-rows'],
  expectedCodes: ['BALANCE_MISMATCH'],
  integrity: ['balance_chain'],
  usesRate: true,
  apply(state, _params, ctx) {
    const s = cloneState(state);
    const rows = s.log.rows;
    const keep = labelledTxnIds(s.labels);
    const eligible: number[] = [];
    for (let i = 1; i < rows.length - 1; i++) {
      if (rows[i].status === 'SUCCESS' && rows[i].amountCents !== 0 && !keep.has(rows[i].txn_id)) eligible.push(i);
    }
    const picked: number[] = [];
    for (const i of sampleSorted(ctx.rng, eligible, countFor(ctx.rate, eligible.length))) {
      if (picked.length === 0 || picked[picked.length - 1] < i - 1) picked.push(i);
    }
    if (picked.length === 0) return null;
    const edits = picked.map((i) => ({
      op: 'drop-rows',
      action: 'delete' as const,
      row: i + 1,
      txn_id: rows[i].txn_id,
      before: formatRow(rows[i]),
      after: null,
    }));
    const gone = new Set(picked);
    s.log.rows = rows.filter((_, i) => !gone.has(i));
    return { state: s, edits, params: { rate: ctx.rate, dropped: picked.length } };
  },
};
