import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { mean } from '../facts.js';
import { money } from '../kit.js';
import { CONVENTIONS } from '../conventions.js';

/** How many days closed below the low-balance threshold? (low-balance days, analysis, H) */
export const lowBalanceDays: Template = {
  id: 'low-balance-days',
  version: 1,
  tags: {
    domain: 'liquidity',
    sub_domain: 'liquidity',
    cognition: 'analysis',
    difficulty: 'H',
    format: 'calc',
    logics: {
      personal: { perspective: 'failures_liquidity', logic: 'low_balance_days' },
      sme: { perspective: 'cash_flow_health', logic: 'working_capital_buffer', sub_domain: 'liquidity_sme' },
    },
  },
  build({ facts, rng, bounds, prior, admit }) {
    if (facts.months.length < 3 || facts.inflows.length < 3) return null;
    const monthlyIn = [...facts.monthlyAbs(facts.inflows).values()];
    const threshold = CONVENTIONS.lowBalanceShare * mean(monthlyIn);
    const closing = [...facts.dailyClosing()];
    const low = closing.filter(([, c]) => c.balance < threshold);
    if (closing.some(([, c]) => c.balance === threshold)) return null;
    const n = low.length;
    const active = monthlyIn.filter((x) => x > 0);
    const t2 = CONVENTIONS.lowBalanceShare * mean(active);
    const anyRowLow = new Set(facts.rows.filter((r) => r.row.balanceCents < threshold).map((r) => r.day)).size;
    const anyInMonthly = [...facts.monthlyAbs(facts.rows.filter((r) => r.row.amountCents > 0)).values()];
    const t3 = CONVENTIONS.lowBalanceShare * mean(anyInMonthly);
    const choices = calcChoices(rng, n, 'count', [
      { value: closing.filter(([, c]) => c.balance < t2).length, misconception: 'wrong_base_period' },
      { value: anyRowLow, misconception: 'extreme_vs_average' },
      { value: closing.filter(([, c]) => c.balance < t3).length, misconception: 'failed_rows_counted' },
      { value: closing.filter(([, c]) => c.balance < threshold * 2).length, misconception: 'boundary_inclusion' },
      { value: n + 1, misconception: 'boundary_inclusion' },
      { value: n - 1, misconception: 'boundary_inclusion' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'How many low-balance days does {acct} have?',
      choices,
      numericAnswer: n,
      evidence: low.slice(0, 50).map(([, c]) => c.row.row.txn_id),
      program: [
        `Monthly successful inflow over ${monthlyIn.length} months covered: ${monthlyIn.map((x) => money(x)).join(', ')}`,
        `Mean monthly inflow: ${money(mean(monthlyIn))}`,
        `Threshold: ${CONVENTIONS.lowBalanceShare * 100}% of it = ${money(threshold)}`,
        `Closing balance of each of the ${closing.length} days with rows`,
        `Days closing below the threshold: ${n}`,
      ],
    };
  },
};
