import type { TransactionType } from '../schema/transaction-types.js';
import type { Template, TemplateTags } from './template.js';
import { calcChoices, type Distractor } from './options.js';
import { ids } from './facts.js';

/** What differs between the "months with a successful X" templates. */
export interface MonthsWithSuccessSpec {
  id: string;
  version: number;
  /** The transaction type whose successful rows mark a month. */
  type: TransactionType;
  /** Count the months that have a successful row (`with`) or the months that have none (`without`). */
  count: 'with' | 'without';
  stem: string;
  tags: Omit<TemplateTags, 'cognition' | 'difficulty' | 'format'>;
  /** Fits few logs after answer balancing (a regular flow makes most answers the same): tried first, see `Template.rare`. */
  rare?: boolean;
}

/**
 * A "months with a successful X" template (salary, payroll, tax, card repayment, rent; memory, L, calc): in how many
 * months covered does the log hold (or lack) a successful row of one type.
 *
 * One decision for all of them: a FAILED row is not evidence that the month had the flow (a declined payment moved
 * no money, glossary "successful"). Counting the months that only a FAILED row touches is the named misconception
 * `failed_rows_counted`; the evidence lists every row of the type, FAILED ones included, so the reader sees both.
 * Other distractors: one month too many or too few, the number of successful rows instead of months, and the
 * complement (months without instead of with, or the reverse).
 */
export function monthsWithSuccess(spec: MonthsWithSuccessSpec): Template {
  const { type } = spec;
  return {
    id: spec.id,
    version: spec.version,
    face: { max: 'months' },
    ...(spec.rare ? { rare: true } : {}),
    tags: { ...spec.tags, cognition: 'memory', difficulty: 'L', format: 'calc' },
    build({ facts, rng, bounds, prior, admit }) {
      const all = facts.ofType(type);
      const ok = all.filter((r) => r.ok);
      if (ok.length < 2 || facts.months.length < 3) return null;
      const covered = facts.months.length;
      const paid = new Set(ok.map((r) => r.month));
      const touched = new Set(all.map((r) => r.month));
      const missing = facts.months.filter((m) => !paid.has(m));
      const n = spec.count === 'with' ? paid.size : missing.length;
      const candidates: Distractor[] = [
        { value: spec.count === 'with' ? touched.size : covered - touched.size, misconception: 'failed_rows_counted' },
        { value: n - 1, misconception: 'off_by_one_month' },
        { value: n + 1, misconception: 'off_by_one_month' },
        { value: covered - n, misconception: 'total_vs_share' },
        ...(spec.count === 'with' ? [{ value: ok.length, misconception: 'count_vs_amount' as const }] : []),
      ];
      const choices = calcChoices(rng, n, 'count', candidates, { bounds, prior, admit });
      if (!choices) return null;
      const failed = all.length - ok.length;
      return {
        stem: spec.stem,
        choices,
        numericAnswer: n,
        evidence: ids(all),
        program: [
          `${type} rows: ${all.length}, successful: ${ok.length}; FAILED rows moved no money and are not counted${failed ? ` (${failed} of them)` : ''}`,
          `Months with a successful ${type} row: ${[...paid].sort().join(', ')} (${paid.size} of ${covered} months covered)`,
          spec.count === 'with'
            ? `Answer: ${n} months`
            : `Months without one: ${missing.length ? missing.join(', ') : 'none'} → ${n}`,
        ],
      };
    },
  };
}
