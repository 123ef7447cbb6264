import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import { pct, pctText, total } from '../kit.js';

/** Share of attempted outflows (negative amounts, any status) that were declined (declined transactions, comprehension, M) */
export const declinedShare: Template = {
  id: 'declined-share',
  version: 1,
  face: { max: 100 },
  tags: {
    domain: 'liquidity',
    sub_domain: 'liquidity',
    cognition: 'comprehension',
    difficulty: 'M',
    format: 'calc',
    logics: { personal: { perspective: 'failures_liquidity', logic: 'declined_transactions' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    // no declined outgoing row: nothing to ask (checked on the few FAILED rows before filtering all rows)
    if (!facts.failed.some((r) => r.row.amountCents < 0)) return null;
    const attempts = facts.rows.filter((r) => r.row.amountCents < 0);
    const declined = attempts.filter((r) => !r.ok);
    if (declined.length === 0 || attempts.length < 10) return null;
    const gold = pct(declined.length, attempts.length);
    const succeeded = attempts.length - declined.length;
    const choices = calcChoices(rng, gold, 'percent', [
      { value: pct(declined.length, succeeded), misconception: 'total_vs_share' },
      { value: pct(facts.failed.length, facts.rows.length), misconception: 'wrong_category' },
      { value: pct(total(declined), total(attempts)), misconception: 'count_vs_amount' },
      { value: 100 - gold, misconception: 'total_vs_share' },
      { value: pct(declined.filter((r) => r.row.type === 'Purchase').length, attempts.filter((r) => r.row.type === 'Purchase').length), misconception: 'wrong_category' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'Counting rows with a negative amount whatever their status, what share of the outgoing attempts of {acct} were declined?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(declined),
      program: [
        `Rows with a negative amount (any status): ${attempts.length}`,
        `Of these FAILED: ${declined.length}`,
        `Share: ${declined.length} / ${attempts.length} = ${pctText(gold)}`,
      ],
    };
  },
};
