import type { Template } from '../template.js';
import { partitionChoices } from '../options.js';
import { ids } from '../facts.js';
import { declinedOn, money } from '../kit.js';
import { maxOf, minOf } from '../../log/extremes.js';

/** Variation threshold of the statements: (max − min) / min of successful Salary amounts. */
const SPREAD = 0.1;

/** Is salary monthly and steady? A 2×2 verdict (payroll regularity, evaluation, M) */
export const verdictSalary: Template = {
  id: 'verdict-salary',
  version: 1,
  tags: {
    domain: 'stability',
    sub_domain: 'others',
    cognition: 'evaluation',
    difficulty: 'M',
    format: 'single',
    logics: { personal: { perspective: 'consumption_stability', logic: 'payroll_regularity' } },
  },
  build({ facts, admit }) {
    const ok = facts.okOfType('Salary').filter((r) => r.row.amountCents > 0);
    if (ok.length < 3 || facts.months.length < 3) return null;
    const months = new Set(ok.map((r) => r.month));
    const every = facts.months.every((m) => months.has(m));
    const amounts = ok.map((r) => r.row.amountCents);
    const max = maxOf(amounts);
    const min = minOf(amounts);
    const spread = (max - min) / min;
    if (Math.abs(spread - SPREAD) < 0.01) return null;
    const steady = spread < SPREAD;
    const choices = partitionChoices(
      { holds: every, yes: 'A successful Salary row arrives in every month covered', no: 'At least some month covered has no successful Salary row' },
      { holds: steady, yes: 'the largest salary is less than 10% above the smallest', no: 'the largest salary is 10% or more above the smallest' },
    );
    // declined on its answer: no evidence or program to build
    if (declinedOn(choices, admit)) return null;
    return {
      stem: 'Which statement best describes the salary received by {acct}?',
      choices,
      evidence: ids(ok),
      program: [
        `Successful Salary rows: ${ok.length}`,
        `Months with salary: ${months.size} of ${facts.months.length} covered → every month: ${every}`,
        `Largest ${money(max)}, smallest ${money(min)}`,
        `Spread (max − min) / min = ${(spread * 100).toFixed(2)}% → below 10%: ${steady}`,
      ],
    };
  },
};
