import type { Template } from '../template.js';
import { multiChoices, multiPool } from '../options.js';
import { ids } from '../facts.js';
import { total } from '../kit.js';
import { countStatement, moneyStatement, type CountSide, type MoneySide, type Statement } from '../statements.js';
import { maxOf } from '../../log/extremes.js';

/** Common ISO codes used as false options for locations that never appear. */
const OTHER_LOCATIONS = ['US', 'JP', 'KR', 'SG', 'TH', 'GB', 'FR', 'DE', 'AU', 'HK', 'MY', 'VN', 'AE', 'IT', 'CA'];

/** "Some successful row outside the home country is at L": true for a visited location, false for any other code. */
export const presenceText = (loc: string): string => `Some successful row outside the home country is at ${loc}`;

/**
 * Which of these statements about successful rows outside the home country hold? (overseas spending, memory, L,
 * multi)
 *
 * A log seldom visits more than one foreign location, so presence alone gives one true option against several false
 * ones and no text can be right half the time (issue #13). A visited location therefore comes, on a coin flip, either
 * as its presence or as comparisons of its successful row count, outflow total and largest outflow with thresholds
 * drawn on either side (`statements.ts`): settled by the log alone and right about half the time whatever the text.
 * Never both, since a comparison about a code says it was visited. Presence texts are offered only as often as keeps
 * them right at the template's base rate (`multiChoices`).
 */
export const overseasLocations: Template = {
  id: 'overseas-locations',
  version: 2,
  tags: {
    domain: 'conduct',
    sub_domain: 'overseas',
    cognition: 'memory',
    difficulty: 'L',
    format: 'multi',
    logics: { personal: { perspective: 'others', logic: 'overseas_spending' } },
  },
  build({ facts, rng, prior }) {
    const home = facts.homeCountry;
    const abroad = facts.ok.filter((r) => r.row.location !== home);
    if (abroad.length === 0) return null;
    const okLocs = [...new Set(abroad.map((r) => r.row.location))].sort();
    const anyLocs = new Set(facts.rows.map((r) => r.row.location));
    // false presence: codes that appear on no successful row (a FAILED-only location is a deliberate trap) and the
    // home country itself (its rows are not outside the home country)
    const failedOnly = [...anyLocs].filter((l) => l !== home && !okLocs.includes(l));
    const never = OTHER_LOCATIONS.filter((l) => !anyLocs.has(l) && l !== home);
    const than = (side: MoneySide): string => (side === 'below' ? 'less' : 'more');
    const atLeast = (side: CountSide): string => (side === 'at least' ? 'At least' : 'Fewer than');
    const statements: Statement[] = [...failedOnly, ...never, home].map((l) => ({ text: presenceText(l), holds: false, rows: [] }));
    for (const loc of okLocs) {
      const rows = abroad.filter((r) => r.row.location === loc);
      // a visited code comes either as presence or as its own comparisons, on a coin flip, never both: a comparison
      // about a code would tell that it was visited. Counts start at 2 ("at least 1 row at L" would say the same).
      if (rng.next() < 0.5) {
        statements.push({ text: presenceText(loc), holds: true, rows });
        continue;
      }
      statements.push(countStatement(rng, rows.length, (side, n) => `${atLeast(side)} ${n} successful rows are at ${loc}`, rows, { min: 2 }));
      const outs = rows.filter((r) => r.row.amountCents < 0);
      if (outs.length) {
        statements.push(moneyStatement(rng, total(outs), (side, x) => `Successful outflows at ${loc} total ${than(side)} than ${x}`, outs, { positive: true }));
      }
      if (outs.length >= 2) {
        const largest = maxOf(outs.map((r) => -r.row.amountCents));
        const big = outs.filter((r) => -r.row.amountCents === largest).slice(0, 1);
        statements.push(moneyStatement(rng, largest, (side, x) => `The largest successful outflow at ${loc} is ${than(side)} than ${x}`, big, { positive: true }));
      }
    }
    // across locations only when there are several (with one they would restate its own statements); thresholds above
    // what naming two visited codes already implies
    if (okLocs.length >= 2) {
      statements.push(
        countStatement(rng, okLocs.length, (side, n) => `Successful rows outside the home country are spread over ${side} ${n} distinct locations`, abroad, { min: 3 }),
        countStatement(rng, abroad.length, (side, n) => `${atLeast(side)} ${n} successful rows are outside the home country`, abroad, { min: 3 }),
      );
      const outs = abroad.filter((r) => r.row.amountCents < 0);
      if (outs.length) {
        statements.push(moneyStatement(rng, total(outs), (side, x) => `Successful outflows outside the home country total ${than(side)} than ${x}`, outs, { positive: true }));
      }
    }
    const yes = statements.filter((s) => s.holds).map((s) => s.text);
    const no = statements.filter((s) => !s.holds).map((s) => s.text);
    const choices = multiChoices(rng, yes, no, prior);
    if (!choices) return null;
    const shown = new Set(choices.filter((c) => c.correct).map((c) => c.text));
    return {
      stem: 'Which of these statements about the successful rows of {acct} at locations other than its home country are true? Select all that apply.',
      choices,
      evidence: ids([...new Set(statements.filter((s) => shown.has(s.text)).flatMap((s) => s.rows))]),
      program: [
        `Home country (most frequent location): ${home}`,
        `Successful rows elsewhere: ${abroad.length}, at ${okLocs.map((l) => `${l} (${abroad.filter((r) => r.row.location === l).length})`).join(', ')}`,
        `Presence true for those codes only; the home country's rows are not outside the home country`,
        ...choices.map((c) => `${c.correct ? 'TRUE ' : 'FALSE'}: ${c.text}`),
      ],
      pool: multiPool(yes, no),
    };
  },
};
