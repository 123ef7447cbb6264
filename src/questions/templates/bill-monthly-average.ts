import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import { anyStatus, money, outflowsOf, total } from '../kit.js';

/** Average monthly Bill Payment outflow over the months covered (utilities regularity, comprehension, M) */
export const billMonthlyAverage: Template = {
  id: 'bill-monthly-average',
  version: 1,
  tags: {
    domain: 'stability',
    sub_domain: 'essentials',
    cognition: 'comprehension',
    difficulty: 'M',
    format: 'calc',
    logics: {
      personal: { perspective: 'essential_expenditure', logic: 'utilities_telecom_regularity' },
      sme: { perspective: 'loan_compliance', logic: 'rent_utility_subscription_regularity' },
    },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const rows = outflowsOf(facts, 'Bill Payment');
    const n = facts.months.length;
    if (rows.length < 3 || n < 3) return null;
    const sum = total(rows);
    const gold = sum / n;
    const active = new Set(rows.map((r) => r.month)).size;
    const choices = calcChoices(rng, gold, 'money', [
      { value: total(anyStatus(facts, -1, 'Bill Payment')) / n, misconception: 'failed_rows_counted' },
      { value: sum / active, misconception: 'wrong_base_period' },
      { value: sum / 12, misconception: 'wrong_base_period' },
      { value: sum / (n - 1), misconception: 'off_by_one_month' },
      { value: sum / (n + 1), misconception: 'off_by_one_month' },
      { value: sum, misconception: 'single_vs_total' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What is the average monthly successful Bill Payment outflow of {acct}, taken over all the months covered by the log?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(rows),
      program: [
        `Successful Bill Payment rows: ${rows.length}`,
        `Their total: ${money(sum)}`,
        `Months covered: ${n} (${facts.months[0]} to ${facts.months[n - 1]})`,
        `Average: ${money(sum)} / ${n} = ${money(gold)}`,
      ],
    };
  },
};
