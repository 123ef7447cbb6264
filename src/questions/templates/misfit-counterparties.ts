import type { Template } from '../template.js';
import { multiChoices } from '../options.js';
import { byValueDesc, sumBy } from '../kit.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { anyPattern } from '../../signals/view.js';

/** Which counterparties supply things that do not fit the declared business? Truth: the Alignment detector (evaluation, M, multi) */
export const misfitCounterparties: Template = {
  id: 'misfit-counterparties',
  version: 1,
  rare: true,
  usesDetectors: true,
  tags: {
    domain: 'industry',
    sub_domain: 'alignment',
    cognition: 'evaluation',
    difficulty: 'M',
    format: 'multi',
    logics: { sme: { perspective: 'counterparty_risk', logic: 'counterparty_business_alignment' } },
  },
  build({ facts, rng, detections, prior }) {
    const cat = facts.log.businessCategory as keyof typeof DEFAULT_THRESHOLDS.alignment.misfits | undefined;
    if (!cat || !DEFAULT_THRESHOLDS.alignment.misfits[cat]) return null;
    // necessary condition of the detector (a misfit supply class in some counterparty), checked before running it
    const t = DEFAULT_THRESHOLDS.alignment;
    const re = anyPattern(t.misfits[cat].flatMap((c) => t.classes[c] ?? []));
    if (!facts.counterparties().some((name) => re.test(name))) return null;
    const d = detections().alignment;
    if (!d.present) return null;
    const flagged = new Set(d.evidence);
    const rows = facts.rows.filter((r) => r.row.amountCents < 0 && (r.row.type === 'Purchase' || r.row.type === 'Supplier Payment'));
    const misfit = [...new Set(rows.filter((r) => flagged.has(r.row.txn_id)).map((r) => r.row.counterparty))];
    const fitting = byValueDesc(sumBy(rows.filter((r) => !misfit.includes(r.row.counterparty)), (r) => r.row.counterparty)).map(([k]) => k);
    const choices = multiChoices(rng, misfit, fitting, prior?.truth);
    if (!choices) return null;
    const shown = new Set(choices.filter((c) => c.correct).map((c) => c.text));
    return {
      stem: '{Acct} has a declared business category, shown with the log. Which of these counterparties paid by {acct} supply goods that do not fit that business? Select all that apply.',
      choices,
      evidence: rows.filter((r) => flagged.has(r.row.txn_id) && shown.has(r.row.counterparty)).map((r) => r.row.txn_id),
      program: [
        `Declared business category: ${facts.log.businessCategory}`,
        `Alignment detector: present, ${d.evidence.length} misfit rows`,
        `Misfit counterparties: ${misfit.join(', ')}`,
        `Other Purchase / Supplier Payment counterparties: ${fitting.length}`,
      ],
    };
  },
};
