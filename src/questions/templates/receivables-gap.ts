import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { DAY_MS, mean, median, parseDay } from '../facts.js';
import type { RowView } from '../facts.js';
import { inflowsOf } from '../kit.js';
import { maxOf } from '../../log/extremes.js';

function gaps(rows: readonly RowView[]): number[] {
  return rows.slice(1).map((r, k) => (r.t - rows[k].t) / DAY_MS);
}

/** `maxOf(gaps(rows))` without the list of gaps. */
function maxGap(rows: readonly RowView[]): number {
  let m = -Infinity;
  for (let k = 1; k < rows.length; k++) m = Math.max(m, (rows[k].t - rows[k - 1].t) / DAY_MS);
  return m;
}

/** Longest stretch without a successful Sales Receipt (receivables timing, analysis, M) */
export const receivablesGap: Template = {
  id: 'receivables-gap',
  version: 1,
  tags: {
    domain: 'time',
    sub_domain: 'others',
    cognition: 'analysis',
    difficulty: 'M',
    format: 'calc',
    logics: { sme: { perspective: 'payment_management', logic: 'receivables_timing' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const sales = inflowsOf(facts, 'Sales Receipt');
    if (sales.length < 4) return null;
    const g = gaps(sales);
    const gold = maxOf(g);
    const k = g.indexOf(gold);
    const dateGaps = sales.slice(1).map((r, i) => Math.round((parseDay(r.day) - parseDay(sales[i].day)) / DAY_MS));
    const choices = calcChoices(rng, gold, 'days', [
      { value: maxGap(facts.ofType('Sales Receipt')), misconception: 'failed_rows_counted' },
      { value: mean(g), misconception: 'extreme_vs_average' },
      { value: median(g), misconception: 'extreme_vs_average' },
      { value: maxOf(dateGaps) + 1, misconception: 'boundary_inclusion' },
      { value: maxGap(facts.inflows), misconception: 'wrong_category' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What is the longest gap, in days, between consecutive successful Sales Receipt rows of {acct}?',
      choices,
      numericAnswer: choices[0].value,
      evidence: [sales[k].row.txn_id, sales[k + 1].row.txn_id],
      program: [
        `Successful Sales Receipt rows: ${sales.length}, in time order`,
        `Gaps between consecutive ones (days, from timestamps): ${g.slice(0, 30).map((x) => x.toFixed(2)).join(', ')}${g.length > 30 ? ', …' : ''}`,
        `Longest: ${gold.toFixed(2)} days, between ${sales[k].row.txn_id} and ${sales[k + 1].row.txn_id}`,
      ],
    };
  },
};
