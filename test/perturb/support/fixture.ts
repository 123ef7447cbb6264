import type { Log, LogRow } from '../../../src/schema/log-row.js';
import type { LogLabels } from '../../../src/schema/labels.js';
import { SIGNAL_IDS } from '../../../src/schema/signal-id.js';

type RowSpec = [string, string, LogRow['type'], LogRow['channel'], string, number, LogRow['status'], string, string];

/** Twelve hand-made rows: salary, purchases (one FAILED), a refund, a loan with three paid installments. */
const SPECS: RowSpec[] = [
  ['T001', '2023-01-02 09:00:00', 'Salary', 'TRANSFER', 'Acme Corp', 500000, 'SUCCESS', 'CN', 'January salary'],
  ['T002', '2023-01-03 10:15:00', 'Purchase', 'POS', 'Fresh Mart', -12050, 'SUCCESS', 'CN', 'Groceries'],
  ['T003', '2023-01-05 12:00:00', 'Loan Disbursement', 'TRANSFER', 'City Bank', 300000, 'SUCCESS', 'CN', 'Personal loan'],
  ['T004', '2023-01-08 18:30:00', 'Purchase', 'ONLINE', 'Book Nook', -4500, 'SUCCESS', 'CN', 'Books order'],
  ['T005', '2023-01-10 20:00:00', 'Purchase', 'POS', 'Fresh Mart', -8000, 'FAILED', 'CN', 'Groceries'],
  ['T006', '2023-01-12 11:00:00', 'Refund', 'ONLINE', 'Book Nook', 4500, 'SUCCESS', 'CN', 'Returned order'],
  ['T007', '2023-02-05 09:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'City Bank', -26655, 'SUCCESS', 'CN', 'Monthly installment'],
  ['T008', '2023-02-10 14:00:00', 'Bill Payment', 'ONLINE', 'Power Grid Co., Ltd.', -1502500, 'SUCCESS', 'CN', 'Electricity bill'],
  ['T009', '2023-02-20 16:45:00', 'ATM Withdrawal', 'ATM', 'Bank ATM', -120000, 'SUCCESS', 'CN', 'Cash withdrawal'],
  ['T010', '2023-03-05 09:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'City Bank', -26655, 'SUCCESS', 'CN', 'Monthly installment'],
  ['T011', '2023-03-15 10:00:00', 'Purchase', 'POS', 'Sunrise Cafe', -3280, 'SUCCESS', 'JP', 'Coffee'],
  ['T012', '2023-04-05 09:00:00', 'Loan Repayment', 'AUTO_DEBIT', 'City Bank', -26655, 'SUCCESS', 'CN', 'Monthly installment'],
];

/** Opening balance of the fixture: 20,000.00. */
export const FIXTURE_OPENING_CENTS = 2_000_000;

/** The fixture log, balances chained from the opening balance by the SPEC §1 rule. */
export function fixtureLog(logId = 'fx001'): Log {
  let b = FIXTURE_OPENING_CENTS;
  const rows: LogRow[] = SPECS.map(([txn_id, timestamp, type, channel, counterparty, amountCents, status, location, remark]) => {
    if (status === 'SUCCESS') b += amountCents;
    return { txn_id, timestamp, type, channel, counterparty, amountCents, balanceCents: b, status, location, remark };
  });
  return { logId, rows, clientKind: 'personal', hasTimeOfDay: true };
}

/** Labels of the fixture: one refund pair and one 12-month loan with three paid installments. */
export function fixtureLabels(logId = 'fx001'): LogLabels {
  const signals = Object.fromEntries(
    SIGNAL_IDS.map((id) => [id, { present: false, strength: 0, evidence: [], injected: false, intensity: 0 }]),
  ) as unknown as LogLabels['signals'];
  const due = ['2023-02-05', '2023-03-05', '2023-04-05'];
  return {
    log_id: logId,
    profile: 'personal-healthy',
    base: 'personal-healthy',
    client_kind: 'personal',
    business_category: null,
    seed_key: 'fixture',
    period: { start: '2023-01-01', end: '2023-12-31' },
    rows: SPECS.length,
    opening_balance_cents: FIXTURE_OPENING_CENTS,
    signals,
    refund_pairs: [{ refund_txn_id: 'T006', purchase_txn_id: 'T004', amount_cents: 4500 }],
    loans: [
      {
        loan_id: 'L1',
        disbursement_txn_id: 'T003',
        lender: 'City Bank',
        principal_cents: 300000,
        annual_rate: 0.12,
        term_months: 12,
        method: 'equal_installment',
        start_date: '2023-01-05',
        installments: due.map((d, i) => ({
          n: i + 1,
          due_date: d,
          payment_cents: 26655,
          principal_cents: 26655 - [3000, 2763, 2524][i],
          interest_cents: [3000, 2763, 2524][i],
          status: 'paid' as const,
          txn_id: ['T007', 'T010', 'T012'][i],
          paid_cents: 26655,
        })),
      },
    ],
  };
}

/** A second small log to splice days from (other balances, same dates). */
export function donorLog(): Log {
  const rows: LogRow[] = [
    { txn_id: 'D001', timestamp: '2023-02-10 08:00:00', type: 'Purchase', channel: 'POS', counterparty: 'Corner Shop', amountCents: -999, balanceCents: 40001, status: 'SUCCESS', location: 'CN', remark: 'Snacks' },
    { txn_id: 'D002', timestamp: '2023-02-10 19:30:00', type: 'Transfer In', channel: 'TRANSFER', counterparty: 'Friend', amountCents: 5000, balanceCents: 45001, status: 'SUCCESS', location: 'CN', remark: 'Dinner share' },
  ];
  return { logId: 'dn001', rows, clientKind: 'personal', hasTimeOfDay: true };
}
