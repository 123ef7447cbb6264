import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids, mean, median } from '../facts.js';
import { money, outflowsOf } from '../kit.js';
import { CONVENTIONS } from '../conventions.js';

/** How many successful purchases are spikes? (spending spikes, analysis, H) */
export const spikeCount: Template = {
  id: 'spike-count',
  version: 1,
  tags: {
    domain: 'conduct',
    sub_domain: 'spikes',
    cognition: 'analysis',
    difficulty: 'H',
    format: 'calc',
    logics: { personal: { perspective: 'discretionary_concentration', logic: 'spending_spikes' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const rows = outflowsOf(facts, 'Purchase');
    if (rows.length < 8) return null;
    const amounts = rows.map((r) => -r.row.amountCents);
    const med = median(amounts);
    const k = CONVENTIONS.spikeMultiple;
    const spikes = rows.filter((r) => -r.row.amountCents > k * med);
    // a purchase exactly at the threshold would make "more than" fragile
    if (amounts.some((a) => a === k * med)) return null;
    const n = spikes.length;
    const anyAmounts = facts.ofType('Purchase').map((r) => Math.abs(r.row.amountCents));
    const anyMed = median(anyAmounts);
    const avg = mean(amounts);
    const choices = calcChoices(rng, n, 'count', [
      { value: anyAmounts.filter((a) => a > k * anyMed).length, misconception: 'failed_rows_counted' },
      { value: amounts.filter((a) => a > k * avg).length, misconception: 'mean_vs_median' },
      { value: amounts.filter((a) => a > (k - 1) * med).length, misconception: 'boundary_inclusion' },
      { value: amounts.filter((a) => a > med).length, misconception: 'extreme_vs_average' },
      { value: n + 1, misconception: 'boundary_inclusion' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'How many of the successful Purchase rows of {acct} are spikes?',
      choices,
      numericAnswer: n,
      evidence: ids(spikes),
      program: [
        `Successful Purchase rows: ${rows.length}`,
        `Sort amounts and take the median: ${money(med)}`,
        `Threshold: ${k} × median = ${money(k * med)}`,
        `Purchases above it: ${spikes.map((r) => r.row.txn_id).join(', ') || 'none'}`,
        `Count: ${n}`,
      ],
    };
  },
};
