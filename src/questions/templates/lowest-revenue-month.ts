import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { ids, monthLabel, strictMin } from '../facts.js';
import { inflowsOf, money } from '../kit.js';

/** Which month covered brought the least successful Sales Receipt income? (revenue regularity, memory, L) */
export const lowestRevenueMonth: Template = {
  id: 'lowest-revenue-month',
  version: 1,
  tags: {
    domain: 'stability',
    sub_domain: 'seasonality',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: { sme: { perspective: 'revenue_expense_stability', logic: 'monthly_revenue_regularity' } },
  },
  build({ facts, rng, prior, admit }) {
    const shares = prior?.answers;
    const rows = inflowsOf(facts, 'Sales Receipt');
    if (rows.length < 6 || facts.months.length < 4) return null;
    const monthly = facts.monthlyAbs(rows);
    const low = strictMin(monthly);
    if (!low) return null;
    // the other months, least income first, listed only when the answer table cannot draw the wrong options
    const wrong = (): string[] => [...monthly].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).slice(1).map(([m]) => monthLabel(m));
    const choices = singleChoices(rng, monthLabel(low[0]), wrong, { shares, prefer: 1, admit });
    if (!choices) return null;
    return {
      stem: 'Which of the months covered by the log brought {acct} the least successful Sales Receipt income?',
      choices,
      evidence: ids(rows.filter((r) => r.month === low[0])),
      program: [
        `Successful Sales Receipt rows: ${rows.length}`,
        `Monthly totals: ${[...monthly].map(([m, c]) => `${m} ${money(c)}`).join('; ')}`,
        `Lowest: ${monthLabel(low[0])} (${money(low[1])})`,
      ],
    };
  },
};
