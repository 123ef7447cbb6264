import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { HOUR_MS } from '../facts.js';
import { idsOfRuns, inflowsOf } from '../kit.js';
import type { RowView } from '../facts.js';
import { CONVENTIONS } from '../conventions.js';

/** Rows within the window after a Loan Disbursement (strictly after it, at most `hours` later). */
function within(after: readonly RowView[], rows: readonly RowView[], hours: number): RowView[] {
  return rows.filter((r) => after.some((d) => r.t > d.t && r.t - d.t <= hours * HOUR_MS));
}

/** How many cash-out rows came shortly after a loan disbursement? (cash-out after credit, analysis, M) */
export const cashOutAfterCredit: Template = {
  id: 'cash-out-after-credit',
  version: 1,
  rare: true,
  tags: {
    domain: 'conduct',
    sub_domain: 'others',
    cognition: 'analysis',
    difficulty: 'M',
    format: 'calc',
    logics: {
      personal: { perspective: 'high_risk_merchants', logic: 'cash_out_after_credit' },
      sme: { perspective: 'specialized_behaviors', logic: 'cash_out_patterns' },
    },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const disb = inflowsOf(facts, 'Loan Disbursement');
    if (disb.length === 0) return null;
    const h = CONVENTIONS.cashOutWindowHours;
    const cash = facts.okOfType('ATM Withdrawal', 'Transfer Out');
    const hits = within(disb, cash, h);
    const n = hits.length;
    const choices = calcChoices(rng, n, 'count', [
      { value: within(disb, facts.ofType('ATM Withdrawal', 'Transfer Out'), h).length, misconception: 'failed_rows_counted' },
      { value: within(disb, facts.okOfType('ATM Withdrawal'), h).length, misconception: 'wrong_category' },
      { value: within(disb, cash, h * 2).length, misconception: 'boundary_inclusion' },
      { value: cash.length, misconception: 'total_vs_share' },
      { value: n + 1, misconception: 'boundary_inclusion' },
      { value: n - 1, misconception: 'boundary_inclusion' },
      { value: within(disb, cash, CONVENTIONS.borrowToRepayWindowHours).length, misconception: 'boundary_inclusion' },
      { value: cash.filter((r) => disb.some((d) => d.month === r.month)).length, misconception: 'wrong_base_period' },
      { value: n + disb.length, misconception: 'wrong_category' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'How many successful cash-out rows (ATM Withdrawal or Transfer Out) did {acct} make shortly after a successful Loan Disbursement?',
      choices,
      numericAnswer: n,
      evidence: idsOfRuns(facts, [disb, hits]),
      program: [
        `Successful Loan Disbursement rows: ${disb.map((r) => r.row.txn_id).join(', ')}`,
        `Successful ATM Withdrawal / Transfer Out rows: ${cash.length}`,
        `Those within ${h} hours after some disbursement: ${n}${n ? ` (${hits.map((r) => r.row.txn_id).join(', ')})` : ''}`,
      ],
    };
  },
};
