import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { ids, strictMax } from '../facts.js';
import { byValueDesc, countBy, money, outflowByCounterparty, outflowsOf, sumBy, absentAnswers } from '../kit.js';

/** Which supplier received the largest total of successful Supplier Payment rows? (supplier concentration, memory, L) */
export const topSupplier: Template = {
  id: 'top-supplier',
  version: 1,
  tags: {
    domain: 'structure',
    sub_domain: 'concentration',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: { sme: { perspective: 'counterparty_risk', logic: 'supplier_concentration' } },
  },
  build({ facts, rng, prior, admit }) {
    const shares = prior?.answers;
    const rows = outflowsOf(facts, 'Supplier Payment');
    const totals = byValueDesc(sumBy(rows, (r) => r.row.counterparty));
    const top = strictMax(totals);
    if (!top || totals.length < 2) return null;
    // wrong candidates (listed only when the answer table cannot draw the wrong options): the most frequent supplier,
    // the runners-up, other counterparties
    const wrong = (): string[] => [
      ...byValueDesc(countBy(rows, (r) => r.row.counterparty)).slice(0, 1).map(([k]) => k),
      ...totals.slice(1).map(([k]) => k),
      ...byValueDesc(outflowByCounterparty(facts)).map(([k]) => k),
      ...absentAnswers(facts, shares),
    ];
    const choices = singleChoices(rng, top[0], wrong, { shares, names: true, prefer: 2, admit });
    if (!choices) return null;
    return {
      stem: 'Which counterparty received the largest total in successful Supplier Payment rows from {acct}?',
      choices,
      evidence: ids(rows.filter((r) => r.row.counterparty === top[0])),
      program: [
        `Successful Supplier Payment rows: ${rows.length} to ${totals.length} suppliers`,
        `Totals: ${totals.slice(0, 5).map(([k, c]) => `${k} ${money(c)}`).join('; ')}`,
        `Largest: ${top[0]}`,
      ],
    };
  },
};
