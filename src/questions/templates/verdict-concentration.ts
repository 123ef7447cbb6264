import type { Template } from '../template.js';
import { partitionChoices } from '../options.js';
import { ids, strictMax } from '../facts.js';
import { declinedOn, nearEdge, outflowByCounterparty, outflowByType, outflowsOf, pct, pctText, total } from '../kit.js';

const CP_EDGE = 30;
const TYPE_EDGE = 50;

/** How concentrated is the spending? A 2×2 verdict on counterparty and type shares (concentration, evaluation, M) */
export const verdictConcentration: Template = {
  id: 'verdict-concentration',
  version: 1,
  tags: {
    domain: 'structure',
    sub_domain: 'concentration',
    cognition: 'evaluation',
    difficulty: 'M',
    format: 'single',
    logics: {
      personal: { perspective: 'discretionary_concentration', logic: 'counterparty_concentration' },
      sme: { perspective: 'counterparty_risk', logic: 'supplier_concentration' },
    },
  },
  build({ facts, admit }) {
    const out = outflowsOf(facts);
    if (out.length < 10) return null;
    const all = total(out);
    // the strict maximum does not depend on the entries' order: no sort
    const cp = strictMax(outflowByCounterparty(facts));
    const ty = strictMax(outflowByType(facts));
    if (!cp || !ty) return null;
    const cpShare = pct(cp[1], all);
    const tyShare = pct(ty[1], all);
    if (nearEdge(cpShare, [CP_EDGE], 1) || nearEdge(tyShare, [TYPE_EDGE], 1)) return null;
    const choices = partitionChoices(
      { holds: cpShare >= CP_EDGE, yes: 'The largest counterparty takes 30% or more of the outflow', no: 'No counterparty takes as much as 30% of the outflow' },
      { holds: tyShare >= TYPE_EDGE, yes: 'a single transaction type takes 50% or more of it', no: 'no transaction type takes as much as 50% of it' },
    );
    // declined on its answer: no evidence or program to build
    if (declinedOn(choices, admit)) return null;
    return {
      stem: 'Which statement best describes how concentrated the successful outflow of {acct} is?',
      choices,
      evidence: ids(out.filter((r) => r.row.counterparty === cp[0])),
      program: [
        `Successful outflow total: ${(all / 100).toFixed(2)}`,
        `Largest counterparty: ${cp[0]}, share ${pctText(cpShare)}`,
        `Largest type: ${ty[0]}, share ${pctText(tyShare)}`,
        `Counterparty share ≥ 30%: ${cpShare >= CP_EDGE}; type share ≥ 50%: ${tyShare >= TYPE_EDGE}`,
      ],
    };
  },
};
