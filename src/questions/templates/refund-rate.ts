import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import { inflowsOf, money, outflowsOf, pct, pctText, total } from '../kit.js';

/** Successful refunds as a share of successful Purchase outflow (refund frequency / disputes, comprehension, M) */
export const refundRate: Template = {
  id: 'refund-rate',
  version: 1,
  face: { max: 100 },
  tags: {
    domain: 'conduct',
    sub_domain: 'refunds',
    cognition: 'comprehension',
    difficulty: 'M',
    format: 'calc',
    logics: {
      personal: { perspective: 'others', logic: 'refund_frequency' },
      sme: { perspective: 'specialized_behaviors', logic: 'disputes_refunds_nonessential' },
    },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const refunds = inflowsOf(facts, 'Refund');
    const purchases = outflowsOf(facts, 'Purchase');
    if (refunds.length === 0 || purchases.length < 3) return null;
    const r = total(refunds);
    const p = total(purchases);
    const gold = pct(r, p);
    const anyPurch = facts.ofType('Purchase');
    const anyRef = facts.ofType('Refund');
    const choices = calcChoices(rng, gold, 'percent', [
      { value: pct(r, total(anyPurch)), misconception: 'failed_rows_counted' },
      { value: pct(total(anyRef), p), misconception: 'failed_rows_counted' },
      { value: pct(refunds.length, purchases.length), misconception: 'count_vs_amount' },
      { value: pct(r, p - r), misconception: 'gross_vs_net' },
      { value: pct(r, total(outflowsOf(facts))), misconception: 'total_vs_share' },
      { value: pct(r, total(facts.inflows)), misconception: 'refunds_as_income' },
      { value: pct(new Set(refunds.map((x) => x.row.counterparty)).size, new Set(purchases.map((x) => x.row.counterparty)).size), misconception: 'count_vs_amount' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'By amount, what share of the successful Purchase outflow of {acct} came back as successful Refund rows?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(refunds),
      program: [
        `Successful Refund rows: ${refunds.length}, total ${money(r)}`,
        `Successful Purchase rows: ${purchases.length}, total ${money(p)}`,
        `Share: ${money(r)} / ${money(p)} = ${pctText(gold)}`,
      ],
    };
  },
};
