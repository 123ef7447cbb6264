import type { Template } from '../template.js';
import { calcChoices } from '../options.js';
import { ids } from '../facts.js';
import { money, pct, pctText, total } from '../kit.js';

/**
 * Share of successful money movement (inflow plus outflow, by amount) that used the QR channel
 * (QR-code receipts and payments, comprehension, M). Counts both directions, because an account may take
 * QR receipts or pay suppliers by QR; the stem says so.
 */
export const qrShare: Template = {
  id: 'qr-share',
  version: 2,
  face: { max: 100 },
  tags: {
    domain: 'structure',
    sub_domain: 'others',
    cognition: 'comprehension',
    difficulty: 'M',
    format: 'calc',
    logics: { sme: { perspective: 'business_activity', logic: 'qr_code_receipts' } },
  },
  build({ facts, rng, bounds, prior, admit }) {
    const qr = facts.ok.filter((r) => r.row.channel === 'QR');
    if (qr.length < 2 || facts.ok.length < 20) return null;
    const gold = pct(total(qr), total(facts.ok));
    const anyQr = facts.rows.filter((r) => r.row.channel === 'QR');
    const qrIn = qr.filter((r) => r.row.amountCents > 0);
    const qrOut = qr.filter((r) => r.row.amountCents < 0);
    const choices = calcChoices(rng, gold, 'percent', [
      { value: pct(total(anyQr), total(facts.rows)), misconception: 'failed_rows_counted' },
      { value: pct(qr.length, facts.ok.length), misconception: 'count_vs_amount' },
      { value: pct(total(qrIn), total(facts.inflows)), misconception: 'wrong_category' },
      { value: pct(total(qrOut), total(facts.outflows)), misconception: 'wrong_category' },
      { value: 100 - gold, misconception: 'total_vs_share' },
    ], { bounds, prior, admit });
    if (!choices) return null;
    return {
      stem: 'By amount, what share of all successful rows of {acct}, money in and money out together, went through the QR channel?',
      choices,
      numericAnswer: choices[0].value,
      evidence: ids(qr),
      program: [
        `Successful rows: ${facts.ok.length}, total |amount| ${money(total(facts.ok))}`,
        `Successful QR rows: ${qr.length} (${qrIn.length} in, ${qrOut.length} out), total ${money(total(qr))}`,
        `Share: ${pctText(gold)}`,
      ],
    };
  },
};
