import type { Template } from '../template.js';
import { multiChoices } from '../options.js';
import { ids } from '../facts.js';
import { NON_OPERATING_INFLOW_TYPES } from '../conventions.js';

/** Which non-operating inflow types appear as successful inflows? (operating vs non-operating, memory, L, multi) */
export const inflowTypes: Template = {
  id: 'inflow-types',
  version: 1,
  tags: {
    domain: 'structure',
    sub_domain: 'others',
    cognition: 'memory',
    difficulty: 'L',
    format: 'multi',
    logics: { sme: { perspective: 'cash_flow_health', logic: 'operating_vs_non_operating' } },
  },
  build({ facts, rng }) {
    const present = NON_OPERATING_INFLOW_TYPES.filter((t) => facts.okOfType(t).some((r) => r.row.amountCents > 0));
    if (present.length === 0) return null;
    const absent = NON_OPERATING_INFLOW_TYPES.filter((t) => !present.includes(t));
    const choices = multiChoices(rng, present, [...absent, 'Sales Receipt']);
    if (!choices) return null;
    const shown = choices.filter((c) => c.correct).map((c) => c.text);
    return {
      stem: 'Which of these transaction types brought non-operating money into {acct} through successful rows? Select all that apply.',
      choices,
      evidence: ids(facts.ok.filter((r) => r.row.amountCents > 0 && shown.includes(r.row.type))),
      program: [
        `Non-operating inflow types by convention: ${NON_OPERATING_INFLOW_TYPES.join(', ')}`,
        `Of these, types with a successful positive row: ${present.join(', ')}`,
        `Sales Receipt is operating income, so never a correct option`,
      ],
    };
  },
};
