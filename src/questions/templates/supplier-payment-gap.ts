import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { DAY_MS, ids, mean, median, strictMax } from '../facts.js';
import { outflowsOf, sumBy } from '../kit.js';
import { maxOf } from '../../log/extremes.js';

/** Average days between consecutive payments to the largest supplier (payables timing, analysis, H) */
export const supplierPaymentGap: Template = {
  id: 'supplier-payment-gap',
  version: 1,
  tags: {
    domain: 'time',
    sub_domain: 'others',
    cognition: 'analysis',
    difficulty: 'H',
    format: 'calc',
    logics: { sme: { perspective: 'payment_management', logic: 'payables_timing' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const pays = outflowsOf(facts, 'Supplier Payment');
    const top = strictMax(sumBy(pays, (r) => r.row.counterparty));
    if (!top) return null;
    const rows = pays.filter((r) => r.row.counterparty === top[0]);
    if (rows.length < 3) return null;
    const gaps = rows.slice(1).map((r, k) => (r.t - rows[k].t) / DAY_MS);
    const gold = mean(gaps);
    const anyRows = facts.ofType('Supplier Payment').filter((r) => r.row.counterparty === top[0]);
    const anyGaps = anyRows.slice(1).map((r, k) => (r.t - anyRows[k].t) / DAY_MS);
    const allGaps = pays.slice(1).map((r, k) => (r.t - pays[k].t) / DAY_MS);
    const span = (rows[rows.length - 1].t - rows[0].t) / DAY_MS;
    const choices = calcChoices(rng, gold, 'days', [
      { value: mean(anyGaps), misconception: 'failed_rows_counted' },
      { value: median(gaps), misconception: 'mean_vs_median' },
      { value: mean(allGaps), misconception: 'wrong_category' },
      { value: span / rows.length, misconception: 'boundary_inclusion' },
      { value: maxOf(gaps), misconception: 'extreme_vs_average' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'Take the supplier that received the largest total of successful Supplier Payment rows from {acct}: on average, how many days pass between consecutive successful payments to it?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(rows),
      program: [
        `Successful Supplier Payment rows: ${pays.length}`,
        `Sum by supplier; largest: ${top[0]}`,
        `Its successful payments: ${rows.length}`,
        `Gaps (days): ${gaps.map((g) => g.toFixed(2)).join(', ')}`,
        `Mean gap: ${gold.toFixed(2)} days`,
      ],
    };
  },
};
