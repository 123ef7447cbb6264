import { monthsWithSuccess } from '../months-with-success.js';

/** In how many months covered is there no successful Rent row? (rent regularity, memory, L) */
export const rentMissingMonths = monthsWithSuccess({
  id: 'rent-missing-months',
  version: 2,
  type: 'Rent',
  count: 'without',
  stem: 'In how many of the months covered by the log is there no successful Rent row for {acct}?',
  tags: {
    domain: 'stability',
    sub_domain: 'essentials',
    logics: { personal: { perspective: 'essential_expenditure', logic: 'rent_mortgage_regularity' } },
  },
});
