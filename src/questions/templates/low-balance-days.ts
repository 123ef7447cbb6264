import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { mean, type LogFacts, type RowView } from '../facts.js';
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
    const t2 = CONVENTIONS.lowBalanceShare * mean(monthlyIn.filter((x) => x > 0));
    // the mean over the months of all positive rows, FAILED too: a sum of integer cents, exact in any order
    const t3 = CONVENTIONS.lowBalanceShare * (sumPositive(facts.rows) / facts.months.length);
    const closing = closingBalances(facts);
    // one pass over the days' closing balances for the answer and the threshold misreadings
    let n = 0;
    let belowT2 = 0;
    let belowT3 = 0;
    let belowTwice = 0;
    const lowRows: RowView[] = [];
    for (let i = 0; i < closing.balances.length; i++) {
      const b = closing.balances[i];
      if (b === threshold) return null;
      if (b < threshold) {
        n++;
        if (lowRows.length < 50) lowRows.push(closing.rows[i]);
      }
      if (b < t2) belowT2++;
      if (b < t3) belowT3++;
      if (b < threshold * 2) belowTwice++;
    }
    const choices = calcChoices(rng, n, 'count', [
      { value: belowT2, misconception: 'wrong_base_period' },
      { value: daysWithRowBelow(facts.rows, threshold), misconception: 'extreme_vs_average' },
      { value: belowT3, misconception: 'failed_rows_counted' },
      { value: belowTwice, misconception: 'boundary_inclusion' },
      { value: n + 1, misconception: 'boundary_inclusion' },
      { value: n - 1, misconception: 'boundary_inclusion' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'How many low-balance days does {acct} have?',
      choices,
      numericAnswer: n,
      evidence: lowRows.map((r) => r.row.txn_id),
      program: [
        `Monthly successful inflow over ${monthlyIn.length} months covered: ${monthlyIn.map((x) => money(x)).join(', ')}`,
        `Mean monthly inflow: ${money(mean(monthlyIn))}`,
        `Threshold: ${CONVENTIONS.lowBalanceShare * 100}% of it = ${money(threshold)}`,
        `Closing balance of each of the ${closing.balances.length} days with rows`,
        `Days closing below the threshold: ${n}`,
      ],
    };
  },
};

/**
 * The closing balance of each day with rows and the row that closes it, in order of the days' first rows (as
 * `LogFacts.dailyClosing` gives them), memoised per log. Rows in time order close each day with the last row of its
 * run; a log whose days are out of order is read through `dailyClosing`.
 */
function closingBalances(f: LogFacts): { balances: number[]; rows: RowView[] } {
  return f.memo('low-balance-days\u241fclosing', () => {
    const balances: number[] = [];
    const rows: RowView[] = [];
    let day = '';
    for (const r of f.rows) {
      if (r.day === day) {
        balances[balances.length - 1] = r.row.balanceCents;
        rows[rows.length - 1] = r;
        continue;
      }
      if (r.day < day) return fromDailyClosing(f);
      day = r.day;
      balances.push(r.row.balanceCents);
      rows.push(r);
    }
    return { balances, rows };
  });
}

function fromDailyClosing(f: LogFacts): { balances: number[]; rows: RowView[] } {
  const balances: number[] = [];
  const rows: RowView[] = [];
  for (const c of f.dailyClosing().values()) {
    balances.push(c.balance);
    rows.push(c.row);
  }
  return { balances, rows };
}

/** Σ amount over the rows with a positive amount, whatever their status. */
function sumPositive(rows: readonly RowView[]): number {
  let s = 0;
  for (const r of rows) if (r.row.amountCents > 0) s += r.row.amountCents;
  return s;
}

/** How many days have some row whose balance is below `threshold`. */
function daysWithRowBelow(rows: readonly RowView[], threshold: number): number {
  const days = new Set<string>();
  let last = '';
  for (const r of rows) {
    // a day's rows come together: add each run's day once
    if (r.row.balanceCents < threshold && r.day !== last) days.add((last = r.day));
  }
  return days.size;
}
