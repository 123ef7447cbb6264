import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { byValueDesc, money, outflowByCounterparty, outflowsOf, absentAnswers } from '../kit.js';

/** Which counterparty received the largest single successful outflow? (spending spikes, memory, L) */
export const largestOutflowCounterparty: Template = {
  id: 'largest-outflow-counterparty',
  version: 1,
  tags: {
    domain: 'conduct',
    sub_domain: 'spikes',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: { personal: { perspective: 'discretionary_concentration', logic: 'spending_spikes' } },
  },
  build({ facts, rng, prior, admit }) {
    const shares = prior?.answers;
    const out = outflowsOf(facts);
    if (out.length < 5) return null;
    let max = 0;
    for (const r of out) max = Math.max(max, -r.row.amountCents);
    const top = out.filter((r) => -r.row.amountCents === max);
    const names = new Set(top.map((r) => r.row.counterparty));
    if (names.size !== 1) return null;
    const name = top[0].row.counterparty;
    // near misses: the largest declined outflow's counterparty, then the biggest totals
    const failedMax = facts.failed.filter((r) => r.row.amountCents < 0).sort((a, b) => a.row.amountCents - b.row.amountCents)[0];
    // listed only when the answer table cannot draw the wrong options
    const wrong = (): string[] => [
      ...(failedMax ? [failedMax.row.counterparty] : []),
      ...byValueDesc(outflowByCounterparty(facts)).map(([k]) => k),
      ...absentAnswers(facts, shares),
    ];
    const choices = singleChoices(rng, name, wrong, { shares, names: true, prefer: failedMax ? 1 : 0, admit });
    if (!choices) return null;
    return {
      stem: 'Which counterparty received the largest single successful outflow of {acct}?',
      choices,
      evidence: top.map((r) => r.row.txn_id),
      program: [
        `Successful outflow rows: ${out.length} (FAILED rows moved no money)`,
        `Largest single amount: ${money(max)} at ${top.map((r) => r.row.txn_id).join(', ')}`,
        `Its counterparty: ${name}`,
      ],
    };
  },
};
