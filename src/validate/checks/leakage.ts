import type { Check } from '../context.js';
import { rowIssue, textCellsToCheck } from '../context.js';
import { LEAKAGE_RE } from '../text-patterns.js';

/** The first leakage word in a text, or null (whole words, any case; `LEAKAGE_WORDS`). */
export function findLeakageWord(text: string): string | null {
  const m = LEAKAGE_RE.exec(text);
  return m ? m[0] : null;
}

/**
 * LEAKAGE: a remark or counterparty carrying a word that gives a risk label away (SPEC §1: no "overdue", "default",
 * "risk"…). An error in datasets made by the generator; a warning in foreign logs, whose text nobody here chose.
 */
export const checkLeakage: Check = (log, ctx) => {
  const cells = textCellsToCheck(log);
  if (cells.length === 0) return [];
  const out = [];
  for (const cell of cells) {
    const i = cell >> 1;
    const column = cell & 1 ? 'counterparty' : 'remark';
    const text = log.rows[i][column];
    const w = findLeakageWord(text);
    if (w) out.push(rowIssue(log, ctx, i, { code: 'LEAKAGE', severity: ctx.generated ? 'error' : 'warning', column, note: `("${w.toLowerCase()}")`, actual: text }));
  }
  return out;
};
