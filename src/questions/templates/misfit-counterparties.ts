import type { Template } from '../template.js';
import type { Definition } from '../glossary.js';
import { multiChoices, multiPool } from '../options.js';
import { byValueDesc, outflowsOf } from '../kit.js';
import type { RowView } from '../facts.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import type { TransactionType } from '../../schema/transaction-types.js';
import { anyPattern } from '../../signals/view.js';

/**
 * The rule that makes a supply counterparty a misfit, as data: the types of its payments, and the fewest calendar
 * months they must span for it to fit the account's regular supply pattern. Stated to the model with the question
 * (`MISFIT_DEFINITION`), so the item is decided by the log's dates, not by how a name sounds.
 */
export const MISFIT_RULE: { readonly types: readonly TransactionType[]; readonly minMonths: number } = {
  types: ['Purchase', 'Supplier Payment'],
  minMonths: 2,
};

/** The definition shown with every misfit-counterparties question. */
export const MISFIT_DEFINITION: Definition = {
  text: `A counterparty fits the regular supply pattern when its successful ${MISFIT_RULE.types.join(' and ')} rows with a negative amount fall in at least ${MISFIT_RULE.minMonths} different calendar months; a counterparty paid that way in fewer calendar months does not fit it.`,
  constants: [`successful ${MISFIT_RULE.types.join(' and ')} rows`, `at least ${MISFIT_RULE.minMonths} different calendar months`],
};

// Names that sound wrong for a business on their own (a steel mill for a restaurant, a golf club, a betting
// platform): never offered, so that every option is a supplier plausible for the business and only the log's dates
// tell a misfit from a regular supplier.
const t = DEFAULT_THRESHOLDS;
const IMPLAUSIBLE = anyPattern([...Object.values(t.alignment.classes).flat(), ...t.nonessential.namePatterns, ...t.risky.namePatterns]);

/** `IMPLAUSIBLE.test(name)`, kept per name: the pattern is a long alternation and logs share their vocabulary. */
function implausible(name: string): boolean {
  let hit = IMPLAUSIBLE_NAMES.get(name);
  if (hit === undefined) {
    hit = IMPLAUSIBLE.test(name);
    // bounded: a stream of logs with ever new names only refills it
    if (IMPLAUSIBLE_NAMES.size >= 50_000) IMPLAUSIBLE_NAMES.clear();
    IMPLAUSIBLE_NAMES.set(name, hit);
  }
  return hit;
}
const IMPLAUSIBLE_NAMES = new Map<string, boolean>();

/** A supply counterparty of the log: whether its name may be offered, its total paid and the months it was paid in. */
interface Payee {
  plausible: boolean;
  total: number;
  months: Set<string>;
}

/**
 * Which of the account's supply counterparties do not fit its regular supply pattern? A misfit is paid (successful
 * Purchase or Supplier Payment outflow) in fewer than `MISFIT_RULE.minMonths` calendar months; every option is a
 * counterparty the log pays that way under a name plausible for the business, so true and false options differ
 * only in the log's dates. (evaluation, M, multi)
 */
export const misfitCounterparties: Template = {
  id: 'misfit-counterparties',
  version: 2,
  tags: {
    domain: 'industry',
    sub_domain: 'alignment',
    cognition: 'evaluation',
    difficulty: 'M',
    format: 'multi',
    logics: { sme: { perspective: 'counterparty_risk', logic: 'counterparty_business_alignment' } },
  },
  build({ facts, rng, prior }) {
    // one pass: the rows of plausible names, and per counterparty its total and the months it was paid in
    const rows: RowView[] = [];
    const payees = new Map<string, Payee>();
    for (const r of outflowsOf(facts, ...MISFIT_RULE.types)) {
      const name = r.row.counterparty;
      let p = payees.get(name);
      if (!p) payees.set(name, (p = { plausible: !implausible(name), total: 0, months: new Set() }));
      if (!p.plausible) continue;
      rows.push(r);
      p.total += Math.abs(r.row.amountCents);
      p.months.add(r.month);
    }
    const months = new Map<string, Set<string>>();
    const totals: Array<[string, number]> = [];
    for (const [name, p] of payees) {
      if (!p.plausible) continue;
      months.set(name, p.months);
      totals.push([name, p.total]);
    }
    // largest payees first, so the options are the suppliers that matter to the business
    const ranked = byValueDesc(totals).map(([k]) => k);
    const misfit = ranked.filter((k) => months.get(k)!.size < MISFIT_RULE.minMonths);
    const fitting = ranked.filter((k) => months.get(k)!.size >= MISFIT_RULE.minMonths);
    const choices = multiChoices(rng, misfit, fitting, prior);
    if (!choices) return null;
    const shown = new Set(choices.map((c) => c.text));
    const monthsOf = (k: string): string => [...months.get(k)!].sort().join(', ');
    return {
      stem: 'Judging by when {acct} paid them, which of these counterparties do not fit its regular supply pattern, as defined with this question? Select all that apply.',
      choices,
      evidence: rows.filter((r) => shown.has(r.row.counterparty)).map((r) => r.row.txn_id),
      program: [
        `Successful ${MISFIT_RULE.types.join(' / ')} outflows by counterparty (names of a misfit supply class, luxury or risky platforms left out): ${ranked.length} counterparties`,
        ...choices.map((c) => `${c.text}: paid in ${months.get(c.text)!.size} month(s) (${monthsOf(c.text)}) → ${c.correct ? 'does not fit' : 'fits'}`),
        `Fits when paid in at least ${MISFIT_RULE.minMonths} calendar months; misfits in the log: ${misfit.length}, regular suppliers: ${fitting.length}`,
      ],
      pool: multiPool(misfit, fitting),
    };
  },
};
