import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import { anyStatus, money, outflowsOf, pct, pctText, total } from '../kit.js';

/** Share of successful outflow made overseas, by amount (overseas spending, comprehension, M) */
export const overseasShare: Template = {
  id: 'overseas-share',
  version: 1,
  face: { max: 100 },
  tags: {
    domain: 'conduct',
    sub_domain: 'overseas',
    cognition: 'comprehension',
    difficulty: 'M',
    format: 'calc',
    logics: { personal: { perspective: 'others', logic: 'overseas_spending' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const out = outflowsOf(facts);
    const home = facts.homeCountry;
    const abroad = out.filter((r) => r.row.location !== home);
    if (abroad.length === 0 || out.length < 5) return null;
    const gold = pct(total(abroad), total(out));
    const anyOut = anyStatus(facts, -1);
    const anyAbroad = anyOut.filter((r) => r.row.location !== home);
    const choices = calcChoices(rng, gold, 'percent', [
      { value: pct(total(anyAbroad), total(anyOut)), misconception: 'failed_rows_counted' },
      { value: pct(abroad.length, out.length), misconception: 'count_vs_amount' },
      { value: pct(total(abroad), total(facts.inflows)), misconception: 'total_vs_share' },
      { value: 100 - gold, misconception: 'total_vs_share' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What share of the total successful outflow of {acct}, by amount, was made overseas?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(abroad),
      program: [
        `Home country: ${home}; successful outflow total ${money(total(out))}`,
        `Overseas successful outflow rows: ${abroad.length}, total ${money(total(abroad))}`,
        `Share: ${pctText(gold)}`,
      ],
    };
  },
};
