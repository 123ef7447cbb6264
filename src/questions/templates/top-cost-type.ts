import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { ids, monthLabel, strictMax } from '../facts.js';
import type { RowView } from '../facts.js';
import { money, outflowsOf } from '../kit.js';
import { OPERATING_COST_TYPES } from '../conventions.js';
import type { TransactionType } from '../../schema/transaction-types.js';

/**
 * The least lead of the winning ratio over the runner-up (×1.01): a ratio ahead by less would rest on the last cent
 * of a total, not on the log's cost structure, and the item is declined.
 */
const MIN_LEAD = 1.01;

/**
 * Which operating cost type grew by the largest factor from the earlier run of months to the later one? (industry
 * cost structure, memory, L)
 *
 * Asked as "which takes the largest total" (version 1), the answer was Supplier Payment in three logs of four and
 * Payroll in most others: three answers for four options, the top one 43% of the items (issue #13; the gate is
 * 1/k + 0.10 = 35%), and no acceptance can balance a class that hardly occurs. Each cost type's later total over its
 * earlier total is the log's own: on 2,000 logs of the two SME profiles every one of the five types leads, Supplier
 * Payment 33%, Tax 32%, Payroll 16%, Bill Payment 12%, Rent 7%, which acceptance (`npm run answer-priors`) evens
 * out. The runs are stated in the stem (equal length, the middle month of an odd count left out), so the ratio is
 * settled by the rows alone. A type the log pays in the later run only has no ratio: the log is declined.
 */
export const topCostType: Template = {
  id: 'top-cost-type',
  version: 2,
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
    const months = facts.months;
    const runLength = Math.floor(months.length / 2);
    if (runLength < 1) return null;
    // the runs by the months' places among the months covered: [0, runLength) and [laterFrom, months.length)
    const laterFrom = months.length - runLength;
    const rows = outflowsOf(facts, ...OPERATING_COST_TYPES);
    const before = new Map<string, number>();
    const after = new Map<string, number>();
    for (const r of rows) {
      const k = facts.monthNumber(r);
      if (k === undefined) continue;
      const sums = k < runLength ? before : k >= laterFrom ? after : null;
      if (sums) sums.set(r.row.type, (sums.get(r.row.type) ?? 0) + Math.abs(r.row.amountCents));
    }
    const inRuns = (r: RowView): boolean => {
      const k = facts.monthNumber(r);
      return k !== undefined && (k < runLength || k >= laterFrom);
    };
    const types = OPERATING_COST_TYPES.filter((t) => before.has(t) || after.has(t));
    if (types.length < 2 || types.some((t) => !before.has(t))) return null;
    const ratios = types.map((t) => [t, (after.get(t) ?? 0) / before.get(t)!] as [TransactionType, number]).sort((a, b) => b[1] - a[1]);
    const top = strictMax(ratios);
    if (!top || top[1] < ratios[1][1] * MIN_LEAD) return null;
    const choices = singleChoices(rng, top[0], [...ratios.slice(1).map(([t]) => t), ...OPERATING_COST_TYPES], { shares, prefer: 1 });
    if (!choices) return null;
    return {
      stem:
        'Split the months covered by the log of {acct} into an earlier and a later run of equal length, leaving out the middle month when their count is odd. ' +
        'Among the operating cost types, which of them has the highest ratio of its total successful outflow in the later run to its total in the earlier run?',
      choices,
      evidence: ids(rows.filter((r) => r.row.type === top[0] && inRuns(r))),
      program: [
        `Operating cost types: ${OPERATING_COST_TYPES.join(', ')}`,
        `Earlier run: ${months.slice(0, runLength).map(monthLabel).join(', ')}; later run: ${months.slice(laterFrom).map(monthLabel).join(', ')}`,
        `Later / earlier totals: ${ratios.map(([t, r]) => `${t} ${money(after.get(t) ?? 0)} / ${money(before.get(t)!)} = ${r.toFixed(3)}`).join('; ')}`,
        `Highest ratio: ${top[0]}`,
      ],
    };
  },
};
