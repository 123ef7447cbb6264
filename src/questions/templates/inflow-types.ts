import type { Template } from '../template.js';
import { multiChoices, multiPool } from '../options.js';
import { ids, monthLabel, type RowView } from '../facts.js';
import { inflowsOf, money, total } from '../kit.js';
import { countStatement, moneyStatement, type MoneySide, type Statement } from '../statements.js';
import { shuffle } from '../../random/draw.js';
import { NON_OPERATING_INFLOW_TYPES } from '../conventions.js';

/**
 * The share of drafts in which a type present is stated as present rather than through its comparisons (issue #13).
 * Never both: a comparison about a type says it brought money in. Presence statements of a common type are mostly
 * held back by their rates (`multiChoices`), so a draft that spends a type on its presence often has too few texts
 * for an item; a quarter keeps presence offered, true as well as false, without halving the items.
 */
const PRESENCE_SHARE = 0.25;

/** Which non-operating inflow types appear as successful inflows? (operating vs non-operating, memory, L, multi) */
export const inflowTypes: Template = {
  id: 'inflow-types',
  version: 6,
  tags: {
    domain: 'structure',
    sub_domain: 'others',
    cognition: 'memory',
    difficulty: 'L',
    format: 'multi',
    logics: { sme: { perspective: 'cash_flow_health', logic: 'operating_vs_non_operating' } },
  },
  build({ facts, rng, prior, bounds }) {
    const present = NON_OPERATING_INFLOW_TYPES.filter((t) => inflowsOf(facts, t).length > 0);
    if (present.length === 0) return null;
    // The builder's lenient pass (a log where no multi template made an item with the priors) offers without rates:
    // there only the money comparisons, whose thresholds are drawn afresh on a coin flip and never recur, so no text
    // is lopsided. Presence and count texts recur across logs and are true for nearly every log of a profile or for
    // none ("Interest brought money in…", "Cash Deposit brought money in…"); unbalanced they were right in 100% and
    // 0% of their appearances (issue #13).
    const unrated = bounds.lenient === true;
    const absent = NON_OPERATING_INFLOW_TYPES.filter((t) => !present.includes(t));
    const than = (side: MoneySide): string => (side === 'below' ? 'less than' : 'more than');
    const presence = (t: string): string => `${t} brought money in through at least one successful row`;
    // presence statements are nearly always true (Interest) or false (Refund) for a profile: `multiChoices` offers
    // them only as often as keeps them right at the template's base rate. The bulk are comparisons of a log
    // quantity with a threshold drawn on a coin flip, on either side ("less than" or "more than"): settled by the log
    // alone, right about half the time whatever the text, so that an item seldom needs a lopsided statement.
    // A type present comes either as its presence (`PRESENCE_SHARE` of drafts) or as its comparisons, never both: a
    // comparison about a type says it brought money in, which would make its presence statement right on its face.
    // Counts start at 2 ("at least 1 row" would restate presence).
    const statements: Statement[] = unrated ? [] : absent.map((t) => ({ text: presence(t), holds: false, rows: [] }));
    for (const t of present) {
      const rows = inflowsOf(facts, t);
      if (!unrated && rng.next() < PRESENCE_SHARE) {
        statements.push({ text: presence(t), holds: true, rows });
        continue;
      }
      const sum = total(rows);
      statements.push(moneyStatement(rng, sum, (side, x) => `Successful ${t} inflows total ${than(side)} ${x}`, rows, { positive: true }));
      if (!unrated) {
        statements.push(countStatement(rng, rows.length, (side, n) => `${side === 'at least' ? 'At least' : 'Fewer than'} ${n} successful ${t} rows brought money in`, rows, { min: 2 }));
      }
      const { big, small, months } = scanInflows(rows);
      if (rows.length >= 2) {
        statements.push(
          moneyStatement(rng, big.row.amountCents, (side, x) => `The largest successful ${t} inflow is ${than(side)} ${x}`, [big], { positive: true }),
          moneyStatement(rng, small.row.amountCents, (side, x) => `The smallest successful ${t} inflow is ${than(side)} ${x}`, [small], { positive: true }),
        );
      }
      if (rows.length >= 3) {
        statements.push(moneyStatement(rng, sum / rows.length, (side, x) => `Successful ${t} inflows average ${than(side)} ${x} per row`, rows, { positive: true }));
      }
      // the totals of two months that have such inflows
      for (const m of shuffle(rng, months).slice(0, months.length >= 2 ? 2 : 0)) {
        const inMonth = rows.filter((r) => r.month === m);
        statements.push(moneyStatement(rng, total(inMonth), (side, x) => `Successful ${t} inflows in ${monthLabel(m)} total ${than(side)} ${x}`, inMonth, { positive: true }));
      }
    }
    // the successful inflows of the types present, for the combined total and the evidence
    const presentRows = inflowsOf(facts, ...present);
    if (present.length >= 2) {
      const rows = presentRows;
      statements.push(moneyStatement(rng, total(rows), (side, x) => `Successful non-operating inflows of all types together total ${than(side)} ${x}`, rows, { positive: true }));
    }
    const yes = statements.filter((x) => x.holds).map((x) => x.text);
    const no = statements.filter((x) => !x.holds).map((x) => x.text);
    const choices = multiChoices(rng, yes, no, prior);
    if (!choices) return null;
    return {
      stem: 'Which of these statements about the non-operating money that came into {acct} through successful rows are true? Select all that apply.',
      choices,
      evidence: ids(presentRows),
      program: [
        `Non-operating inflow types by convention: ${NON_OPERATING_INFLOW_TYPES.join(', ')}`,
        `Of these, types with a successful positive row: ${present.join(', ')}`,
        `Their successful inflows: ${present.map((t) => `${t} ${inflowsOf(facts, t).length} rows, ${money(total(inflowsOf(facts, t)))}`).join('; ')}`,
        ...choices.map((c) => `${c.correct ? 'TRUE ' : 'FALSE'}: ${c.text}`),
      ],
      pool: multiPool(yes, no),
    };
  },
};

/**
 * One pass over a type's inflow rows (at least one, in log order): the first row with the largest and with the
 * smallest amount, and the months that have such rows in order of first appearance.
 */
function scanInflows(rows: readonly RowView[]): { big: RowView; small: RowView; months: string[] } {
  let big = rows[0];
  let small = rows[0];
  const months = new Set<string>();
  for (const r of rows) {
    if (r.row.amountCents > big.row.amountCents) big = r;
    if (r.row.amountCents < small.row.amountCents) small = r;
    months.add(r.month);
  }
  return { big, small, months: [...months] };
}
