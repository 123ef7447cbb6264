import type { Template } from '../template.js';
import { multiChoices } from '../options.js';
import { thresholdStatement } from '../kit.js';
import { ids } from '../facts.js';
import type { RowView } from '../facts.js';
import { inflowsOf, outflowsOf, total } from '../kit.js';
import { minOf } from '../../log/extremes.js';

/** Which statements about liquidity pressure hold on this log? (low-balance days / buffer, analysis, M, multi) */
export const liquidityStatements: Template = {
  id: 'liquidity-statements',
  version: 3,
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
    const negative = facts.rows.filter((r) => r.row.balanceCents < 0);
    const declinedOut = facts.failed.filter((r) => r.row.amountCents < 0);
    const lateFees = facts.okOfType('Late Fee');
    const monthlyIn = facts.monthlyAbs(facts.inflows);
    const monthlyOut = facts.monthlyAbs(facts.outflows);
    const deficit = facts.months.filter((m) => monthlyOut.get(m)! > monthlyIn.get(m)!);
    const minBal = minOf(facts.rows.map((r) => r.row.balanceCents));
    const lowest = facts.rows.filter((r) => r.row.balanceCents === minBal).slice(0, 1);
    const inAll = total(inflowsOf(facts));
    const outAll = total(outflowsOf(facts));
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
    // comparisons with a threshold drawn so that each holds on a coin flip: decidable from the log, never from priors
    facts6.push(
      thresholdStatement(rng, minBal, 'money', (t) => `The lowest balance after any row is below ${t}`, lowest),
      thresholdStatement(rng, deficit.length, 'count', (n) => `Successful outflow exceeded successful inflow in at least ${n} of the months covered`, [], { min: 1, max: facts.months.length }),
      thresholdStatement(rng, declinedOut.length, 'count', (n) => `At least ${n} outgoing payments were declined (FAILED)`, declinedOut, { min: 1 }),
      // enough coin-flip statements that a log seldom needs the nearly-always-true or -false ones to make an item
      thresholdStatement(rng, last.row.balanceCents, 'money', (t) => `The closing balance is below ${t}`, [last]),
      thresholdStatement(rng, negative.length, 'count', (n) => `The balance is below zero after at least ${n} rows`, negative, { min: 1 }),
    );
    // the last two statements must agree with the balance arithmetic, so skip logs whose balance chain is broken
    if (opening + inAll - outAll !== last.row.balanceCents) return null;
    const choices = multiChoices(
      rng,
      facts6.filter((f) => f.holds).map((f) => f.text),
      facts6.filter((f) => !f.holds).map((f) => f.text),
      prior?.truth,
    );
    if (!choices) return null;
    const shown = new Set(choices.filter((c) => c.correct).map((c) => c.text));
    return {
      stem: 'Which of these statements about the liquidity of {acct} are true? Select all that apply.',
      choices,
      evidence: ids(facts6.filter((f) => shown.has(f.text)).flatMap((f) => f.rows)),
      program: [
        `Opening balance ${(opening / 100).toFixed(2)}, closing ${(last.row.balanceCents / 100).toFixed(2)}`,
        `Rows with a negative balance: ${negative.length}; declined outgoing rows: ${declinedOut.length}; successful Late Fee rows: ${lateFees.length}`,
        `Months with outflow above inflow: ${deficit.length ? deficit.join(', ') : 'none'}`,
        `Total successful inflow ${(inAll / 100).toFixed(2)} vs outflow ${(outAll / 100).toFixed(2)}`,
        ...facts6.map((f) => `${f.holds ? 'TRUE ' : 'FALSE'}: ${f.text}`),
      ],
    };
  },
};
