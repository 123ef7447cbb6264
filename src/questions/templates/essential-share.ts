import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import { anyStatus, inflowsOf, money, outflowsOf, pct, pctText, total } from '../kit.js';
import { DISCRETIONARY_TYPES, ESSENTIAL_TYPES } from '../conventions.js';

/** Essential spending as a share of essential plus discretionary spending (essential vs discretionary, comprehension, H) */
export const essentialShare: Template = {
  id: 'essential-share',
  version: 1,
  face: { max: 100 },
  tags: {
    domain: 'structure',
    sub_domain: 'essentials',
    cognition: 'comprehension',
    difficulty: 'H',
    format: 'calc',
    logics: { personal: { perspective: 'essential_expenditure', logic: 'essential_vs_discretionary' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const ess = outflowsOf(facts, ...ESSENTIAL_TYPES);
    const disc = outflowsOf(facts, ...DISCRETIONARY_TYPES);
    if (ess.length < 2 || disc.length < 3) return null;
    const e = total(ess);
    const d = total(disc);
    const gold = pct(e, e + d);
    const refunds = total(inflowsOf(facts, 'Refund'));
    const eAny = total(anyStatus(facts, -1, ...ESSENTIAL_TYPES));
    const dAny = total(anyStatus(facts, -1, ...DISCRETIONARY_TYPES));
    const choices = calcChoices(rng, gold, 'percent', [
      { value: pct(e, d), misconception: 'total_vs_share' },
      { value: pct(eAny, eAny + dAny), misconception: 'failed_rows_counted' },
      { value: pct(e, e + d - refunds), misconception: 'gross_vs_net' },
      { value: pct(e, total(outflowsOf(facts))), misconception: 'wrong_category' },
      { value: pct(ess.length, ess.length + disc.length), misconception: 'count_vs_amount' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What share of the combined successful essential and discretionary spending of {acct} is essential, by amount?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(ess),
      program: [
        `Essential types: ${ESSENTIAL_TYPES.join(', ')}; discretionary: ${DISCRETIONARY_TYPES.join(', ')}`,
        `Successful essential outflow: ${ess.length} rows, ${money(e)}`,
        `Successful discretionary outflow: ${disc.length} rows, ${money(d)}`,
        `Combined: ${money(e + d)}`,
        `Essential share: ${money(e)} / ${money(e + d)} = ${pctText(gold)}`,
      ],
    };
  },
};
