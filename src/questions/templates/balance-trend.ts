import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { money, slope } from '../kit.js';

/** Least-squares trend of month-end balances, per month (month-end balance trend, analysis, H) */
export const balanceTrend: Template = {
  id: 'balance-trend',
  version: 1,
  face: { signed: true },
  tags: {
    domain: 'time',
    sub_domain: 'liquidity',
    cognition: 'analysis',
    difficulty: 'H',
    format: 'calc',
    logics: {
      personal: { perspective: 'fund_retention', logic: 'month_end_balance_trend' },
      sme: { perspective: 'cash_flow_health', logic: 'working_capital_buffer', sub_domain: 'liquidity_sme' },
    },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const n = facts.months.length;
    if (n < 4) return null;
    const ends = [...facts.monthEndBalances().values()];
    const gold = slope(ends);
    const change = ends[n - 1] - ends[0];
    const choices = calcChoices(rng, gold, 'money', [
      { value: change / (n - 1), misconception: 'endpoints_vs_trend' },
      { value: change / n, misconception: 'off_by_one_month' },
      { value: change, misconception: 'total_vs_share' },
      { value: gold * 12, misconception: 'wrong_base_period' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'Fitting a least-squares straight line to the month-end balances of {acct} over the months covered, what is its slope per month?',
      choices,
      numericAnswer: choices[0].value,
      evidence: [],
      program: [
        `Months covered: ${n}, indexed from zero`,
        `Month-end balances: ${ends.map((b) => money(b)).join(', ')}`,
        `Mean index ${((n - 1) / 2).toFixed(1)}, mean balance ${money(ends.reduce((s, x) => s + x, 0) / n)}`,
        `Slope = Σ(i−ī)(b−b̄) / Σ(i−ī)²`,
        `= ${money(gold)} per month`,
      ],
    };
  },
};
