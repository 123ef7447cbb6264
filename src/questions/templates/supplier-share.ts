import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids, strictMax } from '../facts.js';
import { anyStatus, money, outflowsOf, pct, pctText, sumBy, total } from '../kit.js';

/** What share of Supplier Payment outflow went to the largest supplier? (supplier concentration, comprehension, M) */
export const supplierShare: Template = {
  id: 'supplier-share',
  version: 1,
  face: { max: 100 },
  tags: {
    domain: 'structure',
    sub_domain: 'concentration',
    cognition: 'comprehension',
    difficulty: 'M',
    format: 'calc',
    logics: { sme: { perspective: 'counterparty_risk', logic: 'supplier_concentration' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const rows = outflowsOf(facts, 'Supplier Payment');
    // the strict maximum and the count do not depend on the entries' order: no sort
    const totals = sumBy(rows, (r) => r.row.counterparty);
    const top = strictMax(totals);
    if (!top || totals.length < 2) return null;
    const all = total(rows);
    const gold = pct(top[1], all);
    const anyRows = anyStatus(facts, -1, 'Supplier Payment');
    const topRows = rows.filter((r) => r.row.counterparty === top[0]);
    const topCount = topRows.length;
    const choices = calcChoices(rng, gold, 'percent', [
      { value: pct(total(anyRows.filter((r) => r.row.counterparty === top[0])), total(anyRows)), misconception: 'failed_rows_counted' },
      { value: pct(topCount, rows.length), misconception: 'count_vs_amount' },
      { value: pct(top[1], total(outflowsOf(facts))), misconception: 'total_vs_share' },
      { value: 100 - gold, misconception: 'total_vs_share' },
      { value: 100 / totals.length, misconception: 'extreme_vs_average' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What share of the successful Supplier Payment outflow of {acct} went to its largest supplier by amount?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(topRows),
      program: [
        `Successful Supplier Payment rows: ${rows.length}, total ${money(all)}`,
        `Largest supplier: ${top[0]} with ${money(top[1])}`,
        `Share: ${pctText(gold)}`,
      ],
    };
  },
};
