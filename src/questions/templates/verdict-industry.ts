import type { Template } from '../template.js';
import { partitionChoices } from '../options.js';
import { declinedOn, inflowsOf, nearEdge, outflowsOf, pct, pctText, total } from '../kit.js';
import { OPERATING_COST_TYPES } from '../conventions.js';

const SALES_EDGE = 70;

/** Operating margin and reliance on operating income: a 2×2 verdict (industry cost-to-income, evaluation, H) */
export const verdictIndustry: Template = {
  id: 'verdict-industry',
  version: 1,
  tags: {
    domain: 'industry',
    sub_domain: 'essentials',
    cognition: 'evaluation',
    difficulty: 'H',
    format: 'single',
    logics: { sme: { perspective: 'revenue_expense_stability', logic: 'industry_cost_to_income' } },
  },
  build({ facts, admit }) {
    const sales = inflowsOf(facts, 'Sales Receipt');
    const costs = outflowsOf(facts, ...OPERATING_COST_TYPES);
    if (sales.length < 5 || costs.length < 5) return null;
    const s = total(sales);
    const c = total(costs);
    const inAll = total(facts.inflows);
    const salesShare = pct(s, inAll);
    if (nearEdge(pct(c, s), [100], 1) || nearEdge(salesShare, [SALES_EDGE], 1)) return null;
    const choices = partitionChoices(
      { holds: c < s, yes: 'Successful operating costs are below successful Sales Receipt income', no: 'Successful operating costs are at or above successful Sales Receipt income' },
      { holds: salesShare >= SALES_EDGE, yes: 'Sales Receipt makes up 70% or more of successful inflow', no: 'Sales Receipt makes up less than 70% of successful inflow' },
    );
    // declined on its answer: no evidence or program to build
    if (declinedOn(choices, admit)) return null;
    return {
      stem: 'Which statement best describes the business economics of {acct}?',
      choices,
      evidence: [],
      program: [
        `Successful Sales Receipt total: ${(s / 100).toFixed(2)}`,
        `Successful operating costs (${OPERATING_COST_TYPES.join(', ')}): ${(c / 100).toFixed(2)}`,
        `Costs below income: ${c < s} (ratio ${pctText(pct(c, s))})`,
        `All successful inflow: ${(inAll / 100).toFixed(2)}`,
        `Sales share ${pctText(salesShare)} → at least 70%: ${salesShare >= SALES_EDGE}`,
      ],
    };
  },
};
