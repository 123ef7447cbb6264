import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { ids, strictMax } from '../facts.js';
import { byValueDesc, inflowsOf, money, outflowByCounterparty, outflowsOf, sumBy, absentAnswers } from '../kit.js';

/** Which counterparty paid back the largest total in successful refunds? (refund frequency, memory, L) */
export const refundTopCounterparty: Template = {
  id: 'refund-top-counterparty',
  version: 1,
  tags: {
    domain: 'conduct',
    sub_domain: 'refunds',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: { personal: { perspective: 'others', logic: 'refund_frequency' } },
  },
  build({ facts, rng, prior, admit }) {
    const shares = prior?.answers;
    const refunds = inflowsOf(facts, 'Refund');
    if (refunds.length < 2) return null;
    const totals = byValueDesc(sumBy(refunds, (r) => r.row.counterparty));
    const top = strictMax(totals);
    if (!top) return null;
    // listed only when the answer table cannot draw the wrong options
    const wrong = (): string[] => [
      ...totals.slice(1).map(([k]) => k),
      ...byValueDesc(sumBy(outflowsOf(facts, 'Purchase'), (r) => r.row.counterparty)).map(([k]) => k),
      ...byValueDesc(outflowByCounterparty(facts)).map(([k]) => k),
      ...absentAnswers(facts, shares),
    ];
    const choices = singleChoices(rng, top[0], wrong, { shares, names: true, prefer: 1, admit });
    if (!choices) return null;
    return {
      stem: 'Which counterparty paid back the largest total in successful Refund rows to {acct}?',
      choices,
      evidence: ids(refunds.filter((r) => r.row.counterparty === top[0])),
      program: [
        `Successful Refund rows: ${refunds.length}`,
        `Totals by counterparty: ${totals.map(([k, c]) => `${k} ${money(c)}`).join('; ')}`,
        `Largest: ${top[0]}`,
      ],
    };
  },
};
