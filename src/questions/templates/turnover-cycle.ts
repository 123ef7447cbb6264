import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { DAY_MS, firstLater, ids, lastEarlier, mean, median } from '../facts.js';
import { outflowsOf, inflowsOf } from '../kit.js';
import { maxOf } from '../../log/extremes.js';

/** Average days from a supplier payment to the next sales receipt (turnover cycle, analysis, H) */
export const turnoverCycle: Template = {
  id: 'turnover-cycle',
  version: 1,
  tags: {
    domain: 'industry',
    sub_domain: 'others',
    cognition: 'analysis',
    difficulty: 'H',
    format: 'calc',
    logics: { sme: { perspective: 'cash_flow_health', logic: 'turnover_cycle' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const pays = outflowsOf(facts, 'Supplier Payment');
    const sales = inflowsOf(facts, 'Sales Receipt');
    if (pays.length < 3 || sales.length < 3) return null;
    // the first later (last earlier) receipt of each payment, by bisection on a log in time order
    const ordered = facts.timeOrdered;
    const lags: number[] = [];
    const lagsAny: number[] = [];
    const used = [];
    for (const p of pays) {
      const k = firstLater(sales, p.t, ordered);
      if (k === sales.length) continue;
      const next = sales[k];
      lags.push((next.t - p.t) / DAY_MS);
      used.push(p, next);
    }
    const anySales = facts.ofType('Sales Receipt');
    for (const p of facts.ofType('Supplier Payment')) {
      const k = firstLater(anySales, p.t, ordered);
      if (k < anySales.length) lagsAny.push((anySales[k].t - p.t) / DAY_MS);
    }
    if (lags.length < 3) return null;
    const gold = mean(lags);
    const prevLags: number[] = [];
    for (const p of pays) {
      const k = lastEarlier(sales, p.t, ordered);
      if (k >= 0) prevLags.push((p.t - sales[k].t) / DAY_MS);
    }
    const choices = calcChoices(rng, gold, 'days', [
      { value: mean(lagsAny), misconception: 'failed_rows_counted' },
      { value: median(lags), misconception: 'mean_vs_median' },
      { value: mean(prevLags), misconception: 'wrong_category' },
      { value: maxOf(lags), misconception: 'extreme_vs_average' },
      { value: gold + 1, misconception: 'boundary_inclusion' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'For each successful Supplier Payment of {acct}, take the time until the next successful Sales Receipt; what is the average of those times, in days?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(used),
      program: [
        `Successful Supplier Payment rows: ${pays.length}`,
        `Successful Sales Receipt rows: ${sales.length}`,
        `For each payment, the first later receipt; ${lags.length} payments have one`,
        `Lags (days): ${lags.slice(0, 20).map((x) => x.toFixed(2)).join(', ')}${lags.length > 20 ? ', …' : ''}`,
        `Mean: ${gold.toFixed(2)} days`,
      ],
    };
  },
};
