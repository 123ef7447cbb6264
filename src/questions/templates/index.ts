import { registerTemplates } from '../grading.js';
import type { Template } from '../template.js';
import { balanceTrend } from './balance-trend.js';
import { billMonthlyAverage } from './bill-monthly-average.js';
import { borrowingToRepay } from './borrowing-to-repay.js';
import { busiestWeekday } from './busiest-weekday.js';
import { cardRepaymentMonths } from './card-repayment-months.js';
import { cashOutAfterCredit } from './cash-out-after-credit.js';
import { categoryHhi } from './category-hhi.js';
import { costToIncome } from './cost-to-income.js';
import { debtServiceRatio } from './debt-service-ratio.js';
import { declinedShare } from './declined-share.js';
import { essentialShare } from './essential-share.js';
import { frequentMerchant } from './frequent-merchant.js';
import { inflowTypes } from './inflow-types.js';
import { largestOutflowCounterparty } from './largest-outflow-counterparty.js';
import { largestPurchaseMultiple } from './largest-purchase-multiple.js';
import { lateFeeTotal } from './late-fee-total.js';
import { liquidityStatements } from './liquidity-statements.js';
import { loanRepaymentGap } from './loan-repayment-gap.js';
import { lowBalanceDays } from './low-balance-days.js';
import { lowestBalanceMonth } from './lowest-balance-month.js';
import { lowestRevenueMonth } from './lowest-revenue-month.js';
import { misfitCounterparties } from './misfit-counterparties.js';
import { monthlyOutflowCv } from './monthly-outflow-cv.js';
import { monthsBalanceFell } from './months-balance-fell.js';
import { mostDeclinedType } from './most-declined-type.js';
import { netBorrowing } from './net-borrowing.js';
import { nightShare } from './night-share.js';
import { nonessentialCounterparties } from './nonessential-counterparties.js';
import { onlineLenders } from './online-lenders.js';
import { operatingIncomeShare } from './operating-income-share.js';
import { overseasLocations } from './overseas-locations.js';
import { overseasShare } from './overseas-share.js';
import { ownerNetTransfers } from './owner-net-transfers.js';
import { payDaySpread } from './pay-day-spread.js';
import { payrollMonths } from './payroll-months.js';
import { peakHourWindow } from './peak-hour-window.js';
import { peakMonthRatio } from './peak-month-ratio.js';
import { peakSpendingMonth } from './peak-spending-month.js';
import { purchaseWeekday } from './purchase-weekday.js';
import { qrShare } from './qr-share.js';
import { qrTopMonth } from './qr-top-month.js';
import { receivablesGap } from './receivables-gap.js';
import { refundLag } from './refund-lag.js';
import { refundRate } from './refund-rate.js';
import { refundTopCounterparty } from './refund-top-counterparty.js';
import { rentMissingMonths } from './rent-missing-months.js';
import { retentionAfterPayday } from './retention-after-payday.js';
import { revenueCv } from './revenue-cv.js';
import { riskIndicators } from './risk-indicators.js';
import { rowsPerActiveDay } from './rows-per-active-day.js';
import { salaryMonths } from './salary-months.js';
import { savingsRate } from './savings-rate.js';
import { seasonalPeakTrough } from './seasonal-peak-trough.js';
import { spikeCount } from './spike-count.js';
import { subscriptionCounterparties } from './subscription-counterparties.js';
import { supplierPaymentGap } from './supplier-payment-gap.js';
import { supplierShare } from './supplier-share.js';
import { taxMonths } from './tax-months.js';
import { topCostType } from './top-cost-type.js';
import { topCounterpartyShare } from './top-counterparty-share.js';
import { topOutflowCounterparty } from './top-outflow-counterparty.js';
import { topOutflowType } from './top-outflow-type.js';
import { topSupplier } from './top-supplier.js';
import { turnoverCycle } from './turnover-cycle.js';
import { verdictConcentration } from './verdict-concentration.js';
import { verdictConduct } from './verdict-conduct.js';
import { verdictDebt } from './verdict-debt.js';
import { verdictIndustry } from './verdict-industry.js';
import { verdictLiquidity } from './verdict-liquidity.js';
import { verdictSalary } from './verdict-salary.js';
import { verdictTime } from './verdict-time.js';
import { workingCapitalCover } from './working-capital-cover.js';

/**
 * Every question template, in id order (the registry; one template per file in this folder). A template must declare
 * what grades its answers (`GRADING` in `../grading.ts`) or the registry refuses it when the module loads.
 */
export const TEMPLATES: readonly Template[] = registerTemplates([
  balanceTrend,
  billMonthlyAverage,
  borrowingToRepay,
  busiestWeekday,
  cardRepaymentMonths,
  cashOutAfterCredit,
  categoryHhi,
  costToIncome,
  debtServiceRatio,
  declinedShare,
  essentialShare,
  frequentMerchant,
  inflowTypes,
  largestOutflowCounterparty,
  largestPurchaseMultiple,
  lateFeeTotal,
  liquidityStatements,
  loanRepaymentGap,
  lowBalanceDays,
  lowestBalanceMonth,
  lowestRevenueMonth,
  misfitCounterparties,
  monthlyOutflowCv,
  monthsBalanceFell,
  mostDeclinedType,
  netBorrowing,
  nightShare,
  nonessentialCounterparties,
  onlineLenders,
  operatingIncomeShare,
  overseasLocations,
  overseasShare,
  ownerNetTransfers,
  payDaySpread,
  payrollMonths,
  peakHourWindow,
  peakMonthRatio,
  peakSpendingMonth,
  purchaseWeekday,
  qrShare,
  qrTopMonth,
  receivablesGap,
  refundLag,
  refundRate,
  refundTopCounterparty,
  rentMissingMonths,
  retentionAfterPayday,
  revenueCv,
  riskIndicators,
  rowsPerActiveDay,
  salaryMonths,
  savingsRate,
  seasonalPeakTrough,
  spikeCount,
  subscriptionCounterparties,
  supplierPaymentGap,
  supplierShare,
  taxMonths,
  topCostType,
  topCounterpartyShare,
  topOutflowCounterparty,
  topOutflowType,
  topSupplier,
  turnoverCycle,
  verdictConcentration,
  verdictConduct,
  verdictDebt,
  verdictIndustry,
  verdictLiquidity,
  verdictSalary,
  verdictTime,
  workingCapitalCover,
]);

export { INDICATOR_TEXT } from './risk-indicators.js';
