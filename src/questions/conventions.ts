import type { TransactionType } from '../schema/transaction-types.js';

/**
 * The definitions every stem relies on, as data. Stems may not contain numbers (SPEC §6 zero leakage), so
 * thresholds such as "night" or "spike" are defined once here and shown to the model in the system prompt;
 * they are the same for every item, so they give nothing about any one log away.
 */
export const CONVENTIONS = {
  /** Night: hour of the timestamp in [nightStartHour, nightEndHour). */
  nightStartHour: 0,
  nightEndHour: 5,
  /** A spike: a successful Purchase more than this multiple of the median successful Purchase amount. */
  spikeMultiple: 3,
  /** Cash-out after credit: an ATM Withdrawal or Transfer Out within this many hours after a Loan Disbursement. */
  cashOutWindowHours: 72,
  /** Borrowing to repay: a Loan or Card Repayment within this many hours after a Loan Disbursement. */
  borrowToRepayWindowHours: 168,
  /** Retention after payday: the balance this many hours after a Salary row, relative to the balance right after it. */
  retentionWindowHours: 168,
  /** Low-balance day: closing balance below this share of the mean monthly inflow. */
  lowBalanceShare: 0.1,
} as const;

/** Essential spending types (personal). */
export const ESSENTIAL_TYPES: readonly TransactionType[] = ['Rent', 'Bill Payment', 'Tax'];
/** Discretionary spending types (personal). */
export const DISCRETIONARY_TYPES: readonly TransactionType[] = ['Purchase', 'Subscription'];
/** Debt-service types. */
export const DEBT_SERVICE_TYPES: readonly TransactionType[] = ['Loan Repayment', 'Card Repayment'];
/** SME operating costs. */
export const OPERATING_COST_TYPES: readonly TransactionType[] = ['Supplier Payment', 'Payroll', 'Rent', 'Bill Payment', 'Tax'];
/** SME non-operating inflow types (everything that is not a Sales Receipt and brings money in). */
export const NON_OPERATING_INFLOW_TYPES: readonly TransactionType[] = [
  'Transfer In',
  'Loan Disbursement',
  'Cash Deposit',
  'Investment Redeem',
  'Refund',
  'Interest',
  'Salary',
];

/** The glossary lines shown to the model (system prompt), in a fixed order. */
export const GLOSSARY: readonly string[] = [
  'A successful row has status SUCCESS; a FAILED (declined) row moves no money and leaves the balance unchanged.',
  'Inflow means successful rows with a positive amount; outflow means successful rows with a negative amount, taken as a positive sum.',
  'A month is a calendar month of the timestamp; "the months covered" are every calendar month from the earliest row to the latest row, inclusive, even months without rows.',
  `Night means a timestamp from ${pad(CONVENTIONS.nightStartHour)}:00:00 to ${pad(CONVENTIONS.nightEndHour - 1)}:59:59.`,
  'The home country is the location that appears on the most rows; any other location is overseas.',
  `A spike is a successful Purchase whose amount is more than ${CONVENTIONS.spikeMultiple} times the median amount of all successful Purchase rows.`,
  `Essential spending is ${ESSENTIAL_TYPES.join(', ')}; discretionary spending is ${DISCRETIONARY_TYPES.join(', ')}; debt service is ${DEBT_SERVICE_TYPES.join(', ')}.`,
  `For a business account, operating costs are ${OPERATING_COST_TYPES.join(', ')}; operating income is Sales Receipt; every other inflow type is non-operating.`,
  `"Shortly after a loan disbursement" means within ${CONVENTIONS.cashOutWindowHours} hours after it for cash-out (ATM Withdrawal or Transfer Out), and within ${CONVENTIONS.borrowToRepayWindowHours} hours after it for repayments.`,
  `The balance a week after a payday is the balance after the last row within ${CONVENTIONS.retentionWindowHours} hours after the Salary row.`,
  `A low-balance day is a calendar day with rows whose closing balance (after its last row) is below ${Math.round(CONVENTIONS.lowBalanceShare * 100)}% of the mean monthly inflow over the months covered.`,
  'A month-end balance is the balance after the last row of that month; a month without rows carries the previous month-end balance.',
  "A refund's purchase is the latest earlier successful Purchase at the same counterparty.",
  'Averages are arithmetic means and spreads are population standard deviations unless the question says otherwise.',
];

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
