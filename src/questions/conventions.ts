import type { TransactionType } from '../schema/transaction-types.js';

/**
 * The definitions every stem relies on, as data. Stems may not contain numbers (SPEC §6 zero leakage), so
 * thresholds such as "night" or "spike" are defined once here and shown to the model in the system prompt
 * (`GLOSSARY_TERMS` in `glossary.ts`);
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
