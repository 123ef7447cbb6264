import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { anyStatus, inflowsOf, money, outflowsOf, pct, pctText, total } from '../kit.js';

/** Net saving rate: (inflow − outflow) / inflow, successful rows (savings/investment transfers, comprehension, M) */
export const savingsRate: Template = {
  id: 'savings-rate',
  version: 1,
  face: { signed: true, max: 100 },
  tags: {
    domain: 'liquidity',
    sub_domain: 'others',
    cognition: 'comprehension',
    difficulty: 'M',
    format: 'calc',
    logics: { personal: { perspective: 'fund_retention', logic: 'savings_investment_transfers' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const inRows = inflowsOf(facts);
    const outRows = outflowsOf(facts);
    if (inRows.length < 3 || outRows.length < 5) return null;
    const i = total(inRows);
    const o = total(outRows);
    const gold = pct(i - o, i);
    const refunds = total(inflowsOf(facts, 'Refund'));
    const anyIn = total(anyStatus(facts, 1));
    const anyOut = total(anyStatus(facts, -1));
    const choices = calcChoices(rng, gold, 'percent', [
      { value: pct(anyIn - anyOut, anyIn), misconception: 'failed_rows_counted' },
      { value: pct(i - refunds - (o - refunds), i - refunds), misconception: 'refunds_as_income' },
      { value: pct(i - o, o), misconception: 'total_vs_share' },
      { value: pct(o, i), misconception: 'gross_vs_net' },
      { value: pct(i - o, total(inflowsOf(facts, 'Salary'))), misconception: 'wrong_category' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What share of its successful inflow did {acct} keep, that is successful inflow minus successful outflow, divided by successful inflow (negative if it spent more than came in)?',
      choices,
      numericAnswer: choices[0].value,
      evidence: [],
      program: [
        `Successful inflow: ${inRows.length} rows, ${money(i)}`,
        `Successful outflow: ${outRows.length} rows, ${money(o)}`,
        `Kept: ${money(i - o)}`,
        `Share: ${pctText(gold)}`,
      ],
    };
  },
};
