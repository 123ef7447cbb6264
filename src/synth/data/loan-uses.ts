import type { ClientKind } from '../../schema/log-row.js';

/**
 * What a client that keeps a cover (`opening_cover_months` > 0) does with a loan it takes (data, issue #13): with `probability`, it pays `share` of the principal on
 * to a seller in two transfers (a deposit and the balance), each `delayHours` after the one before (a car, a renovation, a machine). Without
 * it, no log ever moved money out soon after a disbursement, and "how many cash-out rows followed the loan" was
 * always zero.
 */
export interface LoanUse {
  probability: number;
  share: readonly [number, number];
  delayHours: readonly [number, number];
  /** Hours of day [from, to] the transfers are made in (the seller's opening hours). */
  hours: readonly [number, number];
  /** Counterparty and remark kinds of the transfer (see `COUNTERPARTY_KINDS`, `REMARK_KINDS`). */
  counterparty: string;
  remark: string;
}

export const LOAN_USES: Readonly<Record<ClientKind, LoanUse>> = {
  personal: { probability: 0.5, share: [0.5, 0.95], delayHours: [2, 120], hours: [9, 20], counterparty: 'household', remark: 'loan_use_personal' },
  sme: { probability: 0.5, share: [0.4, 0.9], delayHours: [2, 120], hours: [9, 17], counterparty: 'machinery_supplier', remark: 'loan_use_sme' },
};
