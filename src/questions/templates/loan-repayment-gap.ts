import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { DAY_MS, mean } from '../facts.js';
import type { RowView } from '../facts.js';
import { maxOf, minOf } from '../../log/extremes.js';

function gapsDays(rows: readonly RowView[]): number[] {
  const out: number[] = [];
  for (let k = 1; k < rows.length; k++) out.push((rows[k].t - rows[k - 1].t) / DAY_MS);
  return out;
}

/** Longest gap between consecutive successful Loan Repayment rows (installment punctuality, analysis, M) */
export const loanRepaymentGap: Template = {
  id: 'loan-repayment-gap',
  version: 1,
  tags: {
    domain: 'debt',
    sub_domain: 'repayments',
    cognition: 'analysis',
    difficulty: 'M',
    format: 'calc',
    logics: {
      personal: { perspective: 'repayment_patterns', logic: 'loan_installment_punctuality' },
      sme: { perspective: 'loan_compliance', logic: 'operating_loan_repayment' },
    },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const all = facts.ofType('Loan Repayment');
    const ok = all.filter((r) => r.ok);
    if (ok.length < 3) return null;
    const gaps = gapsDays(ok);
    const gold = maxOf(gaps);
    const k = gaps.indexOf(gold);
    const anyGaps = gapsDays(all);
    const dateGaps = ok.slice(1).map((r, i) => Math.round((Date.parse(r.day) - Date.parse(ok[i].day)) / DAY_MS));
    const choices = calcChoices(rng, gold, 'days', [
      { value: maxOf(anyGaps), misconception: 'failed_rows_counted' },
      { value: mean(gaps), misconception: 'extreme_vs_average' },
      { value: maxOf(dateGaps) + 1, misconception: 'boundary_inclusion' },
      { value: minOf(gaps), misconception: 'extreme_vs_average' },
      { value: gold + 30, misconception: 'off_by_one_month' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What is the longest gap, in days, between consecutive successful Loan Repayment rows of {acct}?',
      choices,
      numericAnswer: choices[0].value,
      evidence: [ok[k].row.txn_id, ok[k + 1].row.txn_id],
      program: [
        `Loan Repayment rows: ${all.length}, successful: ${ok.length} (FAILED ones are not repayments)`,
        `Gaps between consecutive successful ones (days, from timestamps): ${gaps.map((g) => g.toFixed(2)).join(', ')}`,
        `Longest: ${gold.toFixed(2)} days, between ${ok[k].row.txn_id} and ${ok[k + 1].row.txn_id}`,
      ],
    };
  },
};
