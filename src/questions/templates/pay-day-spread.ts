import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import type { LogFacts, RowView } from '../facts.js';
import { maxOf, minOf } from '../../log/extremes.js';

/** Successful rows whose amount has sign `sign`: the shared inflow or outflow views for ±1. */
function sameSignRows(facts: LogFacts, sign: number): readonly RowView[] {
  if (sign === 1) return facts.inflows;
  if (sign === -1) return facts.outflows;
  return facts.ok.filter((r) => Math.sign(r.row.amountCents) === sign);
}

/** Range of the day-of-month on which pay arrives (Salary) or goes out (Payroll) (payroll regularity, analysis, M) */
export const payDaySpread: Template = {
  id: 'pay-day-spread',
  version: 1,
  tags: {
    domain: 'stability',
    sub_domain: 'others',
    cognition: 'analysis',
    difficulty: 'M',
    format: 'calc',
    logics: {
      personal: { perspective: 'consumption_stability', logic: 'payroll_regularity' },
      sme: { perspective: 'payment_management', logic: 'sme_payroll_regularity' },
    },
  },
  build({ facts, kind, rng, bounds, prior, admit }) {
    const type = kind === 'sme' ? 'Payroll' : 'Salary';
    const all = facts.ofType(type);
    const ok = facts.okOfType(type);
    if (ok.length < 3) return null;
    const days = ok.map((r) => r.dayOfMonth);
    const gold = maxOf(days) - minOf(days);
    const anyDays = all.map((r) => r.dayOfMonth);
    const sameSign = sameSignRows(facts, Math.sign(ok[0].row.amountCents)).map((r) => r.dayOfMonth);
    const choices = calcChoices(rng, gold, 'days', [
      { value: maxOf(anyDays) - minOf(anyDays), misconception: 'failed_rows_counted' },
      { value: gold + 1, misconception: 'boundary_inclusion' },
      { value: maxOf(sameSign) - minOf(sameSign), misconception: 'wrong_category' },
      { value: gold - 1, misconception: 'boundary_inclusion' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: `Looking at the day of the month of each successful ${type} row of {acct}, how many days apart are the earliest and the latest such day?`,
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(ok),
      program: [
        `Successful ${type} rows: ${ok.length}`,
        `Days of month: ${days.join(', ')}`,
        `Range: ${maxOf(days)} − ${minOf(days)} = ${gold}`,
      ],
    };
  },
};
