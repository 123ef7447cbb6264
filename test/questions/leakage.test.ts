import { describe, expect, test } from 'vitest';
import { checkLeakage } from '../../src/questions/leakage.js';
import { makeLog } from './fixtures.js';

const log = makeLog('p1', 100, [
  ['2023-01-02 10:00:00', 'Purchase', 'POS', 'Hongyun Hotpot', -10],
  ['2023-01-03 10:00:00', 'Supplier Payment', 'TRANSFER', 'Bright Star Co., Ltd.', -10],
  ['2023-01-04 10:00:00', 'Purchase', 'POS', 'Online Store', -10],
  ['2023-01-05 10:00:00', 'Purchase', 'POS', "Zhang's Noodle Bar", -10],
]);

describe('checkLeakage', () => {
  test.each([
    ['the largest single outflow of this account', []],
    ['a certain supplier paid by this account', []],
    ['Which transaction type has the most FAILED rows?', []],
    ['the month with the largest outflow, and both of them', []],
  ])('accepts a relative stem: %s', (stem, expected) => {
    expect(checkLeakage(stem, log)).toEqual(expected);
  });

  test.each([
    ['How many of the 3 rows', 'digit "3"'],
    ['share in ２０２３', 'digit "２"'],
    ['twice a month', 'written number "twice"'],
    ['the first salary', 'written number "first"'],
    ['more than half of spending', 'written number "half"'],
    ['a dozen purchases', 'written number "dozen"'],
    ['one of the payments', 'written number "one"'],
    ['the twelfth payment', 'written number "twelfth"'],
    ['ten percent of income', 'written number "ten"'],
    ['spent in May', 'month name "may"'],
    ['during Sept', 'month name "sept"'],
    ['on Friday evenings', 'weekday name "friday"'],
    ["Monday's rows", 'weekday name "monday"'],
    ['around the Spring Festival', 'named date "spring festival"'],
    ['before Double Eleven sales', 'written number "double"'],
    ['amounts above ¥ levels', 'amount sign "¥"'],
    ['a rate in %', 'amount sign "%"'],
    ['paid to Hongyun Hotpot', 'counterparty "hongyun hotpot"'],
    ['the bright star invoices', 'counterparty name "bright star"'],
    ["a meal at Zhang's Noodle Bar", `counterparty "zhang's noodle bar"`],
  ])('flags %s', (stem, finding) => {
    expect(checkLeakage(stem, log)).toContain(finding);
  });

  test('does not flag a generic counterparty core that is an ordinary word', () => {
    // "Online Store" strips to "online", a generic word that stems may use
    expect(checkLeakage('through the ONLINE channel', log)).toEqual([]);
  });
});
