import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import { money, outflowsOf, total } from '../kit.js';
import { maxOf } from '../../log/extremes.js';

/** Total successfully disbursed by lenders through the ONLINE channel (online micro-lenders, memory, M) */
export const onlineLenders: Template = {
  id: 'online-lenders',
  version: 2,
  tags: {
    domain: 'debt',
    sub_domain: 'microloans',
    cognition: 'memory',
    difficulty: 'M',
    format: 'calc',
    logics: { personal: { perspective: 'high_risk_merchants', logic: 'online_micro_lenders' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const all = facts.ofType('Loan Disbursement').filter((r) => r.row.amountCents > 0);
    const online = all.filter((r) => r.row.channel === 'ONLINE');
    const ok = online.filter((r) => r.ok);
    if (ok.length === 0) return null;
    const gold = total(ok);
    const lenders = new Set(ok.map((r) => r.row.counterparty));
    const repaid = total(outflowsOf(facts, 'Loan Repayment').filter((r) => lenders.has(r.row.counterparty)));
    const choices = calcChoices(rng, gold, 'money', [
      { value: total(online), misconception: 'failed_rows_counted' },
      { value: total(all.filter((r) => r.ok)), misconception: 'wrong_category' },
      { value: gold - repaid, misconception: 'gross_vs_net' },
      { value: maxOf(ok.map((r) => r.row.amountCents)), misconception: 'single_vs_total' },
      { value: gold / ok.length, misconception: 'single_vs_total' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What is the total of the successful Loan Disbursement rows that {acct} received through the ONLINE channel?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(ok),
      program: [
        `Loan Disbursement rows: ${all.length}`,
        `With channel ONLINE: ${online.length}`,
        `Successful among them: ${ok.length}, from ${lenders.size} lenders`,
        `Total: ${ok.map((r) => money(r.row.amountCents)).join(' + ')} = ${money(gold)}`,
      ],
    };
  },
};
