import type { ClientKind } from '../schema/log-row.js';
import type { Cognition, Difficulty, Domain, Format } from '../schema/item.js';
import type { SubDomain } from '../schema/signal-id.js';
import { SUB_DOMAIN_TITLES } from '../schema/signal-id.js';

/** Titles of the seven knowledge domains (SPEC §6; the paper names six, we name the seventh: Debt & Repayment). */
export const DOMAIN_TITLES: Readonly<Record<Domain, string>> = {
  stability: 'Stability & Regularity of Cash Flow',
  structure: 'Structure & Concentration',
  liquidity: 'Liquidity & Pressure',
  conduct: 'Conduct Characteristics',
  time: 'Time Characteristics',
  industry: 'Industry-Specific Behaviors',
  debt: 'Debt & Repayment',
};

/** Titles of the four cognition levels (CCLUPE Figure 1, adapted Bloom's taxonomy). */
export const COGNITION_TITLES: Readonly<Record<Cognition, string>> = {
  memory: 'Memory & Recognition',
  comprehension: 'Comprehension & Calculation',
  analysis: 'Analysis & Synthesis',
  evaluation: 'Evaluation & Inference',
};

/** Minimum computation steps per difficulty (CCLUPE Tables A7/A8: Low ≥2, Medium ≥3, High ≥5). */
export const DIFFICULTY_MIN_STEPS: Readonly<Record<Difficulty, number>> = { L: 2, M: 3, H: 5 };

/** Titles of the difficulty levels. */
export const DIFFICULTY_TITLES: Readonly<Record<Difficulty, string>> = { L: 'Low', M: 'Medium', H: 'High' };

/** What each format means for its options (SPEC §6). */
export const FORMAT_RULES: Readonly<Record<Exclude<Format, 'numeric'>, { minOptions: number; maxOptions: number; minCorrect: number; maxCorrect: number }>> = {
  single: { minOptions: 4, maxOptions: 4, minCorrect: 1, maxCorrect: 1 },
  multi: { minOptions: 4, maxOptions: 6, minCorrect: 1, maxCorrect: 4 },
  calc: { minOptions: 4, maxOptions: 4, minCorrect: 1, maxCorrect: 1 },
};

/** One perspective with its logics (personal) or sub-categories (SME). */
export interface Perspective {
  id: string;
  title: string;
  logics: ReadonlyArray<{ id: string; title: string }>;
}

/** The 8 personal underwriting perspectives and their 24 logics (SPEC §6, after CCLUPE Table A7). */
export const PERSONAL_PERSPECTIVES: readonly Perspective[] = [
  {
    id: 'consumption_stability',
    title: 'Consumption Stability',
    logics: [
      { id: 'payroll_regularity', title: 'payroll regularity' },
      { id: 'monthly_spending_volatility', title: 'monthly spending volatility' },
      { id: 'seasonal_spending_cycles', title: 'seasonal spending cycles' },
    ],
  },
  {
    id: 'essential_expenditure',
    title: 'Essential Expenditure Regularity',
    logics: [
      { id: 'rent_mortgage_regularity', title: 'rent/mortgage regularity' },
      { id: 'utilities_telecom_regularity', title: 'utilities & telecom regularity' },
      { id: 'essential_vs_discretionary', title: 'essential vs discretionary ratio' },
    ],
  },
  {
    id: 'repayment_patterns',
    title: 'Repayment Patterns',
    logics: [
      { id: 'card_repayment_regularity', title: 'card repayment regularity' },
      { id: 'loan_installment_punctuality', title: 'loan installment punctuality' },
      { id: 'debt_service_to_income', title: 'debt service to income' },
    ],
  },
  {
    id: 'high_risk_merchants',
    title: 'High-Risk Merchant Transactions',
    logics: [
      { id: 'online_micro_lenders', title: 'online micro-lenders' },
      { id: 'high_risk_platforms', title: 'high-risk platforms' },
      { id: 'cash_out_after_credit', title: 'cash-out after credit inflow' },
    ],
  },
  {
    id: 'discretionary_concentration',
    title: 'Discretionary Concentration',
    logics: [
      { id: 'counterparty_concentration', title: 'counterparty concentration' },
      { id: 'category_concentration', title: 'category concentration' },
      { id: 'spending_spikes', title: 'spending spikes' },
    ],
  },
  {
    id: 'failures_liquidity',
    title: 'Transaction Failures & Liquidity Pressure',
    logics: [
      { id: 'declined_transactions', title: 'declined transactions' },
      { id: 'low_balance_days', title: 'low-balance days' },
      { id: 'borrowing_to_repay', title: 'borrowing to repay' },
    ],
  },
  {
    id: 'fund_retention',
    title: 'Fund Retention Habits',
    logics: [
      { id: 'savings_investment_transfers', title: 'savings/investment transfers' },
      { id: 'retention_after_payday', title: 'retention after payday' },
      { id: 'month_end_balance_trend', title: 'month-end balance trend' },
    ],
  },
  {
    id: 'others',
    title: 'Others',
    logics: [
      { id: 'nighttime_spending', title: 'nighttime spending' },
      { id: 'overseas_spending', title: 'overseas spending' },
      { id: 'refund_frequency', title: 'refund frequency' },
    ],
  },
];

/**
 * The 7 SME audit perspectives and their 20 sub-categories (SPEC §6, after CCLUPE Table A8). The SPEC table lists
 * only 19; we add "receivables timing" to Payment Management, after the paper's "account receivables/payables aging".
 */
export const SME_PERSPECTIVES: readonly Perspective[] = [
  {
    id: 'revenue_expense_stability',
    title: 'Revenue/Expense Stability',
    logics: [
      { id: 'monthly_revenue_regularity', title: 'monthly revenue regularity' },
      { id: 'industry_cost_to_income', title: 'industry cost-to-income ratio' },
    ],
  },
  {
    id: 'cash_flow_health',
    title: 'Cash Flow Health',
    logics: [
      { id: 'operating_vs_non_operating', title: 'operating vs non-operating funds' },
      { id: 'turnover_cycle', title: 'turnover cycle' },
      { id: 'working_capital_buffer', title: 'working-capital buffer' },
    ],
  },
  {
    id: 'business_activity',
    title: 'Business Activity',
    logics: [
      { id: 'daily_transaction_volume', title: 'daily transaction volume' },
      { id: 'qr_code_receipts', title: 'QR-code receipts' },
      { id: 'nighttime_trading', title: 'nighttime trading' },
    ],
  },
  {
    id: 'counterparty_risk',
    title: 'Counterparty Risk',
    logics: [
      { id: 'supplier_concentration', title: 'supplier concentration' },
      { id: 'related_party_transfers', title: 'related-party/owner transfers' },
      { id: 'counterparty_business_alignment', title: 'counterparty-business alignment' },
    ],
  },
  {
    id: 'payment_management',
    title: 'Payment Management',
    logics: [
      { id: 'receivables_timing', title: 'receivables timing' },
      { id: 'payables_timing', title: 'payables timing' },
      { id: 'tax_social_security_punctuality', title: 'tax & social-security punctuality' },
      { id: 'sme_payroll_regularity', title: 'payroll regularity' },
    ],
  },
  {
    id: 'specialized_behaviors',
    title: 'Specialized Behaviors',
    logics: [
      { id: 'cash_out_patterns', title: 'cash-out patterns' },
      { id: 'seasonal_fluctuation', title: 'seasonal fluctuation' },
      { id: 'disputes_refunds_nonessential', title: 'disputes, refunds & nonessential spending' },
    ],
  },
  {
    id: 'loan_compliance',
    title: 'Loan Compliance',
    logics: [
      { id: 'operating_loan_repayment', title: 'operating-loan repayment & penalties' },
      { id: 'rent_utility_subscription_regularity', title: 'rent/utility/subscription regularity' },
    ],
  },
];

/** The perspective lists by client kind. */
export const PERSPECTIVES: Readonly<Record<ClientKind, readonly Perspective[]>> = {
  personal: PERSONAL_PERSPECTIVES,
  sme: SME_PERSPECTIVES,
};

/** Everything a question is tagged with, as one data object (SPEC §6). */
export const TAXONOMY = {
  domains: DOMAIN_TITLES,
  subDomains: SUB_DOMAIN_TITLES as Readonly<Record<SubDomain, string>>,
  cognition: COGNITION_TITLES,
  difficulty: DIFFICULTY_TITLES,
  minSteps: DIFFICULTY_MIN_STEPS,
  formats: FORMAT_RULES,
  perspectives: PERSPECTIVES,
} as const;

/** Finds a perspective and logic by id for a client kind, or null when the pair is not in the taxonomy. */
export function findLogic(kind: ClientKind, perspectiveId: string, logicId: string): { perspective: Perspective; logic: { id: string; title: string } } | null {
  const perspective = PERSPECTIVES[kind].find((p) => p.id === perspectiveId);
  const logic = perspective?.logics.find((l) => l.id === logicId);
  return perspective && logic ? { perspective, logic } : null;
}

/** All `perspective/logic` keys for a client kind, in table order. */
export function logicKeys(kind: ClientKind): string[] {
  return PERSPECTIVES[kind].flatMap((p) => p.logics.map((l) => `${p.id}/${l.id}`));
}
