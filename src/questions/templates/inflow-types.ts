import type { Template } from '../template.js';
import { multiChoices } from '../options.js';
import { ids } from '../facts.js';
import { inflowsOf, money, thresholdStatement, total } from '../kit.js';
import { NON_OPERATING_INFLOW_TYPES } from '../conventions.js';

/** Which non-operating inflow types appear as successful inflows? (operating vs non-operating, memory, L, multi) */
export const inflowTypes: Template = {
  id: 'inflow-types',
  version: 3,
  tags: {
    domain: 'structure',
    sub_domain: 'others',
    cognition: 'memory',
    difficulty: 'L',
    format: 'multi',
    logics: { sme: { perspective: 'cash_flow_health', logic: 'operating_vs_non_operating' } },
  },
  build({ facts, rng, prior }) {
    const present = NON_OPERATING_INFLOW_TYPES.filter((t) => facts.okOfType(t).some((r) => r.row.amountCents > 0));
    if (present.length === 0) return null;
    const absent = NON_OPERATING_INFLOW_TYPES.filter((t) => !present.includes(t));
    // presence statements (right as often as the type appears) and, for present types, totals against a threshold
    // drawn so that each holds on a coin flip: the options are settled by the log, not by which types are usual
    const statements = [
      ...present.map((t) => ({ text: `${t} brought money in through at least one successful row`, holds: true })),
      ...absent.map((t) => ({ text: `${t} brought money in through at least one successful row`, holds: false })),
      ...present.map((t) => {
        const rows = inflowsOf(facts, t);
        const s = thresholdStatement(rng, total(rows), 'money', (x) => `Successful ${t} inflow totals less than ${x}`, rows);
        return { text: s.text, holds: s.holds };
      }),
      // row counts against a coin-flip threshold too: enough statements settled by the log that the presence ones,
      // nearly always true (Interest) or false (Refund) for a profile, are seldom needed to make an item
      ...present.map((t) => {
        const rows = inflowsOf(facts, t);
        const s = thresholdStatement(rng, rows.length, 'count', (n) => `At least ${n} successful ${t} rows brought money in`, rows, { min: 1 });
        return { text: s.text, holds: s.holds };
      }),
    ];
    const choices = multiChoices(rng, statements.filter((x) => x.holds).map((x) => x.text), statements.filter((x) => !x.holds).map((x) => x.text), prior?.truth);
    if (!choices) return null;
    return {
      stem: 'Which of these statements about the non-operating money that came into {acct} through successful rows are true? Select all that apply.',
      choices,
      evidence: ids(facts.ok.filter((r) => r.row.amountCents > 0 && present.includes(r.row.type as (typeof present)[number]))),
      program: [
        `Non-operating inflow types by convention: ${NON_OPERATING_INFLOW_TYPES.join(', ')}`,
        `Of these, types with a successful positive row: ${present.join(', ')}`,
        `Their successful inflow totals: ${present.map((t) => `${t} ${money(total(inflowsOf(facts, t)))}`).join('; ')}`,
        ...choices.map((c) => `${c.correct ? 'TRUE ' : 'FALSE'}: ${c.text}`),
      ],
    };
  },
};
