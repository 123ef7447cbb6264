import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { HOUR_MS, ids, mean, median } from '../facts.js';
import type { LogFacts, RowView } from '../facts.js';
import { money, pctText } from '../kit.js';
import { CONVENTIONS } from '../conventions.js';

function balanceAfter(facts: LogFacts, from: RowView, hours: number): number {
  let b = from.row.balanceCents;
  for (let k = from.index + 1; k < facts.rows.length; k++) {
    const r = facts.rows[k];
    if (r.t - from.t > hours * HOUR_MS) break;
    b = r.row.balanceCents;
  }
  return b;
}

/** Average share of the post-payday balance still there a week later (retention after payday, analysis, H) */
export const retentionAfterPayday: Template = {
  id: 'retention-after-payday',
  version: 1,
  face: { signed: true },
  tags: {
    domain: 'liquidity',
    sub_domain: 'liquidity',
    cognition: 'analysis',
    difficulty: 'H',
    format: 'calc',
    logics: { personal: { perspective: 'fund_retention', logic: 'retention_after_payday' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const paydays = facts.okOfType('Salary').filter((r) => r.row.amountCents > 0 && r.row.balanceCents > 0);
    if (paydays.length < 3) return null;
    const h = CONVENTIONS.retentionWindowHours;
    // each payday's balance a window later, found once
    const after = paydays.map((p) => balanceAfter(facts, p, h));
    const ratios = paydays.map((p, k) => after[k] / p.row.balanceCents);
    const gold = mean(ratios) * 100;
    const pooled = (after.reduce((s, b) => s + b, 0) / paydays.reduce((s, p) => s + p.row.balanceCents, 0)) * 100;
    const vsSalary = mean(paydays.map((p, k) => after[k] / p.row.amountCents)) * 100;
    const choices = calcChoices(rng, gold, 'percent', [
      { value: median(ratios) * 100, misconception: 'mean_vs_median' },
      { value: 100 - gold, misconception: 'total_vs_share' },
      { value: pooled, misconception: 'total_vs_share' },
      { value: vsSalary, misconception: 'gross_vs_net' },
      { value: mean(paydays.map((p) => balanceAfter(facts, p, h / 7) / p.row.balanceCents)) * 100, misconception: 'wrong_base_period' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'On average over its paydays, what share of the balance right after a successful Salary row does {acct} still hold a week later?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(paydays),
      program: [
        `Successful Salary rows (paydays): ${paydays.length}`,
        `Balance right after each: ${paydays.map((p) => money(p.row.balanceCents)).join(', ')}`,
        `Balance after the last row within ${h} hours: ${after.map((b) => money(b)).join(', ')}`,
        `Ratios: ${ratios.map((x) => (x * 100).toFixed(2) + '%').join(', ')}`,
        `Mean: ${pctText(gold)}`,
      ],
    };
  },
};
