import type { Template } from '../template.js';
import { partitionChoices } from '../options.js';
import { ids } from '../facts.js';
import { declinedOn, nearEdge, outflowsOf, pct, pctText, total } from '../kit.js';

const NIGHT_EDGE = 10;
const ABROAD_EDGE = 5;

/** Night and overseas spending together: a 2×2 verdict (nighttime spending, evaluation, M) */
export const verdictConduct: Template = {
  id: 'verdict-conduct',
  version: 1,
  tags: {
    domain: 'conduct',
    sub_domain: 'nighttime',
    cognition: 'evaluation',
    difficulty: 'M',
    format: 'single',
    logics: { personal: { perspective: 'others', logic: 'nighttime_spending' } },
  },
  build({ facts, admit }) {
    if (!facts.log.hasTimeOfDay) return null;
    const purchases = facts.okOfType('Purchase');
    const out = outflowsOf(facts);
    if (purchases.length < 8) return null;
    const night = purchases.filter((r) => facts.isNight(r));
    const nightShare = pct(night.length, purchases.length);
    const abroad = out.filter((r) => r.row.location !== facts.homeCountry);
    const abroadShare = pct(total(abroad), total(out));
    if (nearEdge(nightShare, [NIGHT_EDGE], 1) || nearEdge(abroadShare, [ABROAD_EDGE], 0.5)) return null;
    const choices = partitionChoices(
      { holds: nightShare >= NIGHT_EDGE, yes: 'At least 10% of successful Purchase rows are at night', no: 'Fewer than 10% of successful Purchase rows are at night' },
      { holds: abroadShare >= ABROAD_EDGE, yes: 'at least 5% of successful outflow by amount is overseas', no: 'less than 5% of successful outflow by amount is overseas' },
    );
    // declined on its answer: no evidence or program to build
    if (declinedOn(choices, admit)) return null;
    return {
      stem: 'Which statement best describes when and where {acct} spends?',
      choices,
      evidence: ids([...night, ...abroad]),
      program: [
        `Successful Purchase rows: ${purchases.length}, at night: ${night.length}`,
        `Night share: ${pctText(nightShare)}`,
        `Overseas share of successful outflow: ${pctText(abroadShare)} (home ${facts.homeCountry})`,
        `Night ≥ 10%: ${nightShare >= NIGHT_EDGE}; overseas ≥ 5%: ${abroadShare >= ABROAD_EDGE}`,
      ],
    };
  },
};
