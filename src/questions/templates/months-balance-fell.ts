import type { Template } from '../template.js';
import { calcChoices } from '../options.js';

/** In how many months did the month-end balance fall below the previous month-end? (month-end trend, analysis, M) */
export const monthsBalanceFell: Template = {
  id: 'months-balance-fell',
  version: 1,
  face: { max: 'month-steps' },
  tags: {
    domain: 'liquidity',
    sub_domain: 'liquidity',
    cognition: 'analysis',
    difficulty: 'M',
    format: 'calc',
    logics: {
      personal: { perspective: 'fund_retention', logic: 'month_end_balance_trend' },
      sme: { perspective: 'cash_flow_health', logic: 'working_capital_buffer', sub_domain: 'liquidity_sme' },
    },
  },
  build({ facts, rng, bounds, prior, admit }) {
    if (facts.months.length < 4) return null;
    const ends = [...facts.monthEndBalances()];
    let fell = 0;
    let rose = 0;
    let fellOrFlat = 0;
    for (let k = 1; k < ends.length; k++) {
      if (ends[k][1] < ends[k - 1][1]) fell++;
      if (ends[k][1] > ends[k - 1][1]) rose++;
      if (ends[k][1] <= ends[k - 1][1]) fellOrFlat++;
    }
    const opening = facts.rows[0].ok ? facts.rows[0].row.balanceCents - facts.rows[0].row.amountCents : facts.rows[0].row.balanceCents;
    const withOpening = fell + (ends[0][1] < opening ? 1 : 0);
    const choices = calcChoices(rng, fell, 'count', [
      { value: rose, misconception: 'total_vs_share' },
      { value: fellOrFlat, misconception: 'boundary_inclusion' },
      { value: withOpening, misconception: 'off_by_one_month' },
      { value: fell + 1, misconception: 'off_by_one_month' },
      { value: fell - 1, misconception: 'off_by_one_month' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'Comparing each month-end balance of {acct} with the month-end balance of the month before it, in how many months did it fall?',
      choices,
      numericAnswer: fell,
      evidence: [],
      program: [
        `Months covered: ${facts.months.length}`,
        `Month-end balances: ${ends.map(([m, b]) => `${m} ${(b / 100).toFixed(2)}`).join('; ')}`,
        `Month-on-month falls: ${fell} (rises ${rose}, unchanged ${fellOrFlat - fell})`,
      ],
    };
  },
};
