import type { Template } from '../template.js';
import { partitionChoices } from '../options.js';
import { strictMax } from '../facts.js';
import { declinedOn, money, outflowsOf } from '../kit.js';

/** Balance direction and where the peak spending month falls: a 2×2 verdict (seasonal cycles, evaluation, H) */
export const verdictTime: Template = {
  id: 'verdict-time',
  version: 1,
  tags: {
    domain: 'time',
    sub_domain: 'seasonality',
    cognition: 'evaluation',
    difficulty: 'H',
    format: 'single',
    logics: {
      personal: { perspective: 'consumption_stability', logic: 'seasonal_spending_cycles' },
      sme: { perspective: 'specialized_behaviors', logic: 'seasonal_fluctuation' },
    },
  },
  build({ facts, admit }) {
    const n = facts.months.length;
    if (n < 4 || n % 2 !== 0) return null;
    const out = outflowsOf(facts);
    const monthly = facts.monthlyAbs(out);
    const peak = strictMax(monthly);
    if (!peak) return null;
    const ends = [...facts.monthEndBalances().values()];
    if (ends[n - 1] === ends[0]) return null;
    const rising = ends[n - 1] > ends[0];
    const late = facts.months.indexOf(peak[0]) >= n / 2;
    const choices = partitionChoices(
      { holds: rising, yes: 'The last month-end balance is higher than the earliest month-end balance', no: 'The last month-end balance is not higher than the earliest month-end balance' },
      { holds: late, yes: 'the month with the largest successful outflow falls in the later half of the months covered', no: 'the month with the largest successful outflow falls in the earlier half of the months covered' },
    );
    // declined on its answer: no evidence or program to build
    if (declinedOn(choices, admit)) return null;
    return {
      stem: 'Which statement best describes how {acct} develops over the months covered?',
      choices,
      evidence: [],
      program: [
        `Months covered: ${n}; split into earlier and later halves of ${n / 2} months`,
        `Month-end balances: earliest ${money(ends[0])}, last ${money(ends[n - 1])} → rising: ${rising}`,
        `Monthly successful outflow totals computed for every month`,
        `Largest: ${peak[0]} (${money(peak[1])})`,
        `Its position ${facts.months.indexOf(peak[0]) + 1} of ${n} → later half: ${late}`,
      ],
    };
  },
};
