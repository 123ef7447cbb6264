import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { mean, stdev } from '../facts.js';
import { anyStatus, inflowsOf, money, pctText } from '../kit.js';
import { maxOf, minOf } from '../../log/extremes.js';

/** Coefficient of variation of monthly Sales Receipt income (monthly revenue regularity, comprehension, H) */
export const revenueCv: Template = {
  id: 'revenue-cv',
  version: 1,
  tags: {
    domain: 'stability',
    sub_domain: 'others',
    cognition: 'comprehension',
    difficulty: 'H',
    format: 'calc',
    logics: { sme: { perspective: 'revenue_expense_stability', logic: 'monthly_revenue_regularity' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const sales = inflowsOf(facts, 'Sales Receipt');
    if (facts.months.length < 4 || sales.length < 8) return null;
    const xs = [...facts.monthlyAbs(sales).values()];
    const m = mean(xs);
    const sd = stdev(xs);
    const gold = (sd / m) * 100;
    const anyXs = [...facts.monthlyAbs(anyStatus(facts, 1, 'Sales Receipt')).values()];
    const allIn = [...facts.monthlyAbs(facts.inflows).values()];
    const active = xs.filter((x) => x > 0);
    const choices = calcChoices(rng, gold, 'percent', [
      { value: (stdev(xs, true) / m) * 100, misconception: 'sample_vs_population' },
      { value: (stdev(anyXs) / mean(anyXs)) * 100, misconception: 'failed_rows_counted' },
      { value: (stdev(allIn) / mean(allIn)) * 100, misconception: 'wrong_category' },
      { value: (stdev(active) / mean(active)) * 100, misconception: 'wrong_base_period' },
      { value: ((maxOf(xs) - minOf(xs)) / m) * 100, misconception: 'extreme_vs_average' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What is the coefficient of variation (standard deviation divided by mean) of the monthly successful Sales Receipt income of {acct} over the months covered?',
      choices,
      numericAnswer: choices[0].value,
      evidence: [],
      program: [
        `Successful Sales Receipt rows: ${sales.length}`,
        `Monthly totals over ${xs.length} months: ${xs.map((x) => money(x)).join(', ')}`,
        `Mean: ${money(m)}`,
        `Population standard deviation: ${money(sd)}`,
        `CV = ${pctText(gold)}`,
      ],
    };
  },
};
