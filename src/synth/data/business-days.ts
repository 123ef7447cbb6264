/**
 * Chinese public holidays and the weekend days worked in their place (调休), as data, per year (Official notices of
 * the General Office of the State Council). Inclusive `MM-DD` ranges of days off, and single working weekend days.
 * Years not listed fall back to Monday–Friday.
 */
export const CN_HOLIDAYS: Readonly<Record<number, { off: ReadonlyArray<readonly [string, string]>; work: readonly string[] }>> = {
  2022: {
    off: [['01-01', '01-03'], ['01-31', '02-06'], ['04-03', '04-05'], ['04-30', '05-04'], ['06-03', '06-05'], ['09-10', '09-12'], ['10-01', '10-07']],
    work: ['01-29', '01-30', '04-02', '04-24', '05-07', '10-08', '10-09'],
  },
  2023: {
    off: [['01-01', '01-02'], ['01-21', '01-27'], ['04-05', '04-05'], ['04-29', '05-03'], ['06-22', '06-24'], ['09-29', '10-06'], ['12-30', '12-31']],
    work: ['01-28', '01-29', '04-23', '05-06', '06-25', '10-07', '10-08'],
  },
  2024: {
    off: [['01-01', '01-01'], ['02-10', '02-17'], ['04-04', '04-06'], ['05-01', '05-05'], ['06-10', '06-10'], ['09-15', '09-17'], ['10-01', '10-07']],
    work: ['02-04', '02-18', '04-07', '04-28', '05-11', '09-14', '09-29', '10-12'],
  },
  2025: {
    off: [['01-01', '01-01'], ['01-28', '02-04'], ['04-04', '04-06'], ['05-01', '05-05'], ['05-31', '06-02'], ['10-01', '10-08']],
    work: ['01-26', '02-08', '04-27', '09-28', '10-11'],
  },
};

/**
 * Types that post on working days only, and which way a date that is not one moves: wages are paid on the last
 * working day before, taxes fall due on the first working day after.
 */
export const BUSINESS_DAY_TYPES: Readonly<Partial<Record<string, 'previous' | 'next'>>> = {
  Salary: 'previous',
  Payroll: 'previous',
  Tax: 'next',
};

/**
 * Cash machines pay out notes: the note an ATM withdrawal is a multiple of, in the local currency, and a plausible
 * rate to CNY (2023 averages, rounded) for withdrawals abroad. Home withdrawals use the profile's `cash_note`.
 */
export const CASH_ABROAD: Readonly<Record<string, { currency: string; note: number; cnyPerUnit: number }>> = {
  JP: { currency: 'JPY', note: 1000, cnyPerUnit: 0.0505 },
  TH: { currency: 'THB', note: 100, cnyPerUnit: 0.203 },
  KR: { currency: 'KRW', note: 10000, cnyPerUnit: 0.00543 },
  SG: { currency: 'SGD', note: 10, cnyPerUnit: 5.27 },
  MY: { currency: 'MYR', note: 10, cnyPerUnit: 1.55 },
  HK: { currency: 'HKD', note: 100, cnyPerUnit: 0.905 },
  MO: { currency: 'MOP', note: 100, cnyPerUnit: 0.878 },
  US: { currency: 'USD', note: 20, cnyPerUnit: 7.08 },
  FR: { currency: 'EUR', note: 10, cnyPerUnit: 7.66 },
  IT: { currency: 'EUR', note: 10, cnyPerUnit: 7.66 },
  GB: { currency: 'GBP', note: 10, cnyPerUnit: 8.81 },
  AU: { currency: 'AUD', note: 10, cnyPerUnit: 4.7 },
  VN: { currency: 'VND', note: 100000, cnyPerUnit: 0.000297 },
  AE: { currency: 'AED', note: 50, cnyPerUnit: 1.93 },
};
