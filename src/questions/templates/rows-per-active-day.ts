import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { DAY_MS, parseDay } from '../facts.js';

/** Average successful rows per day with successful rows (daily transaction volume, comprehension, M) */
export const rowsPerActiveDay: Template = {
  id: 'rows-per-active-day',
  version: 1,
  tags: {
    domain: 'stability',
    sub_domain: 'others',
    cognition: 'comprehension',
    difficulty: 'M',
    format: 'calc',
    logics: { sme: { perspective: 'business_activity', logic: 'daily_transaction_volume' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    if (facts.ok.length < 20) return null;
    const days = facts.dayCount(facts.ok);
    const gold = facts.ok.length / days;
    const allDays = facts.dayCount(facts.rows);
    const span = Math.round((parseDay(facts.rows[facts.rows.length - 1].day) - parseDay(facts.rows[0].day)) / DAY_MS) + 1;
    const choices = calcChoices(rng, gold, 'ratio', [
      { value: facts.rows.length / allDays, misconception: 'failed_rows_counted' },
      { value: facts.ok.length / span, misconception: 'wrong_base_period' },
      { value: facts.ok.length / facts.months.length, misconception: 'wrong_base_period' },
      { value: facts.rows.length / days, misconception: 'failed_rows_counted' },
      { value: days / facts.months.length, misconception: 'count_vs_amount' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'On the days when {acct} has successful rows, how many successful rows does it record per day on average?',
      choices,
      numericAnswer: choices[0].value,
      evidence: [],
      program: [
        `Successful rows: ${facts.ok.length}`,
        `Distinct calendar days with a successful row: ${days}`,
        `Average: ${facts.ok.length} / ${days} = ${gold.toFixed(4)}`,
      ],
    };
  },
};
