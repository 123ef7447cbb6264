import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { DAY_MS, ids, mean, median, parseDay } from '../facts.js';
import type { RowView } from '../facts.js';
import { inflowsOf } from '../kit.js';
import { maxOf } from '../../log/extremes.js';

/** Average days from a refund's purchase to the refund (refund frequency / disputes, analysis, H) */
export const refundLag: Template = {
  id: 'refund-lag',
  version: 1,
  tags: {
    domain: 'conduct',
    sub_domain: 'refunds',
    cognition: 'analysis',
    difficulty: 'H',
    format: 'calc',
    logics: {
      personal: { perspective: 'others', logic: 'refund_frequency' },
      sme: { perspective: 'specialized_behaviors', logic: 'disputes_refunds_nonessential' },
    },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const refunds = inflowsOf(facts, 'Refund');
    if (refunds.length === 0) return null;
    const purchases = facts.ofType('Purchase');
    const pairs: Array<[RowView, RowView]> = [];
    const pairsAny: Array<[RowView, RowView]> = [];
    const pairsFirst: Array<[RowView, RowView]> = [];
    for (const rf of refunds) {
      // the purchases (any status) at the refund's counterparty before it: the last, the first and last successful
      let last: RowView | undefined;
      let firstOk: RowView | undefined;
      let lastOk: RowView | undefined;
      for (const p of purchases) {
        if (p.index >= rf.index) break;
        if (p.row.counterparty !== rf.row.counterparty) continue;
        last = p;
        if (p.ok) {
          firstOk ??= p;
          lastOk = p;
        }
      }
      if (!lastOk || !firstOk || !last) return null;
      pairs.push([lastOk, rf]);
      pairsAny.push([last, rf]);
      pairsFirst.push([firstOk, rf]);
    }
    const lag = (ps: Array<[RowView, RowView]>): number[] => ps.map(([p, r]) => (r.t - p.t) / DAY_MS);
    const lags = lag(pairs);
    const gold = mean(lags);
    const dateLags = pairs.map(([p, r]) => Math.round((parseDay(r.day) - parseDay(p.day)) / DAY_MS));
    const choices = calcChoices(rng, gold, 'days', [
      { value: mean(lag(pairsAny)), misconception: 'failed_rows_counted' },
      { value: mean(lag(pairsFirst)), misconception: 'wrong_category' },
      { value: median(lags), misconception: 'mean_vs_median' },
      { value: maxOf(lags), misconception: 'extreme_vs_average' },
      { value: mean(dateLags) + 1, misconception: 'boundary_inclusion' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: "On average, how many days pass between a successful Refund to {acct} and the refund's purchase?",
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(pairs.flat()),
      program: [
        `Successful Refund rows: ${refunds.length}`,
        `For each, the latest earlier successful Purchase at the same counterparty`,
        `Pairs: ${pairs.map(([p, r]) => `${p.row.txn_id}→${r.row.txn_id}`).join(', ')}`,
        `Lags in days (from timestamps): ${lags.map((x) => x.toFixed(2)).join(', ')}`,
        `Mean: ${gold.toFixed(2)} days`,
      ],
    };
  },
};
