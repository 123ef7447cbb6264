import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { ids, strictMax } from '../facts.js';
import { byValueDesc, countBy, money, outflowByCounterparty, outflowsOf, absentAnswers } from '../kit.js';

/** Which counterparty received the largest total successful outflow? (counterparty concentration, memory, L) */
export const topOutflowCounterparty: Template = {
  id: 'top-outflow-counterparty',
  version: 1,
  tags: {
    domain: 'structure',
    sub_domain: 'concentration',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: { personal: { perspective: 'discretionary_concentration', logic: 'counterparty_concentration' } },
  },
  build({ facts, rng, prior, admit }) {
    const shares = prior?.answers;
    const out = outflowsOf(facts);
    const totals = byValueDesc(outflowByCounterparty(facts));
    const top = strictMax(totals);
    if (!top || totals.length < 4) return null;
    // near misses first: the most frequent counterparty and the runner-up by amount (listed only when the answer
    // table cannot draw the wrong options)
    const wrong = (): string[] => [
      ...byValueDesc(countBy(out, (r) => r.row.counterparty)).slice(0, 1).map(([k]) => k),
      ...totals.slice(1).map(([k]) => k),
      ...absentAnswers(facts, shares),
    ];
    const choices = singleChoices(rng, top[0], wrong, { shares, names: true, prefer: 2, admit });
    if (!choices) return null;
    return {
      stem: 'Which counterparty received the largest total successful outflow from {acct}?',
      choices,
      evidence: ids(out.filter((r) => r.row.counterparty === top[0])),
      program: [
        `Successful outflow rows: ${out.length} across ${totals.length} counterparties`,
        `Largest totals: ${totals.slice(0, 4).map(([k, c]) => `${k} ${money(c)}`).join('; ')}`,
        `Largest: ${top[0]} (${money(top[1])})`,
      ],
    };
  },
};
