import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { mean, median, type RowView } from '../facts.js';
import { money, outflowsOf } from '../kit.js';
import { maxOf, minOf } from '../../log/extremes.js';

/** How many times the median Purchase is the largest one? (spending spikes, comprehension, M) */
export const largestPurchaseMultiple: Template = {
  id: 'largest-purchase-multiple',
  version: 1,
  face: { min: 1 },
  tags: {
    domain: 'structure',
    sub_domain: 'spikes',
    cognition: 'comprehension',
    difficulty: 'M',
    format: 'calc',
    logics: { personal: { perspective: 'discretionary_concentration', logic: 'spending_spikes' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const rows = outflowsOf(facts, 'Purchase');
    if (rows.length < 5) return null;
    const amounts = rows.map((r) => -r.row.amountCents);
    const max = maxOf(amounts);
    const med = median(amounts);
    const gold = max / med;
    const anyAmounts = facts.ofType('Purchase').map((r) => Math.abs(r.row.amountCents));
    const biggest = rows.find((r) => -r.row.amountCents === max)!;
    const choices = calcChoices(rng, gold, 'ratio', [
      { value: max / mean(amounts), misconception: 'mean_vs_median' },
      { value: maxOf(anyAmounts) / median(anyAmounts), misconception: 'failed_rows_counted' },
      { value: max / minOf(amounts), misconception: 'extreme_vs_average' },
      { value: largestOutflow(facts.outflows) / med, misconception: 'wrong_category' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'How many times the median successful Purchase amount is the largest single successful Purchase of {acct}?',
      choices,
      numericAnswer: choices[0].value,
      evidence: [biggest.row.txn_id],
      program: [
        `Successful Purchase rows: ${rows.length}`,
        `Largest: ${money(max)} (${biggest.row.txn_id})`,
        `Median: ${money(med)}`,
        `Ratio: ${(gold).toFixed(4)}`,
      ],
    };
  },
};

/** The largest |amount| among outflow rows (−∞ for none), as `maxOf` of their amounts, without mapping them. */
function largestOutflow(rows: readonly RowView[]): number {
  let m = -Infinity;
  for (const r of rows) m = Math.max(m, -r.row.amountCents);
  return m;
}
