import type { Template } from '../template.js';
import { partitionChoices } from '../options.js';
import { ids } from '../facts.js';
import { anyStatus, declinedOn, nearEdge, pct, pctText } from '../kit.js';
import { minOf } from '../../log/extremes.js';

const DECLINE_EDGE = 5;

/** Negative balances and decline rate together: a 2×2 verdict (declined transactions / buffer, evaluation, H) */
export const verdictLiquidity: Template = {
  id: 'verdict-liquidity',
  version: 1,
  tags: {
    domain: 'liquidity',
    sub_domain: 'liquidity',
    cognition: 'evaluation',
    difficulty: 'H',
    format: 'single',
    logics: {
      personal: { perspective: 'failures_liquidity', logic: 'declined_transactions' },
      sme: { perspective: 'cash_flow_health', logic: 'working_capital_buffer', sub_domain: 'liquidity_sme' },
    },
  },
  build({ facts, admit }) {
    // outgoing attempts: rows with a negative amount, any status
    const attempts = anyStatus(facts, -1);
    if (attempts.length < 10) return null;
    let declinedCount = 0;
    for (const r of attempts) if (!r.ok) declinedCount++;
    const share = pct(declinedCount, attempts.length);
    if (nearEdge(share, [DECLINE_EDGE], 0.5)) return null;
    const belowZero = facts.rows.some((r) => r.row.balanceCents < 0);
    const choices = partitionChoices(
      { holds: belowZero, yes: 'The balance goes below zero after some row', no: 'The balance never goes below zero' },
      { holds: share >= DECLINE_EDGE, yes: 'at least 5% of outgoing attempts (negative amounts, any status) were declined', no: 'fewer than 5% of outgoing attempts (negative amounts, any status) were declined' },
    );
    // declined on its answer: no evidence or program to build
    if (declinedOn(choices, admit)) return null;
    const declined = attempts.filter((r) => !r.ok);
    const negative = facts.rows.filter((r) => r.row.balanceCents < 0);
    const minBal = minOf(facts.rows.map((r) => r.row.balanceCents));
    return {
      stem: 'Which statement best describes the liquidity pressure on {acct}?',
      choices,
      evidence: ids([...negative, ...declined]),
      program: [
        `Rows with a negative amount: ${attempts.length}`,
        `Of these FAILED: ${declined.length}`,
        `Decline share: ${pctText(share)} → at least 5%: ${share >= DECLINE_EDGE}`,
        `Lowest balance after any row: ${(minBal / 100).toFixed(2)}`,
        `Below zero somewhere: ${negative.length > 0} (${negative.length} rows)`,
      ],
    };
  },
};
