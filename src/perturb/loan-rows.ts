import type { LogLabels } from '../schema/labels.js';
import type { LogRow } from '../schema/log-row.js';

/** A repayment row that the labels say settles an installment, with where it sits in the log. */
export interface LoanRepaymentRef {
  loanId: string;
  n: number;
  dueDate: string;
  paymentCents: number;
  index: number;
}

/** Repayment rows present in the log for installments the labels record as paid in full (`paid`). */
export function paidInstallmentRows(rows: readonly LogRow[], labels: LogLabels | null): LoanRepaymentRef[] {
  if (!labels) return [];
  const at = new Map(rows.map((r, i) => [r.txn_id, i]));
  const out: LoanRepaymentRef[] = [];
  for (const loan of labels.loans) {
    for (const inst of loan.installments) {
      if (inst.status !== 'paid' || !inst.txn_id) continue;
      const index = at.get(inst.txn_id);
      if (index === undefined || rows[index].status !== 'SUCCESS') continue;
      out.push({ loanId: loan.loan_id, n: inst.n, dueDate: inst.due_date, paymentCents: inst.payment_cents, index });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}
