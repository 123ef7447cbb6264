import type { Template } from '../template.js';
import { multiChoices, multiPool } from '../options.js';
import { NEGATED_INDICATOR } from '../indicator-definitions.js';
import type { SignalId } from '../../schema/signal-id.js';
import { SIGNALS, SIGNALS_OF_KIND } from '../../schema/signals.js';

/** Plain-language descriptions of each signal, as the detectors define them (the signal table, docs/signals.md). */
export const INDICATOR_TEXT: Readonly<Record<SignalId, string>> = Object.fromEntries(SIGNALS.map((s) => [s.id, s.indicator])) as Record<SignalId, string>;

const PERSONAL = SIGNALS_OF_KIND.personal;
const SME = SIGNALS_OF_KIND.sme;

/** The indicator an option text states or denies, and whether it denies it; undefined for any other text. */
export function indicatorOption(text: string): { id: SignalId; negated: boolean } | undefined {
  for (const s of SIGNALS) {
    if (s.indicator === text) return { id: s.id, negated: false };
    if (NEGATED_INDICATOR[s.id] === text) return { id: s.id, negated: true };
  }
  return undefined;
}

/**
 * Which of these statements about risk indicators hold for the log? Truth is the detectors' output on the log
 * (SPEC §3). (evaluation, H, multi)
 *
 * A log mostly shows one indicator or two of its kind's eight, so offering the indicators alone made one or two
 * true options among four to six and every text right about a third of the time, close enough to 20% that one text
 * fell under it by chance (issue #13). Each indicator therefore comes, on a coin flip of its own, as itself ("An
 * unusually high rate of refunded purchases", true when the detector finds it) or denied ("No unusually high rate
 * of refunded purchases", true when it does not): the texts a log could offer are true about half the time, and
 * `multiChoices` offers each as often as keeps it right at that rate. Never both for one indicator (one would
 * answer the other). The coin ignores the detector's finding; that a denial of a rare indicator is mostly true is
 * evened out by its measured rate, as for any fixed text.
 */
export const riskIndicators: Template = {
  id: 'risk-indicators',
  version: 2,
  usesDetectors: true,
  tags: {
    domain: 'conduct',
    sub_domain: 'others',
    cognition: 'evaluation',
    difficulty: 'H',
    format: 'multi',
    logics: {
      personal: { perspective: 'high_risk_merchants', logic: 'high_risk_platforms' },
      sme: { perspective: 'specialized_behaviors', logic: 'cash_out_patterns', sub_domain: 'risky' },
    },
  },
  build({ facts, kind, rng, detections, prior }) {
    const d = detections();
    // Alignment needs the declared business category; without one the option could not be judged from the prompt
    const ids = (kind === 'sme' ? SME : PERSONAL).filter((id) => id !== 'alignment' || !!facts.log.businessCategory);
    const offers = ids.map((id) => {
      const negated = rng.next() < 0.5;
      return { id, negated, text: negated ? NEGATED_INDICATOR[id] : INDICATOR_TEXT[id], holds: d[id].present !== negated };
    });
    const yes = offers.filter((o) => o.holds).map((o) => o.text);
    const no = offers.filter((o) => !o.holds).map((o) => o.text);
    const choices = multiChoices(rng, yes, no, prior);
    if (!choices) return null;
    const shown = offers.filter((o) => choices.some((c) => c.text === o.text));
    // evidence: the rows of the indicators the options rightly say are there (an absence has no rows)
    const found = shown.filter((o) => o.holds && !o.negated).map((o) => o.id);
    return {
      stem: 'Which of these statements about risk indicators hold for the log of {acct}? Select all that apply.',
      choices,
      evidence: [...new Set(found.flatMap((id) => d[id].evidence))],
      program: [
        `Run the signal detectors on the log (thresholds as data, docs/signals.md)`,
        ...ids.map((id) => `${id}: ${d[id].present ? 'present' : 'absent'} (strength ${d[id].strength.toFixed(2)}, ${d[id].evidence.length} evidence rows)`),
        `Options state ${shown.filter((o) => !o.negated).length} indicators and deny ${shown.filter((o) => o.negated).length}; ${choices.filter((c) => c.correct).length} of them hold`,
      ],
      pool: multiPool(yes, no),
    };
  },
};
