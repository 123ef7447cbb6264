import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { monthLabel } from '../facts.js';
import { money } from '../kit.js';

/** In which month was the lowest balance of the log recorded? (month-end trend / buffer, memory, L) */
export const lowestBalanceMonth: Template = {
  id: 'lowest-balance-month',
  version: 1,
  tags: {
    domain: 'liquidity',
    sub_domain: 'liquidity',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: {
      personal: { perspective: 'fund_retention', logic: 'month_end_balance_trend' },
      sme: { perspective: 'cash_flow_health', logic: 'working_capital_buffer', sub_domain: 'liquidity_sme' },
    },
  },
  build({ facts, rng, prior, admit }) {
    const shares = prior?.answers;
    if (facts.months.length < 4) return null;
    let min = Infinity;
    for (const r of facts.rows) min = Math.min(min, r.row.balanceCents);
    const at = facts.rows.filter((r) => r.row.balanceCents === min);
    const months = new Set(at.map((r) => r.month));
    if (months.size !== 1) return null;
    const month = at[0].month;
    const choices = singleChoices(
      rng,
      monthLabel(month),
      // listed only when the answer table cannot draw the wrong options
      () => facts.months.filter((m) => m !== month).map(monthLabel),
      { shares, admit },
    );
    if (!choices) return null;
    return {
      stem: 'In which month does the lowest balance of {acct} in the whole log appear?',
      choices,
      evidence: at.map((r) => r.row.txn_id),
      program: [
        `Scan the balance column of all ${facts.rows.length} rows (a FAILED row repeats the previous balance)`,
        `Lowest balance: ${money(min)} at ${at.map((r) => r.row.txn_id).join(', ')}`,
        `Its month: ${monthLabel(month)}`,
      ],
    };
  },
};
