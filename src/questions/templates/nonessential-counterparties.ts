import type { Template } from '../template.js';
import { multiChoices, multiPool } from '../options.js';
import { byValueDesc, outflowsOf, sumBy } from '../kit.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { anyPattern } from '../../signals/view.js';
import { shuffle } from '../../random/draw.js';

/** Which counterparties received luxury or entertainment spending? Truth: the Nonessential detector (analysis, M, multi) */
export const nonessentialCounterparties: Template = {
  id: 'nonessential-counterparties',
  version: 2,
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
    // Luxury names alone would give the answer away (and recur across logs, so a learner of names wins): as many
    // false options again are luxury names this log never pays, in any row — another brand of the log before a
    // flagged name's class ("Meilin Watch Gallery Co., Ltd.") — so only the log tells a real one from a decoy.
    const inLog = new Set(facts.counterparties());
    const brands = [...new Set(facts.counterparties().map((n) => n.split(' ')[0]))].sort();
    const want = Math.max(2, names.length);
    const decoys: string[] = [];
    const classes = shuffle(rng, names.filter((n) => n.includes(' ')).map((n) => n.slice(n.indexOf(' ') + 1)));
    for (let i = 0; classes.length && i < 2 * want && decoys.length < want; i++) {
      const d = `${brands[Math.floor(rng.next() * brands.length)]} ${classes[i % classes.length]}`;
      if (!inLog.has(d) && !decoys.includes(d)) decoys.push(d);
    }
    const plain = shuffle(rng, others).slice(0, Math.max(2, decoys.length));
    const wrong = [...decoys, ...plain];
    const choices = multiChoices(rng, names, wrong, prior);
    if (!choices) return null;
    const shown = new Set(choices.filter((c) => c.correct).map((c) => c.text));
    return {
      stem: 'Which of these counterparties received luxury or entertainment spending from {acct}, money a business does not need to operate? Select all that apply.',
      choices,
      evidence: rows.filter((r) => shown.has(r.row.counterparty)).map((r) => r.row.txn_id),
      program: [
        `Nonessential detector: present, ${d.evidence.length} rows to luxury or entertainment merchant classes`,
        `Their counterparties: ${names.join(', ')}`,
        `False options: luxury names this log never pays (${decoys.join(', ') || 'none'}) and other outflow counterparties`,
      ],
      pool: multiPool(names, wrong),
    };
  },
};
