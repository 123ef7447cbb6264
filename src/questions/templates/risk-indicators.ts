import type { Template } from '../template.js';
import { multiChoices, multiPool } from '../options.js';
import type { SignalId } from '../../schema/signal-id.js';
import { SIGNALS, SIGNALS_OF_KIND } from '../../schema/signals.js';

/** Plain-language descriptions of each signal, as the detectors define them (the signal table, docs/signals.md). */
export const INDICATOR_TEXT: Readonly<Record<SignalId, string>> = Object.fromEntries(SIGNALS.map((s) => [s.id, s.indicator])) as Record<SignalId, string>;

const PERSONAL = SIGNALS_OF_KIND.personal;
const SME = SIGNALS_OF_KIND.sme;

/** Which indicators does this log show? Truth is the detectors' output on the log (SPEC §3). (evaluation, H, multi) */
export const riskIndicators: Template = {
  id: 'risk-indicators',
  version: 1,
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
    const present = ids.filter((id) => d[id].present);
    const absent = ids.filter((id) => !d[id].present);
    const yes = present.map((id) => INDICATOR_TEXT[id]);
    const no = absent.map((id) => INDICATOR_TEXT[id]);
    const choices = multiChoices(rng, yes, no, prior);
    if (!choices) return null;
    const shown = ids.filter((id) => choices.some((c) => c.correct && c.text === INDICATOR_TEXT[id]));
    return {
      stem: 'Which of these risk indicators does the log of {acct} show? Select all that apply.',
      choices,
      evidence: [...new Set(shown.flatMap((id) => d[id].evidence))],
      program: [
        `Run the signal detectors on the log (thresholds as data, docs/signals.md)`,
        ...ids.map((id) => `${id}: ${d[id].present ? 'present' : 'absent'} (strength ${d[id].strength.toFixed(2)}, ${d[id].evidence.length} evidence rows)`),
        `Options list ${choices.length} indicators, ${shown.length} of them present`,
      ],
      pool: multiPool(yes, no),
    };
  },
};
