import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { ids, strictMax } from '../facts.js';
import { byValueDesc, money, outflowByType, outflowsOf } from '../kit.js';
import { TRANSACTION_TYPES, TYPE_DIRECTION } from '../../schema/transaction-types.js';

/** The transaction types whose rows are outflows. */
const OUTFLOW_TYPES = TRANSACTION_TYPES.filter((t) => TYPE_DIRECTION[t] === -1);

/** Which transaction type carries the largest total successful outflow? (category concentration, memory, L) */
export const topOutflowType: Template = {
  id: 'top-outflow-type',
  version: 1,
  tags: {
    domain: 'structure',
    sub_domain: 'concentration',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: { personal: { perspective: 'discretionary_concentration', logic: 'category_concentration' } },
  },
  build({ facts, rng, prior, admit }) {
    const shares = prior?.answers;
    const out = outflowsOf(facts);
    const totals = byValueDesc(outflowByType(facts));
    const top = strictMax(totals);
    if (!top || totals.length < 2) return null;
    // listed only when the answer table cannot draw the wrong options
    const wrong = (): string[] => [...totals.slice(1).map(([t]) => t), ...OUTFLOW_TYPES.filter((t) => !totals.some(([k]) => k === t))];
    const choices = singleChoices(rng, top[0], wrong, { shares, prefer: 2, admit });
    if (!choices) return null;
    return {
      stem: 'Which transaction type accounts for the largest total successful outflow of {acct}?',
      choices,
      evidence: ids(out.filter((r) => r.row.type === top[0])),
      program: [
        `Successful outflow rows: ${out.length}`,
        `Totals by type: ${totals.map(([t, c]) => `${t} ${money(c)}`).join('; ')}`,
        `Largest: ${top[0]} (${money(top[1])})`,
      ],
    };
  },
};
