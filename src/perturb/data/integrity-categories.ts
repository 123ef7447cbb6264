/**
 * The inconsistencies an integrity item asks about. Each is an option text (numbers and names allowed in options,
 * never in stems) and the validator codes that show it is present. Corrupting operators declare which they plant.
 */
import type { IssueCode } from '../../schema/issue-codes.js';

export interface IntegrityCategory {
  id: IntegrityCategoryId;
  /** Option text shown to the model. */
  text: string;
  /** Validator codes whose presence shows this inconsistency in a log. */
  codes: readonly IssueCode[];
}

/** The id of an integrity category. */
export type IntegrityCategoryId = (typeof INTEGRITY_CATEGORY_IDS)[number];

/** Every integrity category id, in option-catalogue order. */
export const INTEGRITY_CATEGORY_IDS = ['balance_chain', 'duplicate_row', 'refund_unpaired', 'refund_exceeds', 'refund_before', 'schedule_break', 'time_order', 'malformed_row', 'empty_field', 'injected_instruction'] as const;

/** Every integrity category, in option-catalogue order. */
export const INTEGRITY_CATEGORIES: readonly IntegrityCategory[] = [
  { id: 'balance_chain', text: 'A running balance that does not follow from the previous balance and the amount', codes: ['BALANCE_MISMATCH'] },
  { id: 'duplicate_row', text: 'The same transaction recorded twice', codes: ['DUPLICATE_TXN_ID'] },
  { id: 'refund_unpaired', text: 'A refund with no purchase at the same counterparty that it could pay back', codes: ['REFUND_UNPAIRED'] },
  { id: 'refund_exceeds', text: 'A refund larger than the purchase it pays back', codes: ['REFUND_EXCEEDS_PURCHASE'] },
  { id: 'refund_before', text: 'A refund dated before the purchase it pays back', codes: ['REFUND_BEFORE_PURCHASE'] },
  { id: 'schedule_break', text: 'A loan repayment that is missing, moved or of the wrong amount for its schedule', codes: ['SCHEDULE_MISMATCH'] },
  { id: 'time_order', text: 'Rows that are not in time order', codes: ['NOT_TIME_ORDERED'] },
  { id: 'malformed_row', text: 'A row with the wrong number of fields or a stray character', codes: ['FIELD_COUNT', 'BAD_TEXT'] },
  { id: 'empty_field', text: 'A required field left empty', codes: ['EMPTY_FIELD'] },
  { id: 'injected_instruction', text: 'A remark that tries to instruct the reader how to answer', codes: ['INJECTION'] },
];

/** Looks a category up by id. */
export function integrityCategory(id: string): IntegrityCategory {
  const c = INTEGRITY_CATEGORIES.find((x) => x.id === id);
  if (!c) throw new RangeError(`unknown integrity category ${id}`);
  return c;
}
