import type { Log, LogRow } from '../../src/schema/log-row.js';
import { toCents } from '../../src/log/money.js';

type Spec = [timestamp: string, type: LogRow['type'], channel: LogRow['channel'], counterparty: string, amount: number, status?: 'F', location?: string];

/**
 * Builds a log from compact row specs, chaining balances by the SPEC §1 rule (FAILED rows keep the balance).
 * Amounts are in currency units and become integer cents.
 */
export function makeLog(logId: string, opening: number, specs: readonly Spec[], extra: Partial<Log> = {}): Log {
  let bal = toCents(opening);
  const rows: LogRow[] = specs.map(([timestamp, type, channel, counterparty, amount, status, location], i) => {
    const amountCents = toCents(amount);
    const ok = status !== 'F';
    if (ok) bal += amountCents;
    return {
      txn_id: `T${String(i + 1).padStart(4, '0')}`,
      timestamp,
      type,
      channel,
      counterparty,
      amountCents,
      balanceCents: bal,
      status: ok ? 'SUCCESS' : 'FAILED',
      location: location ?? 'CN',
      remark: 'Payment',
    };
  });
  return { logId, rows, hasTimeOfDay: true, ...extra };
}

/**
 * Personal fixture: four months (Jan–Apr 2023), opening balance 5000.00. Every number a test states about it
 * was worked out by hand from this table.
 */
export const PERSONAL = makeLog('p900001', 5000, [
  ['2023-01-01 08:00:00', 'Rent', 'TRANSFER', 'Landlord Wang', -3000],
  ['2023-01-02 12:00:00', 'Purchase', 'POS', 'Shop A', -100],
  ['2023-01-03 02:00:00', 'Purchase', 'ONLINE', 'Shop B', -50],
  ['2023-01-05 09:00:00', 'Salary', 'TRANSFER', 'Acme Works', 10000],
  ['2023-01-10 07:00:00', 'Bill Payment', 'AUTO_DEBIT', 'City Power', -200],
  ['2023-01-12 19:00:00', 'Purchase', 'QR', 'Shop A', -300],
  ['2023-01-15 10:00:00', 'Subscription', 'AUTO_DEBIT', 'StreamCo', -30],
  ['2023-01-20 10:00:00', 'Card Repayment', 'AUTO_DEBIT', 'Card Center', -1000],
  ['2023-02-01 08:00:00', 'Rent', 'TRANSFER', 'Landlord Wang', -3000],
  ['2023-02-03 13:00:00', 'Purchase', 'POS', 'Shop C', -80, 'F'],
  ['2023-02-06 09:00:00', 'Salary', 'TRANSFER', 'Acme Works', 10000],
  ['2023-02-10 07:00:00', 'Bill Payment', 'AUTO_DEBIT', 'City Power', -200],
  ['2023-02-14 12:00:00', 'Loan Disbursement', 'ONLINE', 'Quick Lend', 5000],
  ['2023-02-15 10:00:00', 'ATM Withdrawal', 'ATM', 'Bank ATM', -2000],
  ['2023-02-15 18:00:00', 'Purchase', 'POS', 'Shop A', -150],
  ['2023-02-15 20:00:00', 'Subscription', 'AUTO_DEBIT', 'StreamCo', -30],
  ['2023-02-20 10:00:00', 'Card Repayment', 'AUTO_DEBIT', 'Card Center', -1000],
  ['2023-02-21 03:00:00', 'Purchase', 'ONLINE', 'Shop B', -60],
  ['2023-03-01 08:00:00', 'Rent', 'TRANSFER', 'Landlord Wang', -3000],
  ['2023-03-03 11:00:00', 'Refund', 'POS', 'Shop A', 100],
  ['2023-03-05 09:00:00', 'Salary', 'TRANSFER', 'Acme Works', 10500],
  ['2023-03-10 07:00:00', 'Bill Payment', 'AUTO_DEBIT', 'City Power', -200],
  ['2023-03-14 12:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'Quick Lend', -1000],
  ['2023-03-15 10:00:00', 'Subscription', 'AUTO_DEBIT', 'StreamCo', -30],
  ['2023-03-18 15:00:00', 'Purchase', 'POS', 'Shop C', -2400],
  ['2023-03-20 10:00:00', 'Card Repayment', 'AUTO_DEBIT', 'Card Center', -1000],
  ['2023-03-20 14:00:00', 'Purchase', 'POS', 'Tokyo Mart', -500, undefined, 'JP'],
  ['2023-04-01 08:00:00', 'Rent', 'TRANSFER', 'Landlord Wang', -3000, 'F'],
  ['2023-04-02 12:00:00', 'Purchase', 'QR', 'Shop A', -120],
  ['2023-04-08 09:00:00', 'Salary', 'TRANSFER', 'Acme Works', 10000],
  ['2023-04-10 07:00:00', 'Bill Payment', 'AUTO_DEBIT', 'City Power', -200],
  ['2023-04-14 12:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'Quick Lend', -1000],
  ['2023-04-15 10:00:00', 'Late Fee', 'AUTO_DEBIT', 'Quick Lend', -50],
  ['2023-04-15 11:00:00', 'Subscription', 'AUTO_DEBIT', 'StreamCo', -30],
  ['2023-04-20 04:00:00', 'Purchase', 'ONLINE', 'Shop B', -70],
  ['2023-04-25 16:00:00', 'Purchase', 'POS', 'Shop D', -90],
], { clientKind: 'personal' });

/**
 * SME fixture: a restaurant over four months (Jan–Apr 2023), opening balance 20000.00.
 */
export const SME = makeLog('s900001', 20000, [
  ['2023-01-01 08:00:00', 'Rent', 'TRANSFER', 'Harbor Property Co., Ltd.', -2000],
  ['2023-01-03 12:00:00', 'Sales Receipt', 'TRANSFER', 'Diner Customers', 3000],
  ['2023-01-05 10:00:00', 'Supplier Payment', 'TRANSFER', 'Fresh Foods Co., Ltd.', -1500],
  ['2023-01-07 01:00:00', 'Sales Receipt', 'QR', 'Night Guests', 500],
  ['2023-01-10 07:00:00', 'Bill Payment', 'AUTO_DEBIT', 'City Power', -300],
  ['2023-01-14 12:00:00', 'Sales Receipt', 'TRANSFER', 'Diner Customers', 3500],
  ['2023-01-15 09:00:00', 'Tax', 'ONLINE', 'Tax Bureau', -500],
  ['2023-01-18 11:00:00', 'Purchase', 'ONLINE', 'Steel Works Factory', -800],
  ['2023-01-20 09:00:00', 'Loan Disbursement', 'TRANSFER', 'City Bank', 10000],
  ['2023-01-21 10:00:00', 'Supplier Payment', 'QR', 'Grain Trading Store', -700],
  ['2023-01-25 16:00:00', 'Payroll', 'TRANSFER', 'Staff Payroll', -4000],
  ['2023-01-28 12:00:00', 'Subscription', 'AUTO_DEBIT', 'POS Cloud', -50],
  ['2023-02-01 08:00:00', 'Rent', 'TRANSFER', 'Harbor Property Co., Ltd.', -2000],
  ['2023-02-04 12:00:00', 'Sales Receipt', 'TRANSFER', 'Diner Customers', 2500],
  ['2023-02-06 10:00:00', 'Supplier Payment', 'TRANSFER', 'Fresh Foods Co., Ltd.', -1500],
  ['2023-02-08 09:00:00', 'Transfer In', 'TRANSFER', 'Owner Zhang', 3000],
  ['2023-02-10 07:00:00', 'Bill Payment', 'AUTO_DEBIT', 'City Power', -300],
  ['2023-02-11 02:00:00', 'Sales Receipt', 'QR', 'Night Guests', 600],
  ['2023-02-15 09:00:00', 'Tax', 'ONLINE', 'Tax Bureau', -500],
  ['2023-02-17 11:00:00', 'Purchase', 'ONLINE', 'Steel Works Factory', -900],
  ['2023-02-20 09:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'City Bank', -900],
  ['2023-02-22 12:00:00', 'Sales Receipt', 'TRANSFER', 'Diner Customers', 2800],
  ['2023-02-25 16:00:00', 'Payroll', 'TRANSFER', 'Staff Payroll', -4000],
  ['2023-02-28 12:00:00', 'Subscription', 'AUTO_DEBIT', 'POS Cloud', -50],
  ['2023-03-01 08:00:00', 'Rent', 'TRANSFER', 'Harbor Property Co., Ltd.', -2000],
  ['2023-03-04 12:00:00', 'Sales Receipt', 'TRANSFER', 'Diner Customers', 4000],
  ['2023-03-06 10:00:00', 'Supplier Payment', 'TRANSFER', 'Fresh Foods Co., Ltd.', -1500, 'F'],
  ['2023-03-07 10:00:00', 'Supplier Payment', 'TRANSFER', 'Fresh Foods Co., Ltd.', -1500],
  ['2023-03-10 07:00:00', 'Bill Payment', 'AUTO_DEBIT', 'City Power', -300],
  ['2023-03-15 09:00:00', 'Tax', 'ONLINE', 'Tax Bureau', -500, 'F'],
  ['2023-03-16 11:00:00', 'Purchase', 'ONLINE', 'Steel Works Factory', -1000],
  ['2023-03-18 03:00:00', 'Sales Receipt', 'QR', 'Night Guests', 700],
  ['2023-03-20 09:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'City Bank', -900],
  ['2023-03-22 15:00:00', 'Transfer Out', 'TRANSFER', 'Owner Zhang', -1000],
  ['2023-03-25 16:00:00', 'Payroll', 'TRANSFER', 'Staff Payroll', -4000],
  ['2023-03-28 12:00:00', 'Subscription', 'AUTO_DEBIT', 'POS Cloud', -50],
  ['2023-04-01 08:00:00', 'Rent', 'TRANSFER', 'Harbor Property Co., Ltd.', -2000],
  ['2023-04-05 12:00:00', 'Sales Receipt', 'TRANSFER', 'Diner Customers', 3200],
  ['2023-04-08 10:00:00', 'Supplier Payment', 'QR', 'Grain Trading Store', -800],
  ['2023-04-10 07:00:00', 'Bill Payment', 'AUTO_DEBIT', 'City Power', -300],
  ['2023-04-15 09:00:00', 'Tax', 'ONLINE', 'Tax Bureau', -500],
  ['2023-04-19 12:00:00', 'Sales Receipt', 'TRANSFER', 'Diner Customers', 2600],
  ['2023-04-22 09:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'City Bank', -900],
  ['2023-04-23 10:00:00', 'Late Fee', 'AUTO_DEBIT', 'City Bank', -60],
  ['2023-04-25 16:00:00', 'Payroll', 'TRANSFER', 'Staff Payroll', -4000],
  ['2023-04-28 12:00:00', 'Subscription', 'AUTO_DEBIT', 'POS Cloud', -50],
], { clientKind: 'sme', businessCategory: 'restaurant' });

/**
 * Personal fixture B: a strained borrower over three months (Jan–Mar 2023), opening balance 1000.00,
 * with online loans, cash-out, declines, refunds and late fees.
 */
export const PERSONAL_B = makeLog('p900002', 1000, [
  ['2023-01-02 08:00:00', 'Rent', 'TRANSFER', 'Landlord Sun', -900],
  ['2023-01-05 09:00:00', 'Salary', 'TRANSFER', 'Metro Logistics', 6000],
  ['2023-01-06 20:00:00', 'Purchase', 'POS', 'Shop X', -200],
  ['2023-01-10 12:00:00', 'Loan Disbursement', 'ONLINE', 'Fast Cash', 1000],
  ['2023-01-11 10:00:00', 'ATM Withdrawal', 'ATM', 'Bank ATM', -800],
  ['2023-01-12 13:00:00', 'Purchase', 'POS', 'Shop X', -250, 'F'],
  ['2023-01-13 13:00:00', 'Purchase', 'POS', 'Shop X', -250],
  ['2023-01-15 09:00:00', 'Loan Disbursement', 'TRANSFER', 'Bank Loan', 3000],
  ['2023-01-20 15:00:00', 'Purchase', 'ONLINE', 'Shop Y', -400],
  ['2023-01-25 09:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'Fast Cash', -500],
  ['2023-01-31 09:00:00', 'Fee', 'AUTO_DEBIT', 'Bank Fees', -15],
  ['2023-02-01 12:00:00', 'Refund', 'POS', 'Shop X', 100],
  ['2023-02-02 08:00:00', 'Rent', 'TRANSFER', 'Landlord Sun', -900],
  ['2023-02-05 09:00:00', 'Salary', 'TRANSFER', 'Metro Logistics', 6000],
  ['2023-02-06 15:00:00', 'Purchase', 'POS', 'Shop X', -150],
  ['2023-02-10 12:00:00', 'Loan Disbursement', 'ONLINE', 'Easy Loan', 1500],
  ['2023-02-11 09:00:00', 'Transfer Out', 'TRANSFER', 'Friend Li', -500],
  ['2023-02-20 12:00:00', 'Refund', 'ONLINE', 'Shop Y', 150],
  ['2023-02-25 09:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'Fast Cash', -500],
  ['2023-02-26 09:00:00', 'Late Fee', 'AUTO_DEBIT', 'Fast Cash', -40],
  ['2023-03-01 08:00:00', 'Rent', 'TRANSFER', 'Landlord Sun', -900, 'F'],
  ['2023-03-01 12:00:00', 'Refund', 'POS', 'Shop X', 60],
  ['2023-03-06 09:00:00', 'Salary', 'TRANSFER', 'Metro Logistics', 6000],
  ['2023-03-10 21:00:00', 'Purchase', 'POS', 'Shop Z', -900, 'F'],
  ['2023-03-11 21:00:00', 'Purchase', 'POS', 'Shop Z', -900, 'F'],
  ['2023-03-20 10:00:00', 'ATM Withdrawal', 'ATM', 'Bank ATM', -300],
  ['2023-03-25 09:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'Fast Cash', -500, 'F'],
  ['2023-03-26 09:00:00', 'Late Fee', 'AUTO_DEBIT', 'Fast Cash', -60],
  ['2023-03-27 09:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'Fast Cash', -500],
  ['2023-03-28 09:00:00', 'Purchase', 'ONLINE', 'Shop Y', -8000],
], { clientKind: 'personal' });

/**
 * SME fixture B: a retail shop over three months (Jan–Mar 2023), opening balance 500.00, with refunds, luxury
 * spending, several subscriptions, a loan followed by cash-out, and thin balances.
 */
export const SME_B = makeLog('s900002', 500, [
  ['2023-01-02 10:00:00', 'Sales Receipt', 'QR', 'Walk-in Buyers', 1200],
  ['2023-01-03 10:00:00', 'Purchase', 'ONLINE', 'Bolt Hardware Store', -300],
  ['2023-01-04 10:00:00', 'Subscription', 'AUTO_DEBIT', 'Ledger Cloud', -40],
  ['2023-01-05 10:00:00', 'Subscription', 'AUTO_DEBIT', 'Shop Site Host', -60],
  ['2023-01-06 10:00:00', 'Purchase', 'POS', 'Golden Karaoke', -500],
  ['2023-01-09 11:00:00', 'Sales Receipt', 'QR', 'Walk-in Buyers', 900],
  ['2023-01-10 09:00:00', 'Loan Disbursement', 'TRANSFER', 'Harbor Bank', 5000],
  ['2023-01-11 15:00:00', 'Transfer Out', 'TRANSFER', 'Owner Chen', -2000],
  ['2023-01-12 15:00:00', 'ATM Withdrawal', 'ATM', 'Bank ATM', -1000],
  ['2023-01-15 12:00:00', 'Payroll', 'TRANSFER', 'Staff Payroll', -1500],
  ['2023-01-20 16:00:00', 'Purchase', 'POS', 'Luxury Watch Gallery', -700],
  ['2023-01-22 10:00:00', 'Purchase', 'ONLINE', 'Northern Steel Mill', -150],
  ['2023-01-28 10:00:00', 'Refund', 'ONLINE', 'Bolt Hardware Store', 100],
  ['2023-02-02 10:00:00', 'Sales Receipt', 'QR', 'Walk-in Buyers', 1300],
  ['2023-02-04 10:00:00', 'Subscription', 'AUTO_DEBIT', 'Ledger Cloud', -40],
  ['2023-02-05 10:00:00', 'Subscription', 'AUTO_DEBIT', 'Shop Site Host', -60],
  ['2023-02-06 10:00:00', 'Subscription', 'AUTO_DEBIT', 'Ad Boost', -25],
  ['2023-02-08 10:00:00', 'Purchase', 'POS', 'Golden Karaoke', -400],
  ['2023-02-10 10:00:00', 'Late Fee', 'AUTO_DEBIT', 'Harbor Bank', -30],
  ['2023-02-18 12:00:00', 'Payroll', 'TRANSFER', 'Staff Payroll', -1500],
  ['2023-02-20 10:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'Harbor Bank', -450],
  ['2023-02-21 10:00:00', 'Late Fee', 'AUTO_DEBIT', 'Harbor Bank', -45],
  ['2023-02-22 10:00:00', 'Purchase', 'ONLINE', 'Paper Supply Co., Ltd.', -200],
  ['2023-02-23 10:00:00', 'Purchase', 'ONLINE', 'Northern Steel Mill', -150],
  ['2023-02-25 10:00:00', 'Fee', 'AUTO_DEBIT', 'Bank Fees', -10],
  ['2023-03-02 10:00:00', 'Sales Receipt', 'QR', 'Walk-in Buyers', 1100],
  ['2023-03-03 10:00:00', 'Refund', 'ONLINE', 'Paper Supply Co., Ltd.', 80],
  ['2023-03-04 10:00:00', 'Subscription', 'AUTO_DEBIT', 'Ledger Cloud', -40],
  ['2023-03-05 10:00:00', 'Purchase', 'POS', 'Golden Karaoke', -300],
  ['2023-03-16 12:00:00', 'Payroll', 'TRANSFER', 'Staff Payroll', -1500],
  ['2023-03-20 10:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'Harbor Bank', -450],
  ['2023-03-25 10:00:00', 'Purchase', 'ONLINE', 'Print Shop', -120],
  ['2023-03-26 10:00:00', 'Purchase', 'ONLINE', 'Northern Steel Mill', -150],
], { clientKind: 'sme', businessCategory: 'retail' });

/**
 * SME fixture for misfit-counterparties (restaurant, Jan–Apr 2023): suppliers with plausible names paid in one
 * calendar month or in several, a FAILED retry that must not count as a second month, and a steel mill (a name that
 * does not fit a restaurant) that the template never offers.
 */
export const SME_C = makeLog('s900003', 20000, [
  ['2023-01-03 09:00:00', 'Sales Receipt', 'QR', 'Walk-in Diners', 6000],
  ['2023-01-05 10:00:00', 'Supplier Payment', 'TRANSFER', 'Fresh Foods Co., Ltd.', -1500],
  ['2023-01-09 10:00:00', 'Supplier Payment', 'TRANSFER', 'Harbour Seafood Trading', -900],
  ['2023-01-12 11:00:00', 'Purchase', 'ONLINE', 'Kitchen Gas Supply', -300],
  ['2023-01-23 10:00:00', 'Supplier Payment', 'TRANSFER', 'Harbour Seafood Trading', -950],
  ['2023-02-02 09:00:00', 'Sales Receipt', 'QR', 'Walk-in Diners', 6500],
  ['2023-02-06 10:00:00', 'Supplier Payment', 'TRANSFER', 'Fresh Foods Co., Ltd.', -1500],
  ['2023-02-10 10:00:00', 'Supplier Payment', 'TRANSFER', 'Green Veg Market Store', -400],
  ['2023-02-14 10:00:00', 'Purchase', 'ONLINE', 'Northern Steel Mill', -700],
  ['2023-02-20 10:00:00', 'Supplier Payment', 'TRANSFER', 'Rice Wholesale Store', -1200],
  ['2023-02-24 10:00:00', 'Purchase', 'ONLINE', 'Northern Steel Mill', -650],
  ['2023-03-02 09:00:00', 'Sales Receipt', 'QR', 'Walk-in Diners', 5800],
  ['2023-03-06 10:00:00', 'Supplier Payment', 'TRANSFER', 'Fresh Foods Co., Ltd.', -1500],
  ['2023-03-09 10:00:00', 'Supplier Payment', 'TRANSFER', 'Green Veg Market Store', -450, 'F'],
  ['2023-03-15 10:00:00', 'Purchase', 'ONLINE', 'Paper Napkin Co., Ltd.', -260],
  ['2023-03-20 10:00:00', 'Purchase', 'ONLINE', 'Northern Steel Mill', -800],
  ['2023-04-03 09:00:00', 'Sales Receipt', 'QR', 'Walk-in Diners', 6200],
  ['2023-04-11 11:00:00', 'Purchase', 'ONLINE', 'Kitchen Gas Supply', -320],
  ['2023-04-18 10:00:00', 'Supplier Payment', 'TRANSFER', 'Rice Wholesale Store', -1100],
], { clientKind: 'sme', businessCategory: 'restaurant' });
