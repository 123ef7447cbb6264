import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { mean } from '../facts.js';
import { anyStatus, money, outflowsOf, total } from '../kit.js';
import { maxOf, minOf } from '../../log/extremes.js';

/** Peak month outflow over the average month (seasonal spending cycles, comprehension, H) */
export const peakMonthRatio: Template = {
  id: 'peak-month-ratio',
  version: 1,
  face: { min: 1 },
  tags: {
    domain: 'time',
    sub_domain: 'seasonality',
    cognition: 'comprehension',
    difficulty: 'H',
    format: 'calc',
    logics: { personal: { perspective: 'consumption_stability', logic: 'seasonal_spending_cycles' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const out = outflowsOf(facts);
    if (facts.months.length < 4 || out.length < 10) return null;
    const xs = [...facts.monthlyAbs(out).values()];
    const hi = maxOf(xs);
    const gold = hi / mean(xs);
    const anyXs = [...facts.monthlyAbs(anyStatus(facts, -1)).values()];
    const active = xs.filter((x) => x > 0);
    const choices = calcChoices(rng, gold, 'ratio', [
      { value: hi / (total(out) / 12), misconception: 'wrong_base_period' },
      { value: hi / mean(active), misconception: 'wrong_base_period' },
      { value: maxOf(anyXs) / mean(anyXs), misconception: 'failed_rows_counted' },
      { value: hi / minOf(xs.filter((x) => x > 0)), misconception: 'extreme_vs_average' },
      { value: (hi / total(out)) * 100, misconception: 'total_vs_share' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'How many times the average monthly successful outflow of {acct} (over the months covered) is the outflow of its biggest month?',
      choices,
      numericAnswer: choices[0].value,
      evidence: [],
      program: [
        `Successful outflow rows: ${out.length}`,
        `Monthly totals: ${xs.map((x) => money(x)).join(', ')}`,
        `Biggest month: ${money(hi)}`,
        `Average over ${xs.length} months: ${money(mean(xs))}`,
        `Ratio: ${gold.toFixed(4)}`,
      ],
    };
  },
};
