import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { WEEKDAY_NAMES, ids, strictMax } from '../facts.js';

/** On which weekday are the most successful purchases made? (seasonal/weekly spending cycles, memory, L) */
export const purchaseWeekday: Template = {
  id: 'purchase-weekday',
  version: 1,
  tags: {
    domain: 'time',
    sub_domain: 'seasonality',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: { personal: { perspective: 'consumption_stability', logic: 'seasonal_spending_cycles' } },
  },
  build({ facts, rng }) {
    const rows = facts.okOfType('Purchase');
    if (rows.length < 8) return null;
    const counts = WEEKDAY_NAMES.map((_, i) => [i, rows.filter((r) => r.weekday === i).length] as [number, number]);
    const top = strictMax(counts);
    if (!top) return null;
    const ranked = counts.slice().sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const choices = singleChoices(rng, WEEKDAY_NAMES[top[0]], ranked.slice(1).map(([i]) => WEEKDAY_NAMES[i]), { prefer: 1 });
    if (!choices) return null;
    return {
      stem: 'On which day of the week does {acct} make the most successful Purchase rows?',
      choices,
      evidence: ids(rows.filter((r) => r.weekday === top[0])),
      program: [
        `Successful Purchase rows: ${rows.length}`,
        `Per weekday: ${counts.map(([i, n]) => `${WEEKDAY_NAMES[i]} ${n}`).join('; ')}`,
        `Most: ${WEEKDAY_NAMES[top[0]]} (${top[1]})`,
      ],
    };
  },
};
