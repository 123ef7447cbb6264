import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';

/** How many distinct counterparties received successful Subscription rows? (subscription regularity, memory, L) */
export const subscriptionCounterparties: Template = {
  id: 'subscription-counterparties',
  version: 1,
  // fits few logs (subscription signal) and its answers are peaked (one counterparty, or eight): tried first, see Template.rare
  rare: true,
  tags: {
    domain: 'structure',
    sub_domain: 'subscription',
    cognition: 'memory',
    difficulty: 'L',
    format: 'calc',
    logics: { sme: { perspective: 'loan_compliance', logic: 'rent_utility_subscription_regularity' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const all = facts.ofType('Subscription');
    const ok = all.filter((r) => r.ok);
    if (ok.length < 2) return null;
    const names = new Set(ok.map((r) => r.row.counterparty));
    const n = names.size;
    const choices = calcChoices(rng, n, 'count', [
      { value: new Set(all.map((r) => r.row.counterparty)).size, misconception: 'failed_rows_counted' },
      { value: ok.length, misconception: 'count_vs_amount' },
      { value: all.length, misconception: 'failed_rows_counted' },
      { value: n + 1, misconception: 'boundary_inclusion' },
      { value: facts.monthCount(ok), misconception: 'wrong_base_period' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'How many different counterparties received successful Subscription rows from {acct}?',
      choices,
      numericAnswer: n,
      evidence: ids(ok),
      program: [
        `Subscription rows: ${all.length}, successful: ${ok.length}`,
        `Distinct counterparties among the successful ones: ${[...names].sort().join(', ')}`,
        `Answer: ${n}`,
      ],
    };
  },
};
