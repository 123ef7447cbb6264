import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import { anyStatus, inflowsOf, money, outflowsOf, pct, pctText, total } from '../kit.js';
import { DEBT_SERVICE_TYPES } from '../conventions.js';

/** Debt service as a share of Salary income (debt service to income, comprehension, H) */
export const debtServiceRatio: Template = {
  id: 'debt-service-ratio',
  version: 1,
  tags: {
    domain: 'debt',
    sub_domain: 'repayments',
    cognition: 'comprehension',
    difficulty: 'H',
    format: 'calc',
    logics: { personal: { perspective: 'repayment_patterns', logic: 'debt_service_to_income' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const debt = outflowsOf(facts, ...DEBT_SERVICE_TYPES);
    const salary = inflowsOf(facts, 'Salary');
    if (debt.length < 2 || salary.length < 2) return null;
    const d = total(debt);
    const s = total(salary);
    const gold = pct(d, s);
    const choices = calcChoices(rng, gold, 'percent', [
      { value: pct(total(anyStatus(facts, -1, ...DEBT_SERVICE_TYPES)), s), misconception: 'failed_rows_counted' },
      { value: pct(d, total(facts.inflows)), misconception: 'gross_vs_net' },
      { value: pct(d, s + total(inflowsOf(facts, 'Refund'))), misconception: 'refunds_as_income' },
      { value: pct(d, total(outflowsOf(facts))), misconception: 'total_vs_share' },
      { value: pct(total(outflowsOf(facts, 'Loan Repayment')), s), misconception: 'wrong_category' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What is the successful debt service of {acct} as a share of its successful Salary income?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(debt),
      program: [
        `Debt-service types: ${DEBT_SERVICE_TYPES.join(', ')}`,
        `Successful debt-service rows: ${debt.length}, total ${money(d)}`,
        `Successful Salary rows: ${salary.length}, total ${money(s)}`,
        `Ratio: ${money(d)} / ${money(s)}`,
        `= ${pctText(gold)}`,
      ],
    };
  },
};
