import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import { anyStatus, inflowsOf, money, pct, pctText, total } from '../kit.js';

/** Sales Receipt share of successful inflow (operating vs non-operating funds, comprehension, M) */
export const operatingIncomeShare: Template = {
  id: 'operating-income-share',
  version: 1,
  face: { max: 100 },
  tags: {
    domain: 'structure',
    sub_domain: 'others',
    cognition: 'comprehension',
    difficulty: 'M',
    format: 'calc',
    logics: { sme: { perspective: 'cash_flow_health', logic: 'operating_vs_non_operating' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const sales = inflowsOf(facts, 'Sales Receipt');
    const inflow = facts.inflows;
    if (sales.length < 3 || inflow.length === sales.length) return null;
    const s = total(sales);
    const all = total(inflow);
    const gold = pct(s, all);
    const refunds = total(inflowsOf(facts, 'Refund'));
    const anyIn = anyStatus(facts, 1);
    const choices = calcChoices(rng, gold, 'percent', [
      { value: pct(total(anyIn.filter((r) => r.row.type === 'Sales Receipt')), total(anyIn)), misconception: 'failed_rows_counted' },
      { value: pct(s + refunds, all), misconception: 'refunds_as_income' },
      { value: 100 - gold, misconception: 'total_vs_share' },
      { value: pct(sales.length, inflow.length), misconception: 'count_vs_amount' },
      { value: pct(s, all - s), misconception: 'total_vs_share' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'By amount, what share of the successful inflow of {acct} is operating income?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(sales),
      program: [
        `Successful inflow rows: ${inflow.length}, total ${money(all)}`,
        `Of these Sales Receipt (operating income): ${sales.length}, total ${money(s)}`,
        `Share: ${pctText(gold)}`,
      ],
    };
  },
};
