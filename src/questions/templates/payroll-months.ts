import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';

/** In how many months covered was payroll paid successfully? (SME payroll regularity, memory, L) */
export const payrollMonths: Template = {
  id: 'payroll-months',
  version: 1,
  face: { max: 'months' },
  tags: {
    domain: 'stability',
    sub_domain: 'others',
    cognition: 'memory',
    difficulty: 'L',
    format: 'calc',
    logics: { sme: { perspective: 'payment_management', logic: 'sme_payroll_regularity' } },
  },
  build({ facts, rng, bounds, prior }) {
    const all = facts.ofType('Payroll');
    const ok = all.filter((r) => r.ok);
    if (ok.length < 2 || facts.months.length < 3) return null;
    const months = new Set(ok.map((r) => r.month));
    const n = months.size;
    const choices = calcChoices(rng, n, 'count', [
      { value: new Set(all.map((r) => r.month)).size, misconception: 'failed_rows_counted' },
      { value: n + 1, misconception: 'off_by_one_month' },
      { value: n - 1, misconception: 'off_by_one_month' },
      { value: ok.length, misconception: 'count_vs_amount' },
      { value: facts.months.length - n, misconception: 'total_vs_share' },
    ], { bounds, quantiles: prior?.quantiles });
    if (!choices) return null;
    return {
      stem: 'In how many of the months covered by the log did {acct} pay Payroll successfully?',
      choices,
      numericAnswer: n,
      evidence: ids(all),
      program: [
        `Payroll rows: ${all.length}, successful: ${ok.length}`,
        `Months with a successful Payroll row: ${[...months].sort().join(', ')}`,
        `Answer: ${n} of ${facts.months.length} months covered`,
      ],
    };
  },
};
