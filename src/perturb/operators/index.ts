import type { Operator } from '../types.js';
import { columnReorder } from './column-reorder.js';
import { headerSynonyms } from './header-synonyms.js';
import { dateFormat } from './date-format.js';
import { thousandsSeparator } from './thousands-separator.js';
import { decimalComma } from './decimal-comma.js';
import { negativeStyle } from './negative-style.js';
import { currencySymbol } from './currency-symbol.js';
import { crlfBom } from './crlf-bom.js';
import { typos } from './typos.js';
import { mojibake } from './mojibake.js';
import { extraWhitespace } from './extra-whitespace.js';
import { dropRows } from './drop-rows.js';
import { duplicateRows } from './duplicate-rows.js';
import { balanceOffset } from './balance-offset.js';
import { orphanRefund } from './orphan-refund.js';
import { refundExceedsPurchase } from './refund-exceeds-purchase.js';
import { refundBeforePurchase } from './refund-before-purchase.js';
import { loanSkip } from './loan-skip.js';
import { loanShift } from './loan-shift.js';
import { loanResize } from './loan-resize.js';
import { scaleAmounts } from './scale-amounts.js';
import { swapAmountBalance } from './swap-amount-balance.js';
import { spliceDay } from './splice-day.js';
import { raggedRows } from './ragged-rows.js';
import { embedTab } from './embed-tab.js';
import { embedNewline } from './embed-newline.js';
import { strayQuotes } from './stray-quotes.js';
import { emptyCell } from './empty-cell.js';
import { injectInstruction } from './inject-instruction.js';

export {
  columnReorder, headerSynonyms, dateFormat, thousandsSeparator, decimalComma, negativeStyle, currencySymbol, crlfBom,
  typos, mojibake, extraWhitespace, dropRows, duplicateRows, balanceOffset, orphanRefund, refundExceedsPurchase,
  refundBeforePurchase, loanSkip, loanShift, loanResize, scaleAmounts, swapAmountBalance, spliceDay, raggedRows,
  embedTab, embedNewline, strayQuotes, emptyCell, injectInstruction,
};

/** Every perturbation operator, preserving first, in the order reports list them. */
export const OPERATORS: readonly Operator[] = [
  columnReorder, headerSynonyms, dateFormat, thousandsSeparator, decimalComma, negativeStyle, currencySymbol, crlfBom,
  typos, mojibake, extraWhitespace,
  dropRows, duplicateRows, balanceOffset, orphanRefund, refundExceedsPurchase, refundBeforePurchase,
  loanSkip, loanShift, loanResize, scaleAmounts, swapAmountBalance, spliceDay,
  raggedRows, embedTab, embedNewline, strayQuotes, emptyCell, injectInstruction,
];

/** Looks an operator up by id; throws a RangeError naming the unknown id. */
export function getOperator(id: string): Operator {
  const op = OPERATORS.find((o) => o.id === id);
  if (!op) throw new RangeError(`unknown perturbation operator ${id}`);
  return op;
}
