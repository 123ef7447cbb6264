import type { Template } from '../template.js';
import { busiestWeekdayDraft } from '../kit.js';

/** On which weekday are the most successful purchases made? (seasonal/weekly spending cycles, memory, L) */
export const purchaseWeekday: Template = {
  id: 'purchase-weekday',
  version: 1,
  tags: {
    domain: 'time',
    sub_domain: 'seasonality',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: { personal: { perspective: 'consumption_stability', logic: 'seasonal_spending_cycles' } },
  },
  build({ facts, rng, prior, admit }) {
    return busiestWeekdayDraft(facts, rng, 'Purchase', 8, 'On which day of the week does {acct} make the most successful Purchase rows?', prior?.answers, admit);
  },
};
