import { monthsWithSuccess } from '../months-with-success.js';

/** In how many months covered was a Card Repayment made successfully? (card repayment regularity, memory, L) */
export const cardRepaymentMonths = monthsWithSuccess({
  id: 'card-repayment-months',
  version: 2,
  type: 'Card Repayment',
  count: 'with',
  stem: 'In how many of the months covered by the log did {acct} make a successful Card Repayment?',
  tags: {
    domain: 'debt',
    sub_domain: 'repayments',
    logics: { personal: { perspective: 'repayment_patterns', logic: 'card_repayment_regularity' } },
  },
});
