import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { anyStatus, idsOfRuns, inflowsOf, money, outflowsOf, pct, pctText, total } from '../kit.js';
import { OPERATING_COST_TYPES } from '../conventions.js';

/** Operating costs as a share of operating income (industry cost-to-income ratio, comprehension, M) */
export const costToIncome: Template = {
  id: 'cost-to-income',
  version: 1,
  tags: {
    domain: 'industry',
    sub_domain: 'others',
    cognition: 'comprehension',
    difficulty: 'M',
    format: 'calc',
    logics: { sme: { perspective: 'revenue_expense_stability', logic: 'industry_cost_to_income' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const costs = outflowsOf(facts, ...OPERATING_COST_TYPES);
    const sales = inflowsOf(facts, 'Sales Receipt');
    if (costs.length < 3 || sales.length < 3) return null;
    const c = total(costs);
    const s = total(sales);
    const gold = pct(c, s);
    const choices = calcChoices(rng, gold, 'percent', [
      { value: pct(total(anyStatus(facts, -1, ...OPERATING_COST_TYPES)), s), misconception: 'failed_rows_counted' },
      { value: pct(c, total(facts.inflows)), misconception: 'gross_vs_net' },
      { value: pct(c, s + total(inflowsOf(facts, 'Refund'))), misconception: 'refunds_as_income' },
      { value: pct(total(outflowsOf(facts)), s), misconception: 'wrong_category' },
      { value: pct(s, c), misconception: 'total_vs_share' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What are the successful operating costs of {acct} as a share of its successful operating income?',
      choices,
      numericAnswer: choices[0].value,
      evidence: idsOfRuns(facts, [costs, sales]),
      program: [
        `Successful operating cost rows (${OPERATING_COST_TYPES.join(', ')}): ${costs.length}, total ${money(c)}`,
        `Successful Sales Receipt rows: ${sales.length}, total ${money(s)}`,
        `Ratio: ${money(c)} / ${money(s)} = ${pctText(gold)}`,
      ],
    };
  },
};
