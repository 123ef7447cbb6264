import { formatRow } from '../../log/format-tsv.js';
import type { LogRow } from '../../schema/log-row.js';
import type { PerturbEdit } from '../../schema/perturb-manifest.js';
import { chainBreaks, cloneState, sampleSorted } from '../log-edit.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { LogOperator } from '../types.js';

/**
 * A day spliced in from another log (corrupting): for `days` dates inside this log's span, this log's rows of that
 * date are replaced by the donor log's rows of the same date, balances and all; time order holds, the chain breaks.
 */
export const spliceDay: LogOperator<{ days: number }> = {
  id: 'splice-day',
  kind: 'corrupting',
  stage: 'log',
  keepsQuestions: false,
  summary: "a day of another account's rows spliced in",
  severityParams: SEVERITY_PARAMS['splice-day'],
  expectedCodes: ['BALANCE_MISMATCH'],
  integrity: ['balance_chain'],
  usesRate: false,
  apply(state, { days }, ctx) {
    const s = cloneState(state);
    const donor = s.donor;
    const rows = s.log.rows;
    if (!donor || donor.rows.length === 0 || rows.length < 2) return null;
    const firstDay = rows[0].timestamp.slice(0, 10);
    const lastDay = rows[rows.length - 1].timestamp.slice(0, 10);
    const donorDays = [...new Set(donor.rows.map((r) => r.timestamp.slice(0, 10)))].filter((d) => d > firstDay && d < lastDay).sort();
    if (donorDays.length === 0) return null;
    const picked = new Set(sampleSorted(ctx.rng, donorDays.map((_, i) => i), Math.min(days, donorDays.length)).map((i) => donorDays[i]));
    const edits: PerturbEdit[] = [];
    const out: LogRow[] = [];
    const spliced = new Set<LogRow>();
    rows.forEach((r, i) => {
      if (picked.has(r.timestamp.slice(0, 10))) edits.push({ op: 'splice-day', action: 'delete', row: i + 1, txn_id: r.txn_id, before: formatRow(r), after: null });
    });
    const kept = rows.filter((r) => !picked.has(r.timestamp.slice(0, 10)));
    const incoming = donor.rows.filter((r) => picked.has(r.timestamp.slice(0, 10))).map((r) => ({ ...r }));
    let k = 0;
    for (const r of kept) {
      while (k < incoming.length && incoming[k].timestamp < r.timestamp) {
        spliced.add(incoming[k]);
        out.push(incoming[k++]);
      }
      out.push(r);
    }
    while (k < incoming.length) {
      spliced.add(incoming[k]);
      out.push(incoming[k++]);
    }
    if (chainBreaks(out).length === 0) return null;
    out.forEach((r, i) => {
      if (spliced.has(r)) edits.push({ op: 'splice-day', action: 'insert', row: i + 1, txn_id: r.txn_id, before: null, after: formatRow(r), note: `from ${donor.logId}` });
    });
    s.log.rows = out;
    return { state: s, edits, params: { days: picked.size, dates: [...picked].sort(), donor: donor.logId } };
  },
};
