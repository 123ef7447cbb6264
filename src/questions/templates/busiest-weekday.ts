import type { Template } from '../template.js';
import { busiestWeekdayDraft } from '../kit.js';

/** On which weekday are the most successful Sales Receipt rows recorded? (daily volume, memory, L) */
export const busiestWeekday: Template = {
  id: 'busiest-weekday',
  version: 1,
  tags: {
    domain: 'time',
    sub_domain: 'others',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: { sme: { perspective: 'business_activity', logic: 'daily_transaction_volume' } },
  },
  build({ facts, rng, prior, admit }) {
    return busiestWeekdayDraft(facts, rng, 'Sales Receipt', 10, 'On which day of the week does {acct} record the most successful Sales Receipt rows?', prior?.answers, admit);
  },
};
