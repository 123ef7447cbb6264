import { formatRow } from '../../log/format-tsv.js';
import type { LogRow } from '../../schema/log-row.js';
import { cloneState, countFor, sampleSorted } from '../log-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { LogOperator } from '../types.js';

/** Duplicated rows (corrupting): exact copies of rows (same txn_id) inserted right after the original. */
export const duplicateRows: LogOperator<{ rate: number }> = {
  id: 'duplicate-rows',
  kind: 'corrupting',
  stage: 'log',
  keepsQuestions: false,
  summary: 'rows recorded twice (same txn_id, right after the original)',
  severityParams: SEVERITY_PARAMS['duplicate-rows'],
  expectedCodes: ['DUPLICATE_TXN_ID'],
  integrity: ['duplicate_row'],
  usesRate: true,
  apply(state, _params, ctx) {
    const s = cloneState(state);
    const rows = s.log.rows;
    if (rows.length === 0) return null;
    const picked = new Set(sampleSorted(ctx.rng, rows.map((_, i) => i), countFor(ctx.rate, rows.length)));
    const out: LogRow[] = [];
    const edits = [];
    for (let i = 0; i < rows.length; i++) {
      out.push(rows[i]);
      if (!picked.has(i)) continue;
      out.push({ ...rows[i] });
      edits.push({ op: 'duplicate-rows', action: 'insert' as const, row: out.length, txn_id: rows[i].txn_id, before: null, after: formatRow(rows[i]) });
    }
    s.log.rows = out;
    return { state: s, edits, params: { rate: ctx.rate, duplicated: picked.size } };
  },
};
