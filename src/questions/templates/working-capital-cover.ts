import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { mean } from '../facts.js';
import { money, outflowsOf, total } from '../kit.js';
import { OPERATING_COST_TYPES } from '../conventions.js';
import { minOf } from '../../log/extremes.js';

/** Lowest month-end balance in months of average operating cost (working-capital buffer, evaluation, H) */
export const workingCapitalCover: Template = {
  id: 'working-capital-cover',
  version: 1,
  face: { signed: true },
  tags: {
    domain: 'liquidity',
    sub_domain: 'liquidity_sme',
    cognition: 'evaluation',
    difficulty: 'H',
    format: 'calc',
    logics: { sme: { perspective: 'cash_flow_health', logic: 'working_capital_buffer' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const costs = outflowsOf(facts, ...OPERATING_COST_TYPES);
    const n = facts.months.length;
    if (costs.length < 5 || n < 3) return null;
    const ends = [...facts.monthEndBalances().values()];
    const low = minOf(ends);
    const monthlyCost = total(costs) / n;
    const gold = low / monthlyCost;
    const activeMonths = facts.monthCount(costs);
    const anyCost = facts.ofType(...OPERATING_COST_TYPES).reduce((s, r) => s + Math.abs(r.row.amountCents), 0) / n;
    const choices = calcChoices(rng, gold, 'ratio', [
      { value: mean(ends) / monthlyCost, misconception: 'extreme_vs_average' },
      { value: low / (total(costs) / 12), misconception: 'wrong_base_period' },
      { value: low / (total(costs) / activeMonths), misconception: 'wrong_base_period' },
      { value: low / anyCost, misconception: 'failed_rows_counted' },
      { value: low / (total(outflowsOf(facts)) / n), misconception: 'wrong_category' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'How many months of average operating costs would the lowest month-end balance of {acct} cover (lowest month-end balance divided by the average monthly successful operating cost over the months covered)?',
      choices,
      numericAnswer: choices[0].value,
      evidence: [],
      program: [
        `Month-end balances: ${ends.map((b) => money(b)).join(', ')}`,
        `Lowest: ${money(low)}`,
        `Successful operating costs: ${costs.length} rows, total ${money(total(costs))}`,
        `Average per month over ${n} months covered: ${money(monthlyCost)}`,
        `Cover: ${money(low)} / ${money(monthlyCost)} = ${gold.toFixed(4)}`,
      ],
    };
  },
};
