import type { Template } from '../template.js';
import { singleChoices } from '../options.js';
import { ids, strictMax } from '../facts.js';
import type { RowView } from '../facts.js';

const WINDOWS = ['00:00–05:59', '06:00–11:59', '12:00–17:59', '18:00–23:59'];

/** Index into `WINDOWS` of a row's hour. */
const windowOf = (r: RowView): number => Math.floor(r.hour / 6);

/** In which six-hour window do most successful purchases (or sales receipts) fall? (nighttime, memory, L) */
export const peakHourWindow: Template = {
  id: 'peak-hour-window',
  version: 1,
  tags: {
    domain: 'time',
    sub_domain: 'nighttime',
    cognition: 'memory',
    difficulty: 'L',
    format: 'single',
    logics: {
      personal: { perspective: 'others', logic: 'nighttime_spending' },
      sme: { perspective: 'business_activity', logic: 'nighttime_trading' },
    },
  },
  build({ facts, kind, rng, prior, admit }) {
    const shares = prior?.answers;
    if (!facts.log.hasTimeOfDay) return null;
    const type = kind === 'sme' ? 'Sales Receipt' : 'Purchase';
    const rows = facts.okOfType(type);
    if (rows.length < 8) return null;
    // counted per window; the winning window's rows are listed only for a kept item
    const counts = [0, 0, 0, 0];
    for (const r of rows) counts[windowOf(r)]++;
    const top = strictMax(counts.map((n, i) => [i, n] as [number, number]));
    if (!top) return null;
    const choices = singleChoices(rng, WINDOWS[top[0]], WINDOWS.filter((_, i) => i !== top[0]), { shares, admit });
    if (!choices) return null;
    return {
      stem: `In which time-of-day window do most of the successful ${type} rows of {acct} fall?`,
      choices,
      evidence: ids(rows.filter((r) => windowOf(r) === top[0])),
      program: [
        `Successful ${type} rows: ${rows.length}`,
        `Rows per window: ${WINDOWS.map((w, i) => `${w} ${counts[i]}`).join('; ')}`,
        `Most: ${WINDOWS[top[0]]}`,
      ],
    };
  },
};
