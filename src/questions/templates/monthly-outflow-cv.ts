import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { mean, stdev } from '../facts.js';
import { anyStatus, inflowsOf, money, outflowsOf, pctText } from '../kit.js';
import { maxOf, minOf } from '../../log/extremes.js';

/** Coefficient of variation of monthly successful outflow (monthly spending volatility, comprehension, H) */
export const monthlyOutflowCv: Template = {
  id: 'monthly-outflow-cv',
  version: 1,
  tags: {
    domain: 'stability',
    sub_domain: 'others',
    cognition: 'comprehension',
    difficulty: 'H',
    format: 'calc',
    logics: { personal: { perspective: 'consumption_stability', logic: 'monthly_spending_volatility' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const out = outflowsOf(facts);
    if (facts.months.length < 4 || out.length < 10) return null;
    const xs = [...facts.monthlyAbs(out).values()];
    const m = mean(xs);
    const sd = stdev(xs);
    const gold = (sd / m) * 100;
    const anyXs = [...facts.monthlyAbs(anyStatus(facts, -1)).values()];
    const refunds = facts.monthlyAbs(inflowsOf(facts, 'Refund'));
    const netXs = [...facts.monthlyAbs(out)].map(([k, v]) => v - refunds.get(k)!);
    const active = xs.filter((x) => x > 0);
    const choices = calcChoices(rng, gold, 'percent', [
      { value: (stdev(xs, true) / m) * 100, misconception: 'sample_vs_population' },
      { value: (stdev(anyXs) / mean(anyXs)) * 100, misconception: 'failed_rows_counted' },
      { value: (stdev(netXs) / mean(netXs)) * 100, misconception: 'gross_vs_net' },
      { value: (stdev(active) / mean(active)) * 100, misconception: 'wrong_base_period' },
      { value: ((maxOf(xs) - minOf(xs)) / m) * 100, misconception: 'extreme_vs_average' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What is the coefficient of variation (standard deviation divided by mean) of the monthly successful outflow of {acct} over the months covered?',
      choices,
      numericAnswer: choices[0].value,
      evidence: [],
      program: [
        `Successful outflow rows: ${out.length}`,
        `Monthly totals over ${xs.length} months: ${xs.map((x) => money(x)).join(', ')}`,
        `Mean: ${money(m)}`,
        `Population standard deviation: ${money(sd)}`,
        `CV = ${money(sd)} / ${money(m)} = ${pctText(gold)}`,
      ],
    };
  },
};
