import { LEAKAGE_WORDS } from '../../schema/transaction-types.js';
import type { Check } from '../context.js';
import { distinctTexts, memoTextTest, rowIssue } from '../context.js';

const LEAKAGE_RE = new RegExp(`\\b(?:${[...LEAKAGE_WORDS].sort((a, b) => b.length - a.length).map((w) => w.replace(/ /g, '\\s+')).join('|')})\\b`, 'i');

/** The first leakage word in a text, or null (whole words, any case; `LEAKAGE_WORDS`). */
export function findLeakageWord(text: string): string | null {
  const m = LEAKAGE_RE.exec(text);
  return m ? m[0] : null;
}

const hasLeakageWord = memoTextTest((text) => LEAKAGE_RE.test(text));

/**
 * LEAKAGE: a remark or counterparty carrying a word that gives a risk label away (SPEC §1: no "overdue", "default",
 * "risk"…). An error in datasets made by the generator; a warning in foreign logs, whose text nobody here chose.
 */
export const checkLeakage: Check = (log, ctx) => {
  const hits = new Set<string>();
  for (const t of distinctTexts(log)) if (hasLeakageWord(t)) hits.add(t);
  if (hits.size === 0) return [];
  const out = [];
  for (let i = 0; i < log.rows.length; i++) {
    const r = log.rows[i];
    for (const column of ['remark', 'counterparty'] as const) {
      if (!hits.has(r[column])) continue;
      const w = findLeakageWord(r[column]);
      if (w) out.push(rowIssue(log, ctx, i, { code: 'LEAKAGE', severity: ctx.generated ? 'error' : 'warning', column, note: `("${w.toLowerCase()}")`, actual: r[column] }));
    }
  }
  return out;
};
