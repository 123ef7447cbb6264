import type { Template } from '../template.js';
import { multiChoices, multiPool } from '../options.js';
import { ids } from '../facts.js';

/** Common ISO codes used as false options for locations that never appear. */
const OTHER_LOCATIONS = ['US', 'JP', 'KR', 'SG', 'TH', 'GB', 'FR', 'DE', 'AU', 'HK', 'MY', 'VN', 'AE', 'IT', 'CA'];

/** Which of these overseas locations appear on successful rows? (overseas spending, memory, L, multi) */
export const overseasLocations: Template = {
  id: 'overseas-locations',
  version: 1,
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
    // false options: codes that appear on no successful row (a FAILED-only location is a deliberate trap)
    const failedOnly = [...anyLocs].filter((l) => l !== home && !okLocs.includes(l));
    const never = OTHER_LOCATIONS.filter((l) => !anyLocs.has(l) && l !== home);
    const no = [...failedOnly, ...never, home];
    const choices = multiChoices(rng, okLocs, no, prior);
    if (!choices) return null;
    const shown = choices.filter((c) => c.correct).map((c) => c.text);
    return {
      stem: 'Which of these locations, other than the home country, appear on successful rows of {acct}? Select all that apply.',
      choices,
      evidence: ids(abroad.filter((r) => shown.includes(r.row.location))),
      program: [
        `Home country (most frequent location): ${home}`,
        `Successful rows elsewhere: ${abroad.length}, at ${okLocs.join(', ')}`,
        `Options true when the code is among those locations; the home country itself is not "other than the home country"`,
      ],
      pool: multiPool(okLocs, no),
    };
  },
};
