import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';

/** In how many months covered was a Card Repayment made successfully? (card repayment regularity, memory, L) */
export const cardRepaymentMonths: Template = {
  id: 'card-repayment-months',
  version: 1,
  face: { max: 'months' },
  tags: {
    domain: 'debt',
    sub_domain: 'repayments',
    cognition: 'memory',
    difficulty: 'L',
    format: 'calc',
    logics: { personal: { perspective: 'repayment_patterns', logic: 'card_repayment_regularity' } },
  },
  build({ facts, rng, bounds, prior }) {
    const all = facts.ofType('Card Repayment');
    const ok = all.filter((r) => r.ok);
    if (ok.length < 2) return null;
    const months = new Set(ok.map((r) => r.month));
    const anyMonths = new Set(all.map((r) => r.month));
    const n = months.size;
    const choices = calcChoices(rng, n, 'count', [
      { value: anyMonths.size, misconception: 'failed_rows_counted' },
      { value: n + 1, misconception: 'off_by_one_month' },
      { value: n - 1, misconception: 'off_by_one_month' },
      { value: ok.length, misconception: 'count_vs_amount' },
      { value: facts.months.length - n, misconception: 'total_vs_share' },
    ], { bounds, quantiles: prior?.quantiles });
    if (!choices) return null;
    return {
      stem: 'In how many of the months covered by the log did {acct} make a successful Card Repayment?',
      choices,
      numericAnswer: n,
      evidence: ids(all),
      program: [
        `Card Repayment rows: ${all.length}, successful: ${ok.length}`,
        `Distinct months of the successful ones: ${[...months].sort().join(', ')}`,
        `Answer: ${n} months`,
      ],
    };
  },
};
