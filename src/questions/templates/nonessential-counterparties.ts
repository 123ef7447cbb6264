import type { Template } from '../template.js';
import { multiChoices, multiPool } from '../options.js';
import { byValueDesc, outflowsOf, sumBy } from '../kit.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { anyPattern } from '../../signals/view.js';

/** Which counterparties received luxury or entertainment spending? Truth: the Nonessential detector (analysis, M, multi) */
export const nonessentialCounterparties: Template = {
  id: 'nonessential-counterparties',
  version: 1,
  rare: true,
  usesDetectors: true,
  tags: {
    domain: 'conduct',
    sub_domain: 'nonessential',
    cognition: 'analysis',
    difficulty: 'M',
    format: 'multi',
    logics: { sme: { perspective: 'specialized_behaviors', logic: 'disputes_refunds_nonessential' } },
  },
  build({ facts, rng, detections, prior }) {
    // necessary condition of the detector (a counterparty of a luxury class), checked before running the detectors
    const re = anyPattern(DEFAULT_THRESHOLDS.nonessential.namePatterns);
    if (!facts.counterparties().some((name) => re.test(name))) return null;
    const d = detections().nonessential;
    if (!d.present) return null;
    const flagged = new Set(d.evidence);
    const rows = facts.rows.filter((r) => flagged.has(r.row.txn_id));
    const names = [...new Set(rows.map((r) => r.row.counterparty))];
    const others = byValueDesc(sumBy(outflowsOf(facts).filter((r) => !names.includes(r.row.counterparty)), (r) => r.row.counterparty)).map(([k]) => k);
    const choices = multiChoices(rng, names, others, prior);
    if (!choices) return null;
    const shown = new Set(choices.filter((c) => c.correct).map((c) => c.text));
    return {
      stem: 'Which of these counterparties received luxury or entertainment spending from {acct}, money a business does not need to operate? Select all that apply.',
      choices,
      evidence: rows.filter((r) => shown.has(r.row.counterparty)).map((r) => r.row.txn_id),
      program: [
        `Nonessential detector: present, ${d.evidence.length} rows to luxury or entertainment merchant classes`,
        `Their counterparties: ${names.join(', ')}`,
        `False options: other outflow counterparties (${others.length} available)`,
      ],
      pool: multiPool(names, others),
    };
  },
};
