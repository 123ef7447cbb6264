import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { mean } from '../facts.js';
import { anyStatus, inflowsOf, money } from '../kit.js';
import { maxOf, minOf } from '../../log/extremes.js';

/** Peak-to-trough ratio of monthly Sales Receipt income (seasonal fluctuation, comprehension, H) */
export const seasonalPeakTrough: Template = {
  id: 'seasonal-peak-trough',
  version: 1,
  face: { min: 1 },
  tags: {
    domain: 'time',
    sub_domain: 'seasonality',
    cognition: 'comprehension',
    difficulty: 'H',
    format: 'calc',
    logics: { sme: { perspective: 'specialized_behaviors', logic: 'seasonal_fluctuation' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const sales = inflowsOf(facts, 'Sales Receipt');
    if (facts.months.length < 4 || sales.length < 8) return null;
    const xs = [...facts.monthlyAbs(sales).values()];
    const hi = maxOf(xs);
    const lo = minOf(xs);
    if (lo <= 0) return null;
    const gold = hi / lo;
    const anyXs = [...facts.monthlyAbs(anyStatus(facts, 1, 'Sales Receipt')).values()];
    const allIn = [...facts.monthlyAbs(facts.inflows).values()];
    const choices = calcChoices(rng, gold, 'ratio', [
      { value: hi / mean(xs), misconception: 'extreme_vs_average' },
      { value: maxOf(anyXs) / minOf(anyXs), misconception: 'failed_rows_counted' },
      { value: maxOf(allIn) / minOf(allIn), misconception: 'wrong_category' },
      { value: (hi - lo) / lo, misconception: 'gross_vs_net' },
      { value: lo / hi, misconception: 'total_vs_share' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'Over the months covered, the strongest month of successful Sales Receipt income of {acct} is how many times its weakest month?',
      choices,
      numericAnswer: choices[0].value,
      evidence: [],
      program: [
        `Successful Sales Receipt rows: ${sales.length}`,
        `Monthly totals: ${xs.map((x) => money(x)).join(', ')}`,
        `Strongest: ${money(hi)}`,
        `Weakest: ${money(lo)}`,
        `Ratio: ${gold.toFixed(4)}`,
      ],
    };
  },
};
