import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import { inflowsOf, money, outflowsOf, total } from '../kit.js';

/** Net of successful Transfer In minus Transfer Out: owner and related-party funding (related-party transfers, analysis, M) */
export const ownerNetTransfers: Template = {
  id: 'owner-net-transfers',
  version: 1,
  face: { signed: true },
  tags: {
    domain: 'liquidity',
    sub_domain: 'others',
    cognition: 'analysis',
    difficulty: 'M',
    format: 'calc',
    logics: { sme: { perspective: 'counterparty_risk', logic: 'related_party_transfers' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const tin = inflowsOf(facts, 'Transfer In');
    const tout = outflowsOf(facts, 'Transfer Out');
    if (tin.length + tout.length < 2) return null;
    const i = total(tin);
    const o = total(tout);
    const gold = i - o;
    const anyIn = total(facts.ofType('Transfer In'));
    const anyOut = total(facts.ofType('Transfer Out'));
    const choices = calcChoices(rng, gold, 'money', [
      { value: anyIn - anyOut, misconception: 'failed_rows_counted' },
      { value: i + o, misconception: 'gross_vs_net' },
      { value: o - i, misconception: 'gross_vs_net' },
      { value: i, misconception: 'gross_vs_net' },
      { value: -o, misconception: 'gross_vs_net' },
      { value: i - o - total(outflowsOf(facts, 'ATM Withdrawal')) + total(inflowsOf(facts, 'Cash Deposit')), misconception: 'wrong_category' },
      { value: (i - o) / (tin.length + tout.length), misconception: 'single_vs_total' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'Treating Transfer In and Transfer Out rows as money moved by the owner and related parties, what is the net successful amount they put into {acct} (negative if they took money out)?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids([...tin, ...tout]),
      program: [
        `Successful Transfer In rows: ${tin.length}, total ${money(i)}`,
        `Successful Transfer Out rows: ${tout.length}, total ${money(o)}`,
        `Net: ${money(i)} − ${money(o)} = ${money(gold)}`,
      ],
    };
  },
};
