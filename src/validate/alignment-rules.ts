import { z } from 'zod';
import { BUSINESS_CATEGORIES } from '../schema/profile.js';
import { TRANSACTION_TYPES } from '../schema/transaction-types.js';
import { CLIENT_KINDS } from '../schema/log-row.js';

const TypeList = z.array(z.enum(TRANSACTION_TYPES));

/**
 * Alignment rules as data (SPEC §4 SME alignment), validated by zod on load:
 * - `kinds`: transaction types a client of that kind cannot have (a person does not run payroll; a business has no salary);
 * - `categories`: further types impossible for a declared business category.
 * Counterparties that do not fit a category (a restaurant buying steel) are the supply classes of the signals'
 * thresholds (`DEFAULT_THRESHOLDS.alignment`), shared with the generator's Alignment injector.
 */
export const AlignmentRules = z
  .object({
    kinds: z.record(z.enum(CLIENT_KINDS), z.object({ impossibleTypes: TypeList }).strict()),
    categories: z.record(z.enum(BUSINESS_CATEGORIES), z.object({ impossibleTypes: TypeList }).strict()),
  })
  .strict();
export type AlignmentRules = z.infer<typeof AlignmentRules>;

/** The shipped alignment rules. */
export const ALIGNMENT_RULES: AlignmentRules = AlignmentRules.parse({
  kinds: {
    personal: { impossibleTypes: ['Payroll', 'Sales Receipt', 'Supplier Payment'] },
    sme: { impossibleTypes: ['Salary'] },
  },
  categories: {
    restaurant: { impossibleTypes: [] },
    retail: { impossibleTypes: [] },
    factory: { impossibleTypes: [] },
    logistics: { impossibleTypes: [] },
    services: { impossibleTypes: [] },
  },
});
