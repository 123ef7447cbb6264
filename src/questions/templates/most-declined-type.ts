import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { ids, strictMax } from '../facts.js';
import { byValueDesc, countBy } from '../kit.js';

/** Which transaction type has the most declined rows? (declined transactions, memory, L) */
export const mostDeclinedType: Template = {
  id: 'most-declined-type',
  version: 1,
  tags: {
    domain: 'liquidity',
    sub_domain: 'liquidity',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: { personal: { perspective: 'failures_liquidity', logic: 'declined_transactions' } },
  },
  build({ facts, rng, prior, admit }) {
    const shares = prior?.answers;
    if (facts.failed.length < 2) return null;
    const counts = byValueDesc(countBy(facts.failed, (r) => r.row.type));
    const top = strictMax(counts);
    if (!top) return null;
    // listed only when the answer table cannot draw the wrong options
    const wrong = (): string[] => [...counts.slice(1).map(([t]) => t), ...byValueDesc(countBy(facts.rows, (r) => r.row.type)).map(([t]) => t)];
    const choices = singleChoices(rng, top[0], wrong, { shares, prefer: 1, admit });
    if (!choices) return null;
    return {
      stem: 'Which transaction type has the most FAILED (declined) rows in {acct}?',
      choices,
      evidence: ids(facts.failed.filter((r) => r.row.type === top[0])),
      program: [
        `FAILED rows: ${facts.failed.length}`,
        `By type: ${counts.map(([t, n]) => `${t} ${n}`).join('; ')}`,
        `Most: ${top[0]} (${top[1]})`,
      ],
    };
  },
};
