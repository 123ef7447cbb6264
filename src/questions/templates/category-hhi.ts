import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { anyStatus, countBy, outflowByCounterparty, outflowByType, outflowsOf, sumBy, total } from '../kit.js';
import { maxOf } from '../../log/extremes.js';

function hhi(parts: Array<[string, number]>): number {
  const all = parts.reduce((s, [, v]) => s + v, 0);
  return parts.reduce((s, [, v]) => s + (v / all) ** 2, 0);
}

/** Herfindahl–Hirschman index of outflow across transaction types (category concentration, analysis, H) */
export const categoryHhi: Template = {
  id: 'category-hhi',
  version: 1,
  face: { max: 1 },
  tags: {
    domain: 'structure',
    sub_domain: 'concentration',
    cognition: 'analysis',
    difficulty: 'H',
    format: 'calc',
    logics: { personal: { perspective: 'discretionary_concentration', logic: 'category_concentration' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const out = outflowsOf(facts);
    const parts = outflowByType(facts);
    if (parts.length < 3) return null;
    const gold = hhi(parts);
    const all = total(out);
    const choices = calcChoices(rng, gold, 'ratio', [
      { value: hhi(sumBy(anyStatus(facts, -1), (r) => r.row.type)), misconception: 'failed_rows_counted' },
      { value: hhi(countBy(out, (r) => r.row.type)), misconception: 'count_vs_amount' },
      { value: hhi(outflowByCounterparty(facts)), misconception: 'wrong_category' },
      { value: maxOf(parts.map(([, v]) => v)) / all, misconception: 'extreme_vs_average' },
      { value: 1 / parts.length, misconception: 'extreme_vs_average' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'What is the Herfindahl–Hirschman index (the sum of the squared shares, each share a fraction of the total) of the successful outflow of {acct} across transaction types?',
      choices,
      numericAnswer: choices[0].value,
      evidence: [],
      program: [
        `Successful outflow rows: ${out.length}, total ${(all / 100).toFixed(2)}`,
        `Sum by type: ${parts.map(([t, v]) => `${t} ${(v / 100).toFixed(2)}`).join('; ')}`,
        `Shares: ${parts.map(([t, v]) => `${t} ${(v / all).toFixed(4)}`).join('; ')}`,
        `Square each share`,
        `Sum of squares: ${gold.toFixed(4)}`,
      ],
    };
  },
};
