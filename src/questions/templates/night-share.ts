import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import { pct, pctText, total } from '../kit.js';

/** Share of successful purchases (personal) or sales receipts (SME) at night (nighttime, comprehension, M) */
export const nightShare: Template = {
  id: 'night-share',
  version: 1,
  face: { max: 100 },
  tags: {
    domain: 'time',
    sub_domain: 'nighttime',
    cognition: 'comprehension',
    difficulty: 'M',
    format: 'calc',
    logics: {
      personal: { perspective: 'others', logic: 'nighttime_spending' },
      sme: { perspective: 'business_activity', logic: 'nighttime_trading' },
    },
  },
  build({ facts, kind, rng, bounds, prior, admit }) {
    if (!facts.log.hasTimeOfDay) return null;
    const type = kind === 'sme' ? 'Sales Receipt' : 'Purchase';
    const all = facts.ofType(type);
    const ok = facts.okOfType(type);
    if (ok.length < 8) return null;
    const night = ok.filter((r) => facts.isNight(r));
    const gold = pct(night.length, ok.length);
    const nightAll = all.filter((r) => facts.isNight(r));
    const sixBoundary = ok.filter((r) => r.hour < 6);
    const choices = calcChoices(rng, gold, 'percent', [
      { value: pct(nightAll.length, all.length), misconception: 'failed_rows_counted' },
      { value: pct(total(night), total(ok)), misconception: 'count_vs_amount' },
      { value: pct(sixBoundary.length, ok.length), misconception: 'boundary_inclusion' },
      { value: pct(night.length, facts.ok.length), misconception: 'total_vs_share' },
      { value: 100 - gold, misconception: 'total_vs_share' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: `What share of the successful ${type} rows of {acct}, counted by number of rows, took place at night?`,
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(night),
      program: [
        `Successful ${type} rows: ${ok.length}`,
        `Of these at night (hour before the night end): ${night.length}`,
        `Share: ${night.length} / ${ok.length} = ${pctText(gold)}`,
      ],
    };
  },
};
