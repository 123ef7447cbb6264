import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { ids, strictMax } from '../facts.js';
import { byValueDesc, money, outflowsOf, sumBy } from '../kit.js';
import { OPERATING_COST_TYPES } from '../conventions.js';

/** Which operating cost type is the largest? (industry cost structure, memory, L) */
export const topCostType: Template = {
  id: 'top-cost-type',
  version: 1,
  tags: {
    domain: 'industry',
    sub_domain: 'essentials',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: { sme: { perspective: 'revenue_expense_stability', logic: 'industry_cost_to_income' } },
  },
  build({ facts, rng, prior }) {
    const shares = prior?.answers;
    const rows = outflowsOf(facts, ...OPERATING_COST_TYPES);
    const totals = byValueDesc(sumBy(rows, (r) => r.row.type));
    const top = strictMax(totals);
    if (!top || totals.length < 2) return null;
    const choices = singleChoices(rng, top[0], [...totals.slice(1).map(([t]) => t), ...OPERATING_COST_TYPES], { shares, prefer: 1 });
    if (!choices) return null;
    return {
      stem: 'Among the operating cost types, which of them takes the largest total successful outflow from {acct}?',
      choices,
      evidence: ids(rows.filter((r) => r.row.type === top[0])),
      program: [
        `Operating cost types: ${OPERATING_COST_TYPES.join(', ')}`,
        `Successful totals: ${totals.map(([t, c]) => `${t} ${money(c)}`).join('; ')}`,
        `Largest: ${top[0]}`,
      ],
    };
  },
};
