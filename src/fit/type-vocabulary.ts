import type { ClientKind } from '../schema/log-row.js';
import type { Channel, TransactionType } from '../schema/transaction-types.js';

/**
 * What a fitted spending category writes for each transaction type, as data: the counterparty kind and remark kind
 * of the generator's vocabulary (never the source's own texts, so no real name or account number reaches the output)
 * per client kind, and the channel used when the source carries none.
 */
export interface TypeVocabulary {
  counterparty: Record<ClientKind, string>;
  remark: Record<ClientKind, string>;
  channel: Channel;
}

const same = (kind: string): Record<ClientKind, string> => ({ personal: kind, sme: kind });

export const TYPE_VOCABULARY: Readonly<Record<TransactionType, TypeVocabulary>> = {
  Salary: { counterparty: same('employer'), remark: same('salary'), channel: 'TRANSFER' },
  'Transfer In': { counterparty: { personal: 'person', sme: 'corporate_customer' }, remark: { personal: 'transfer_in', sme: 'capital_injection' }, channel: 'TRANSFER' },
  'Transfer Out': { counterparty: same('person'), remark: { personal: 'transfer_out', sme: 'owner_draw' }, channel: 'TRANSFER' },
  Purchase: { counterparty: { personal: 'grocery', sme: 'office_supplier' }, remark: { personal: 'grocery', sme: 'office_supplies' }, channel: 'POS' },
  Refund: { counterparty: { personal: 'grocery', sme: 'office_supplier' }, remark: same('refund'), channel: 'POS' },
  'Bill Payment': { counterparty: same('utility'), remark: { personal: 'utility_bill', sme: 'commercial_utility' }, channel: 'AUTO_DEBIT' },
  Rent: { counterparty: same('landlord'), remark: { personal: 'rent', sme: 'commercial_rent' }, channel: 'TRANSFER' },
  'Loan Disbursement': { counterparty: same('lender'), remark: same('loan_disbursement'), channel: 'TRANSFER' },
  'Loan Repayment': { counterparty: same('lender'), remark: same('loan_repayment'), channel: 'AUTO_DEBIT' },
  'Card Repayment': { counterparty: same('card_issuer'), remark: same('card_repayment'), channel: 'AUTO_DEBIT' },
  'ATM Withdrawal': { counterparty: same('atm'), remark: same('atm_withdrawal'), channel: 'ATM' },
  'Cash Deposit': { counterparty: same('bank'), remark: same('cash_deposit'), channel: 'COUNTER' },
  Fee: { counterparty: same('bank'), remark: same('bank_fee'), channel: 'AUTO_DEBIT' },
  'Late Fee': { counterparty: same('bank'), remark: same('late_fee'), channel: 'AUTO_DEBIT' },
  Interest: { counterparty: same('bank'), remark: same('interest'), channel: 'AUTO_DEBIT' },
  'Investment Buy': { counterparty: same('investment'), remark: same('investment_buy'), channel: 'ONLINE' },
  'Investment Redeem': { counterparty: same('investment'), remark: same('investment_redeem'), channel: 'ONLINE' },
  Subscription: { counterparty: same('streaming'), remark: same('subscription'), channel: 'AUTO_DEBIT' },
  Tax: { counterparty: same('tax'), remark: { personal: 'tax', sme: 'vat' }, channel: 'TRANSFER' },
  Payroll: { counterparty: same('payroll_agent'), remark: same('payroll'), channel: 'TRANSFER' },
  'Sales Receipt': { counterparty: same('corporate_customer'), remark: same('sales_retail'), channel: 'TRANSFER' },
  'Supplier Payment': { counterparty: same('goods_wholesaler'), remark: same('goods_purchase'), channel: 'TRANSFER' },
};
