import type { Template } from '../template.js';
import { multiChoices, multiPool } from '../options.js';
import { monthLabel } from '../facts.js';
import { countStatement, moneyStatement, type CountSide } from '../statements.js';
import type { RowView } from '../facts.js';
import { idsOfRuns, inflowsOf, outflowsOf, total } from '../kit.js';

/** Which statements about liquidity pressure hold on this log? (low-balance days / buffer, analysis, M, multi) */
export const liquidityStatements: Template = {
  id: 'liquidity-statements',
  version: 4,
  tags: {
    domain: 'liquidity',
    sub_domain: 'liquidity',
    cognition: 'analysis',
    difficulty: 'M',
    format: 'multi',
    logics: {
      personal: { perspective: 'failures_liquidity', logic: 'low_balance_days' },
      sme: { perspective: 'cash_flow_health', logic: 'working_capital_buffer', sub_domain: 'liquidity_sme' },
    },
  },
  build({ facts, rng, prior }) {
    if (facts.rows.length < 10 || facts.months.length < 2) return null;
    const first = facts.rows[0];
    const last = facts.rows[facts.rows.length - 1];
    const opening = first.ok ? first.row.balanceCents - first.row.amountCents : first.row.balanceCents;
    const inAll = total(inflowsOf(facts));
    const outAll = total(outflowsOf(facts));
    // the last two statements must agree with the balance arithmetic, so skip logs whose balance chain is broken
    // (before any work: a null build draws nothing that matters, the template's stream is its own)
    if (opening + inAll - outAll !== last.row.balanceCents) return null;
    const { negative, lowest, highest, active } = scanBalances(facts.rows);
    const minBal = lowest[0].row.balanceCents;
    const maxBal = highest[0].row.balanceCents;
    const declinedOut = facts.failed.filter((r) => r.row.amountCents < 0);
    const lateFees = facts.okOfType('Late Fee');
    const monthlyIn = facts.monthlyAbs(facts.inflows);
    const monthlyOut = facts.monthlyAbs(facts.outflows);
    const deficit = facts.months.filter((m) => monthlyOut.get(m)! > monthlyIn.get(m)!);
    const facts6: Array<{ text: string; holds: boolean; rows: RowView[] }> = [
      { text: 'The balance is below zero after at least some row', holds: negative.length > 0, rows: negative },
      { text: 'Some outgoing payment was declined (FAILED)', holds: declinedOut.length > 0, rows: declinedOut },
      { text: 'The closing balance is lower than the opening balance', holds: last.row.balanceCents < opening, rows: [first, last] },
      { text: 'A Late Fee was successfully charged', holds: lateFees.length > 0, rows: lateFees },
      { text: 'In some month covered, successful outflow exceeded successful inflow', holds: deficit.length > 0, rows: [] },
      { text: 'Total successful outflow over the log exceeds total successful inflow', holds: outAll > inAll, rows: [] },
      { text: 'The closing balance is higher than the opening balance', holds: last.row.balanceCents > opening, rows: [first, last] },
      { text: 'Every month covered has some successful inflow', holds: facts.months.every((m) => monthlyIn.get(m)! > 0), rows: [] },
      { text: 'The lowest balance after any row is below the average monthly successful outflow', holds: minBal < outAll / facts.months.length, rows: lowest },
    ];
    // Fixed statements are nearly always true or false for a profile (a healthy account never goes below zero):
    // `multiChoices` offers them only as often as keeps them right at the template's base rate. The bulk are
    // comparisons of a log quantity with a threshold drawn on a coin flip, on either side ("below" or "above", "at
    // least" or "fewer than"): settled by the log alone and right about half the time whatever the text.
    const ends = facts.monthEndBalances();
    const month = active[Math.floor(rng.next() * active.length)];
    const atLeast = (side: CountSide): string => (side === 'at least' ? 'At least' : 'Fewer than');
    facts6.push(
      moneyStatement(rng, minBal, (side, t) => `The lowest balance after any row is ${side} ${t}`, lowest),
      moneyStatement(rng, last.row.balanceCents, (side, t) => `The closing balance is ${side} ${t}`, [last]),
      moneyStatement(rng, maxBal, (side, t) => `The highest balance after any row is ${side} ${t}`, highest),
      moneyStatement(rng, ends.get(month)!, (side, t) => `The balance after the last row of ${monthLabel(month)} is ${side} ${t}`, []),
      moneyStatement(rng, outAll / facts.months.length, (side, t) => `Successful outflow averages ${side === 'below' ? 'less' : 'more'} than ${t} per month covered`, [], { positive: true }),
      countStatement(rng, deficit.length, (side, n) => `Successful outflow exceeded successful inflow in ${side} ${n} of the months covered`, [], { min: 1, max: facts.months.length }),
      countStatement(rng, declinedOut.length, (side, n) => `${atLeast(side)} ${n} outgoing payments were declined (FAILED)`, declinedOut),
      countStatement(rng, negative.length, (side, n) => `The balance is below zero after ${side} ${n} rows`, negative),
    );
    const yes = facts6.filter((f) => f.holds).map((f) => f.text);
    const no = facts6.filter((f) => !f.holds).map((f) => f.text);
    const choices = multiChoices(rng, yes, no, prior);
    if (!choices) return null;
    const shown = new Set(choices.filter((c) => c.correct).map((c) => c.text));
    return {
      stem: 'Which of these statements about the liquidity of {acct} are true? Select all that apply.',
      choices,
      evidence: idsOfRuns(facts, facts6.filter((f) => shown.has(f.text)).map((f) => f.rows)),
      program: [
        `Opening balance ${(opening / 100).toFixed(2)}, closing ${(last.row.balanceCents / 100).toFixed(2)}`,
        `Rows with a negative balance: ${negative.length}; declined outgoing rows: ${declinedOut.length}; successful Late Fee rows: ${lateFees.length}`,
        `Months with outflow above inflow: ${deficit.length ? deficit.join(', ') : 'none'}`,
        `Total successful inflow ${(inAll / 100).toFixed(2)} vs outflow ${(outAll / 100).toFixed(2)}`,
        ...facts6.map((f) => `${f.holds ? 'TRUE ' : 'FALSE'}: ${f.text}`),
      ],
      pool: multiPool(yes, no),
    };
  },
};

/**
 * One pass over the rows (in log order): those with a negative balance, the first row at the lowest and at the
 * highest balance, and the months that have rows in order of first appearance.
 */
function scanBalances(rows: readonly RowView[]): { negative: RowView[]; lowest: [RowView]; highest: [RowView]; active: string[] } {
  const negative: RowView[] = [];
  let lowest = rows[0];
  let highest = rows[0];
  const months = new Set<string>();
  let month = '';
  for (const r of rows) {
    const b = r.row.balanceCents;
    if (b < 0) negative.push(r);
    if (b < lowest.row.balanceCents) lowest = r;
    if (b > highest.row.balanceCents) highest = r;
    // a log's rows come in runs of one month: add each run's month once
    if (r.month !== month) months.add((month = r.month));
  }
  return { negative, lowest: [lowest], highest: [highest], active: [...months] };
}
