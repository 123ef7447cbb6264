import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { ids, monthLabel, strictMax } from '../facts.js';
import { anyStatus, money, outflowsOf } from '../kit.js';

/** Which month had the largest total successful outflow? (seasonal spending cycles, analysis, M) */
export const peakSpendingMonth: Template = {
  id: 'peak-spending-month',
  version: 1,
  tags: {
    domain: 'time',
    sub_domain: 'seasonality',
    cognition: 'analysis',
    difficulty: 'M',
    format: 'single',
    logics: { personal: { perspective: 'consumption_stability', logic: 'seasonal_spending_cycles' } },
  },
  build({ facts, rng, prior, admit }) {
    const shares = prior?.answers;
    const out = outflowsOf(facts);
    if (facts.months.length < 4 || out.length < 10) return null;
    const monthly = facts.monthlyAbs(out);
    const top = strictMax(monthly);
    if (!top) return null;
    // near misses first: the month a reader counting FAILED rows, or counting rows, would pick (listed only when the
    // answer table cannot draw the wrong options)
    const wrong = (): string[] => {
      const withFailed = strictMax(facts.monthlyAbs(anyStatus(facts, -1)));
      const byCount = strictMax(facts.monthlyCount(out));
      const ranked = [...monthly].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([m]) => m);
      return [withFailed?.[0], byCount?.[0], ...ranked.slice(1)].filter((m): m is string => !!m && m !== top[0]).map(monthLabel);
    };
    const choices = singleChoices(rng, monthLabel(top[0]), wrong, { shares, prefer: 2, admit });
    if (!choices) return null;
    return {
      stem: 'In which month is the total successful outflow of {acct} the largest?',
      choices,
      evidence: ids(out.filter((r) => r.month === top[0])),
      program: [
        `Successful outflow rows: ${out.length}`,
        `Group by month and sum |amount|`,
        `Monthly totals: ${[...monthly].map(([m, c]) => `${m} ${money(c)}`).join('; ')}`,
        `Largest: ${monthLabel(top[0])} (${money(top[1])})`,
      ],
    };
  },
};
