import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';

/** In how many months covered did a successful Salary row arrive? (payroll regularity, memory, L) */
export const salaryMonths: Template = {
  id: 'salary-months',
  version: 1,
  face: { max: 'months' },
  tags: {
    domain: 'stability',
    sub_domain: 'others',
    cognition: 'memory',
    difficulty: 'L',
    format: 'calc',
    logics: { personal: { perspective: 'consumption_stability', logic: 'payroll_regularity' } },
  },
  build({ facts, rng, bounds, prior }) {
    const all = facts.ofType('Salary');
    const ok = all.filter((r) => r.ok);
    if (ok.length < 2 || facts.months.length < 3) return null;
    const months = new Set(ok.map((r) => r.month));
    const withFailed = new Set(all.map((r) => r.month));
    const n = months.size;
    const choices = calcChoices(rng, n, 'count', [
      { value: withFailed.size, misconception: 'failed_rows_counted' },
      { value: n - 1, misconception: 'off_by_one_month' },
      { value: n + 1, misconception: 'off_by_one_month' },
      { value: ok.length, misconception: 'count_vs_amount' },
      { value: facts.months.length - n, misconception: 'total_vs_share' },
    ], { bounds, quantiles: prior?.quantiles });
    if (!choices) return null;
    return {
      stem: 'In how many of the months covered by the log did {acct} receive a successful Salary row?',
      choices,
      numericAnswer: n,
      evidence: ids(ok),
      program: [
        `Successful Salary rows: ${ok.length} (FAILED Salary rows ignored: ${all.length - ok.length})`,
        `Months with a successful Salary row: ${[...months].sort().join(', ')}`,
        `Count of those months: ${n} of ${facts.months.length} months covered`,
      ],
    };
  },
};
