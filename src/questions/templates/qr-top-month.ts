import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { ids, monthLabel, strictMax } from '../facts.js';

/** Which month has the most successful QR-channel rows, either direction? (QR-code receipts, memory, L) */
export const qrTopMonth: Template = {
  id: 'qr-top-month',
  version: 2,
  tags: {
    domain: 'time',
    sub_domain: 'others',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: { sme: { perspective: 'business_activity', logic: 'qr_code_receipts' } },
  },
  build({ facts, rng, prior, admit }) {
    const shares = prior?.answers;
    const rows = facts.ok.filter((r) => r.row.channel === 'QR');
    if (rows.length < 3 || facts.months.length < 4) return null;
    const counts = facts.monthlyCount(rows);
    const top = strictMax(counts);
    if (!top) return null;
    // listed only when the answer table cannot draw the wrong options
    const wrong = (): string[] => {
      const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      return ranked.slice(1).map(([m]) => monthLabel(m));
    };
    const choices = singleChoices(rng, monthLabel(top[0]), wrong, { shares, prefer: 1, admit });
    if (!choices) return null;
    return {
      stem: 'In which month does {acct} record the most successful rows through the QR channel, money in or out?',
      choices,
      evidence: ids(rows.filter((r) => r.month === top[0])),
      program: [
        `Successful rows with channel QR: ${rows.length}`,
        `Per month: ${[...counts].map(([m, n]) => `${m} ${n}`).join('; ')}`,
        `Most: ${monthLabel(top[0])} (${top[1]})`,
      ],
    };
  },
};
