import { monthsWithSuccess } from '../months-with-success.js';

/** In how many months covered did {acct} pay Tax successfully? (tax punctuality, memory, L) */
export const taxMonths = monthsWithSuccess({
  id: 'tax-months',
  version: 2,
  type: 'Tax',
  count: 'with',
  rare: true,
  stem: 'In how many of the months covered by the log did {acct} make a successful Tax payment?',
  tags: {
    domain: 'time',
    sub_domain: 'others',
    logics: { sme: { perspective: 'payment_management', logic: 'tax_social_security_punctuality' } },
  },
});
