import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { ids, strictMax } from '../facts.js';
import { byValueDesc, countBy, sumBy, absentAnswers } from '../kit.js';

/** Which counterparty appears on the most successful Purchase rows? (counterparty concentration, memory, L) */
export const frequentMerchant: Template = {
  id: 'frequent-merchant',
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
    const rows = facts.okOfType('Purchase');
    if (rows.length < 6) return null;
    const counts = byValueDesc(countBy(rows, (r) => r.row.counterparty));
    const top = strictMax(counts);
    if (!top) return null;
    // near miss: the merchant with the largest purchase total, when it differs (wrong candidates are listed only
    // when the answer table cannot draw the wrong options)
    const byAmount = (): string[] => byValueDesc(sumBy(rows, (r) => r.row.counterparty)).map(([k]) => k);
    const choices = singleChoices(rng, top[0], () => [...byAmount().filter((k) => k !== top[0]).slice(0, 1), ...counts.slice(1).map(([k]) => k), ...absentAnswers(facts, shares)], { shares, names: true, prefer: 1, admit });
    if (!choices) return null;
    return {
      stem: 'Which counterparty appears on the most successful Purchase rows of {acct}?',
      choices,
      evidence: ids(rows.filter((r) => r.row.counterparty === top[0])),
      program: [
        `Successful Purchase rows: ${rows.length}`,
        `Rows per counterparty: ${counts.slice(0, 6).map(([k, n]) => `${k} ${n}`).join('; ')}`,
        `Most: ${top[0]} (${top[1]})`,
      ],
    };
  },
};
