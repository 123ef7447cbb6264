import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { HOUR_MS } from '../facts.js';
import { idsOfRuns, inflowsOf } from '../kit.js';
import type { RowView } from '../facts.js';
import { CONVENTIONS, DEBT_SERVICE_TYPES } from '../conventions.js';

function within(after: readonly RowView[], rows: readonly RowView[], hours: number): RowView[] {
  return rows.filter((r) => after.some((d) => r.t > d.t && r.t - d.t <= hours * HOUR_MS));
}

/** How many debt repayments came shortly after a loan disbursement? (borrowing to repay, analysis, M) */
export const borrowingToRepay: Template = {
  id: 'borrowing-to-repay',
  version: 1,
  tags: {
    domain: 'debt',
    sub_domain: 'microloans',
    cognition: 'analysis',
    difficulty: 'M',
    format: 'calc',
    logics: { personal: { perspective: 'failures_liquidity', logic: 'borrowing_to_repay' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const disb = inflowsOf(facts, 'Loan Disbursement');
    const repay = facts.okOfType(...DEBT_SERVICE_TYPES);
    if (disb.length === 0 || repay.length === 0) return null;
    const h = CONVENTIONS.borrowToRepayWindowHours;
    const hits = within(disb, repay, h);
    const n = hits.length;
    const choices = calcChoices(rng, n, 'count', [
      { value: within(disb, facts.ofType(...DEBT_SERVICE_TYPES), h).length, misconception: 'failed_rows_counted' },
      { value: within(disb, facts.okOfType('Loan Repayment'), h).length, misconception: 'wrong_category' },
      { value: within(disb, repay, h / 2).length, misconception: 'boundary_inclusion' },
      { value: repay.length, misconception: 'total_vs_share' },
      { value: n + 1, misconception: 'boundary_inclusion' },
      { value: n - 1, misconception: 'boundary_inclusion' },
      { value: repay.filter((r) => disb.some((d) => d.month === r.month)).length, misconception: 'wrong_base_period' },
      { value: n + disb.length, misconception: 'wrong_category' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'How many successful debt-service rows (Loan Repayment or Card Repayment) did {acct} make shortly after a successful Loan Disbursement?',
      choices,
      numericAnswer: n,
      evidence: idsOfRuns(facts, [disb, hits]),
      program: [
        `Successful Loan Disbursement rows: ${disb.length}`,
        `Successful debt-service rows: ${repay.length}`,
        `Those within ${h} hours after some disbursement: ${n}`,
      ],
    };
  },
};
