import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import { inflowsOf, money, outflowsOf, total } from '../kit.js';

/** Net new borrowing: disbursements minus loan repayments (online micro-lenders, analysis, H) */
export const netBorrowing: Template = {
  id: 'net-borrowing',
  version: 1,
  face: { signed: true },
  tags: {
    domain: 'debt',
    sub_domain: 'microloans',
    cognition: 'analysis',
    difficulty: 'H',
    format: 'calc',
    logics: { personal: { perspective: 'high_risk_merchants', logic: 'online_micro_lenders' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const disb = inflowsOf(facts, 'Loan Disbursement');
    const rep = outflowsOf(facts, 'Loan Repayment');
    if (disb.length === 0 || rep.length === 0) return null;
    const d = total(disb);
    const r = total(rep);
    const gold = d - r;
    const card = total(outflowsOf(facts, 'Card Repayment'));
    const fees = total(outflowsOf(facts, 'Late Fee'));
    const choices = calcChoices(rng, gold, 'money', [
      { value: total(facts.ofType('Loan Disbursement')) - total(facts.ofType('Loan Repayment')), misconception: 'failed_rows_counted' },
      { value: d, misconception: 'gross_vs_net' },
      { value: d + r, misconception: 'gross_vs_net' },
      { value: d - r - card, misconception: 'wrong_category' },
      { value: d - r - fees, misconception: 'wrong_category' },
      { value: r - d, misconception: 'gross_vs_net' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'How much more did {acct} receive in successful Loan Disbursement rows than it paid back in successful Loan Repayment rows (negative if it paid back more)?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids([...disb, ...rep]),
      program: [
        `Successful Loan Disbursement rows: ${disb.length}`,
        `Their total: ${money(d)}`,
        `Successful Loan Repayment rows: ${rep.length}`,
        `Their total: ${money(r)}`,
        `Net: ${money(d)} − ${money(r)} = ${money(gold)}`,
      ],
    };
  },
};
