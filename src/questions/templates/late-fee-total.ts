import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import { money, outflowsOf, total } from '../kit.js';
import { maxOf } from '../../log/extremes.js';

/** How much was charged in successful Late Fee rows? (punctuality / penalties, memory, L) */
export const lateFeeTotal: Template = {
  id: 'late-fee-total',
  version: 1,
  tags: {
    domain: 'debt',
    sub_domain: 'penalties',
    cognition: 'memory',
    difficulty: 'L',
    format: 'calc',
    logics: {
      personal: { perspective: 'repayment_patterns', logic: 'loan_installment_punctuality', sub_domain: 'repayments' },
      sme: { perspective: 'loan_compliance', logic: 'operating_loan_repayment' },
    },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const all = facts.ofType('Late Fee');
    const ok = all.filter((r) => r.ok);
    if (ok.length === 0) return null;
    const gold = total(ok);
    const fees = facts.okOfType('Fee');
    const choices = calcChoices(rng, gold, 'money', [
      { value: total(all), misconception: 'failed_rows_counted' },
      { value: gold + total(fees), misconception: 'wrong_category' },
      { value: gold / ok.length, misconception: 'single_vs_total' },
      { value: maxOf(ok.map((r) => Math.abs(r.row.amountCents))), misconception: 'single_vs_total' },
      { value: gold + total(outflowsOf(facts, 'Interest')), misconception: 'wrong_category' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What is the total amount {acct} was charged in successful Late Fee rows?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(ok),
      program: [
        `Late Fee rows: ${all.length}, successful: ${ok.length} (FAILED ones charge nothing)`,
        `Amounts: ${ok.map((r) => money(-r.row.amountCents)).join(' + ')}`,
        `Total: ${money(gold)}`,
      ],
    };
  },
};
