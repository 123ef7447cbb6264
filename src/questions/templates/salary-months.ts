import { monthsWithSuccess } from '../months-with-success.js';

/** In how many months covered did a successful Salary row arrive? (payroll regularity, memory, L) */
export const salaryMonths = monthsWithSuccess({
  id: 'salary-months',
  version: 2,
  type: 'Salary',
  count: 'with',
  stem: 'In how many of the months covered by the log did {acct} receive a successful Salary row?',
  tags: {
    domain: 'stability',
    sub_domain: 'others',
    logics: { personal: { perspective: 'consumption_stability', logic: 'payroll_regularity' } },
  },
});
