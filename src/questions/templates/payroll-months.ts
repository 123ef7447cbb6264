import { monthsWithSuccess } from '../months-with-success.js';

/** In how many months covered was payroll paid successfully? (SME payroll regularity, memory, L) */
export const payrollMonths = monthsWithSuccess({
  id: 'payroll-months',
  version: 2,
  type: 'Payroll',
  count: 'with',
  stem: 'In how many of the months covered by the log did {acct} pay Payroll successfully?',
  tags: {
    domain: 'stability',
    sub_domain: 'others',
    logics: { sme: { perspective: 'payment_management', logic: 'sme_payroll_regularity' } },
  },
});
