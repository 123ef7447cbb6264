import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids, strictMax } from '../facts.js';
import { anyStatus, byValueDesc, money, outflowByCounterparty, outflowsOf, pct, pctText, total } from '../kit.js';

/** What share of successful outflow went to the largest counterparty? (counterparty concentration, comprehension, M) */
export const topCounterpartyShare: Template = {
  id: 'top-counterparty-share',
  version: 1,
  face: { max: 100 },
  tags: {
    domain: 'structure',
    sub_domain: 'concentration',
    cognition: 'comprehension',
    difficulty: 'M',
    format: 'calc',
    logics: { personal: { perspective: 'discretionary_concentration', logic: 'counterparty_concentration' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const out = outflowsOf(facts);
    const totals = byValueDesc(outflowByCounterparty(facts));
    const top = strictMax(totals);
    if (!top || totals.length < 3) return null;
    const all = total(out);
    const gold = pct(top[1], all);
    const anyOut = anyStatus(facts, -1);
    const topAny = total(anyOut.filter((r) => r.row.counterparty === top[0]));
    const topRows = out.filter((r) => r.row.counterparty === top[0]);
    const topCount = topRows.length;
    const choices = calcChoices(rng, gold, 'percent', [
      { value: pct(topAny, total(anyOut)), misconception: 'failed_rows_counted' },
      { value: pct(topCount, out.length), misconception: 'count_vs_amount' },
      { value: pct(top[1], total(facts.inflows)), misconception: 'total_vs_share' },
      { value: 100 - gold, misconception: 'total_vs_share' },
      { value: pct(totals[1][1], all), misconception: 'extreme_vs_average' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What share of the total successful outflow of {acct} went to its largest counterparty by amount?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(topRows),
      program: [
        `Successful outflow rows: ${out.length}, total ${money(all)}`,
        `Sum by counterparty; largest: ${top[0]} with ${money(top[1])}`,
        `Share: ${money(top[1])} / ${money(all)} = ${pctText(gold)}`,
      ],
    };
  },
};
