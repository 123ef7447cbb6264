import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';

/** In how many months covered is there no successful Rent row? (rent regularity, memory, L) */
export const rentMissingMonths: Template = {
  id: 'rent-missing-months',
  version: 1,
  face: { max: 'months' },
  tags: {
    domain: 'stability',
    sub_domain: 'essentials',
    cognition: 'memory',
    difficulty: 'L',
    format: 'calc',
    logics: { personal: { perspective: 'essential_expenditure', logic: 'rent_mortgage_regularity' } },
  },
  build({ facts, rng, bounds, prior }) {
    const all = facts.ofType('Rent');
    const ok = all.filter((r) => r.ok);
    if (ok.length < 2 || facts.months.length < 3) return null;
    const paid = new Set(ok.map((r) => r.month));
    const missing = facts.months.filter((m) => !paid.has(m));
    const paidAny = new Set(all.map((r) => r.month));
    const n = missing.length;
    const choices = calcChoices(rng, n, 'count', [
      { value: facts.months.filter((m) => !paidAny.has(m)).length, misconception: 'failed_rows_counted' },
      { value: n + 1, misconception: 'off_by_one_month' },
      { value: n - 1, misconception: 'off_by_one_month' },
      { value: paid.size, misconception: 'total_vs_share' },
      { value: 12 - paid.size, misconception: 'wrong_base_period' },
    ], { bounds, quantiles: prior?.quantiles });
    if (!choices) return null;
    return {
      stem: 'In how many of the months covered by the log is there no successful Rent row for {acct}?',
      choices,
      numericAnswer: n,
      evidence: ids(all),
      program: [
        `Rent rows: ${all.length}, of which successful: ${ok.length}`,
        `Months with a successful Rent row: ${paid.size} of ${facts.months.length} covered`,
        `Months without one: ${missing.length ? missing.join(', ') : 'none'} → ${n}`,
      ],
    };
  },
};
