import type { SignalId } from '../schema/signal-id.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { SIGNALS } from '../schema/signals.js';
import { formatCents } from '../log/money.js';
import type { Definition } from './glossary.js';

/**
 * What each risk indicator means, stated from the detector's own thresholds so that a risk-indicators item is
 * decidable from its prompt (issue #13): the option text is the indicator, and the definition shown with the question
 * gives every number, type and name word the detector grades it by. Built from `DEFAULT_THRESHOLDS`, so a threshold
 * change reaches the prompt; each definition lists its constants, which a test finds in the rendered prompt.
 */

/** The words a name pattern matches, for a model to read: `\bfertili[sz]er` → "fertiliser", "fertilizer". */
export interface PatternWords {
  /** Matched at the start of a word ("jewel" matches "Jewellery"). */
  prefix: string[];
  /** Matched as whole words only ("ktv"). */
  whole: string[];
}

/**
 * Expands the small regular-expression language of the threshold name lists (`\b`, `(a|b)`, `[ab]`, `x?`) into the
 * plain phrases it matches. Throws on anything else, so that a new pattern the prompt could not state is caught
 * when the module loads rather than graded in secret.
 */
export function patternPhrases(pattern: string): { phrases: string[]; whole: boolean } {
  let src = pattern;
  if (!src.startsWith('\\b')) throw new Error(`name pattern ${pattern} must start at a word boundary (\\b)`);
  src = src.slice(2);
  const whole = src.endsWith('\\b');
  if (whole) src = src.slice(0, -2);
  let pos = 0;
  const seq = (): string[] => {
    let out = [''];
    while (pos < src.length && src[pos] !== '|' && src[pos] !== ')') {
      let alts: string[];
      const c = src[pos];
      if (c === '(') {
        pos++;
        alts = [];
        for (;;) {
          for (const x of seq()) alts.push(x);
          if (src[pos] === '|') pos++;
          else if (src[pos] === ')') break;
          else throw new Error(`name pattern ${pattern}: unclosed group`);
        }
        pos++;
      } else if (c === '[') {
        const end = src.indexOf(']', pos);
        if (end < 0) throw new Error(`name pattern ${pattern}: unclosed class`);
        alts = [...src.slice(pos + 1, end)];
        pos = end + 1;
      } else if (/[a-z0-9 '&-]/i.test(c)) {
        alts = [c];
        pos++;
      } else {
        throw new Error(`name pattern ${pattern}: "${c}" cannot be stated as plain words`);
      }
      if (src[pos] === '?') {
        alts = [...alts, ''];
        pos++;
      }
      out = out.flatMap((a) => alts.map((b) => a + b));
    }
    return out;
  };
  const phrases = seq();
  if (pos !== src.length) throw new Error(`name pattern ${pattern}: unbalanced ")"`);
  return { phrases: [...new Set(phrases.map((p) => p.trim()))].filter((p) => p.length > 0), whole };
}

/** The phrases of a pattern list, as prefix and whole-word lists. */
export function patternWords(patterns: readonly string[]): PatternWords {
  const out: PatternWords = { prefix: [], whole: [] };
  for (const p of patterns) {
    const { phrases, whole } = patternPhrases(p);
    for (const w of phrases) if (!(whole ? out.whole : out.prefix).includes(w)) (whole ? out.whole : out.prefix).push(w);
  }
  return out;
}

const q = (w: string): string => `"${w}"`;

/** A pattern list in words, and the quoted phrases as constants. */
export function wordsDefinition(patterns: readonly string[], opts: { caseNote?: boolean } = {}): { text: string; constants: string[] } {
  const w = patternWords(patterns);
  const parts: string[] = [];
  if (w.prefix.length) parts.push(`a word starting with ${w.prefix.map(q).join(', ')}`);
  if (w.whole.length) parts.push(`the whole word ${w.whole.map(q).join(', ')}`);
  return { text: `${parts.join(', or ')}${opts.caseNote === false ? '' : ' (any letter case)'}`, constants: [...w.prefix, ...w.whole].map(q) };
}

const pct = (x: number): string => `${Math.round(x * 1000) / 10}%`;
const amount = (cents: number): string => formatCents(cents);
const list = (xs: readonly string[]): string => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`);
const hh = (h: number): string => (h < 10 ? `0${h}` : String(h));

/** The monthly income some detectors compare with, as the detectors compute it (`signals/view.ts`). */
const MONTHLY_INCOME =
  'Monthly income here is the median, over the calendar months from the first row that have any, of the month\'s successful Salary, Sales Receipt, Transfer In and Cash Deposit inflow.';

type Builder<K extends SignalId> = (t: Thresholds[K]) => Definition;

/** One sentence per signal: the detector's rule with its thresholds, and those thresholds as constants. */
const BUILDERS: { [K in SignalId]: Builder<K> } = {
  concentration: (t) => {
    const c = [`at least ${t.minPurchases}`, `at least ${t.minRows} rows`, `at least ${pct(t.minCountShare)} of the rows`, `at least ${pct(t.minAmountShare)} of their amount`, `${t.winsorMultiple} times the median`, list(t.types)];
    return {
      text: `among the successful ${list(t.types)} outflows (${c[0]} of them), the counterparty with the most rows (on a tie, the larger amount, then the alphabetically first name) has ${c[1]}, ${c[2]} and ${c[3]}, each amount counted as at most ${c[4]} amount of these outflows.`,
      constants: c,
    };
  },
  microloans: (t) => {
    const c = [`at least ${t.minDisbursements} successful Loan Disbursement rows`, `at least ${t.minLenders} different counterparties`, `at most ${amount(t.maxPrincipalCents)}`, `at most ${t.maxIncomeMultiple} times the monthly income`];
    return {
      text: `${c[0]} that are small loans, from ${c[1]} (lenders); a small loan is ${c[2]} and, when the log shows monthly income, ${c[3]}. ${MONTHLY_INCOME}`,
      constants: c,
    };
  },
  spikes: (t) => {
    const c = [`at least ${t.minSpikes} isolated outflows`, list(t.types), `at least ${t.minBaseRows} such rows`, `at least ${t.medianMultiple} times the median amount`, `at least ${t.incomeShare} times the monthly income`, `within ${pct(t.repeatTolerance)} of its amount`];
    return {
      text: `${c[0]} among the successful ${c[1]} outflows (the log needs ${c[2]}); an isolated outflow is one of ${c[3]} of these outflows and (when the log shows monthly income) ${c[4]}, with no other ${c[1]} outflow, whatever its status, to the same counterparty ${c[5]}. ${MONTHLY_INCOME}`,
      constants: c,
    };
  },
  refunds: (t) => {
    const c = [`at least ${t.minRefunds} paired refunds`, `at least ${pct(t.minRate)} of the number of successful Purchase rows`, `at most ${t.windowDays} calendar days before it`];
    return {
      text: `${c[0]}, numbering ${c[1]}; a successful Refund pairs with an earlier successful Purchase at the same counterparty dated ${c[2]}: the latest one whose not yet refunded amount equals the refund, else the latest whose not yet refunded amount covers it.`,
      constants: c,
    };
  },
  nighttime: (t) => {
    const w = wordsDefinition(t.everydayPatterns);
    const c = [`at least ${t.minRows}`, list(t.types), `from ${hh(t.fromHour)}:00:00 to ${hh(t.toHour - 1)}:59:59`, `at least ${pct(t.minShare)} of all`];
    return {
      text: `${c[0]} ${c[1]} rows with a negative amount (whatever their status) timestamped ${c[2]} at counterparties that are not everyday ones, making ${c[3]} ${c[1]} rows with a negative amount (whatever their status). An everyday counterparty's name contains ${w.text}.`,
      constants: [...c, ...w.constants],
    };
  },
  overseas: (t) => {
    const c = [list(t.types), `at least ${t.minRows}`, `at least ${t.minMonths} different calendar months`, `at least ${pct(t.minAmountShare)} of the amount`, `${t.winsorMultiple} times the median`];
    return {
      text: `among the successful ${c[0]} outflows, those at a location other than the home country number ${c[1]}, fall in ${c[2]} and carry ${c[3]} of all these outflows, each amount counted as at most ${c[4]} amount of these outflows.`,
      constants: c,
    };
  },
  seasonality: (t) => {
    const c = [`at least ${t.minMonths} months`, `at least ${t.minPeakRows}`, `at least ${t.countRatio} times the median month's number`, `at least ${t.amountRatio} times the median month's amount`, list(t.types)];
    return {
      text: `the log spans ${c[0]} (calendar months from the first row to the last), and in some month the successful home-country ${c[4]} outflows number ${c[1]}, ${c[2]} and ${c[3]} (medians over those months, a month without such rows counting as zero, and a median below one row counting as one row).`,
      constants: c,
    };
  },
  liquidity: (t) => {
    const c = [`at least ${t.minFailed} FAILED rows with a negative amount`, `at least ${t.minLowDays} calendar days`, `below ${amount(t.lowBalanceCents)}`, `at least ${t.minBorrowPairs} times`, `within ${t.borrowDays} calendar days`, `at least ${pct(t.borrowCover)} of it`];
    return {
      text: `any one of: ${c[0]}; ${c[1]} whose last row leaves a balance ${c[2]}; or, ${c[3]}, a successful Transfer In followed ${c[4]} by a successful Card Repayment or Loan Repayment of ${c[5]}, when the balance before the Transfer In was below that repayment (each repayment paired once, with the earliest such Transfer In).`,
      constants: c,
    };
  },
  repayments: (t) => {
    const c = [`at least ${t.minIrregular} irregular`, `at least ${t.minSeries} Loan Repayment rows`, `more than ${t.lateDays} days`, `below ${pct(t.partialRatio)} of`];
    return {
      text: `${c[0]} Loan Repayment rows among the lenders (counterparties) with ${c[1]} (whatever their status); irregular means FAILED, or successful but dated ${c[2]} before or after the due day of month (the day of month of that lender's first successful Loan Disbursement; without one, the most common day of month of its successful repayments, measured from their median offset), or successful with an amount ${c[3]} that lender's median successful repayment.`,
      constants: c,
    };
  },
  essentials: (t) => {
    const c = [`at least ${t.minIrregular} irregular rows`, list(t.types), `at least ${t.minSeries} successful rows`, '20 to 40 days', `more than ${t.lateDays} days`];
    return {
      text: `${c[0]} among the monthly payments of ${c[1]}: rows with a negative amount are grouped by type and counterparty; a group with ${c[2]} whose median gap between consecutive rows (whatever their status, in calendar days) is ${c[3]} is monthly, and its irregular rows are the FAILED ones and the successful ones dated ${c[4]} away from the group's usual day of month (the most common day of month of its successful rows, measured from their median offset).`,
      constants: c,
    };
  },
  subscription: (t) => {
    const c = [`at least ${t.minPayees} different counterparties`, `at least ${t.minCharges} Subscription rows`];
    return { text: `${c[0]}, each charged by ${c[1]} with a negative amount (whatever their status).`, constants: c };
  },
  risky: (t) => {
    const w = wordsDefinition(t.namePatterns);
    const c = [`at least ${t.minRows} rows`];
    return { text: `${c[0]}, money in or out and whatever their status, with counterparties whose name contains ${w.text}.`, constants: [...c, ...w.constants] };
  },
  penalties: (t) => {
    const w = wordsDefinition(t.feeRemarkPatterns);
    const c = [`at least ${t.minRows} rows`];
    return { text: `${c[0]} with a negative amount (whatever their status) that are Late Fee rows, or Fee rows whose remark contains ${w.text}.`, constants: [...c, ...w.constants] };
  },
  nonessential: (t) => {
    const w = wordsDefinition(t.namePatterns);
    const c = [`at least ${t.minRows} rows`];
    return { text: `${c[0]} with a negative amount (whatever their status) to counterparties whose name contains ${w.text}.`, constants: [...c, ...w.constants] };
  },
  alignment: (t) => {
    const c = [`at least ${t.minRows}`, list(t.types)];
    const classes = Object.entries(t.classes).map(([name, ps]) => {
      const w = wordsDefinition(ps, { caseNote: false });
      return { text: `${name.replace(/_/g, ' ')}: ${w.text}`, constants: w.constants };
    });
    const misfits = Object.entries(t.misfits).map(([cat, cs]) => `${cat}: ${cs.map((x) => x.replace(/_/g, ' ')).join(', ')}`);
    return {
      text: `${c[0]} ${c[1]} rows with a negative amount (whatever their status) to counterparties of a supply class that does not fit the declared business category. A counterparty's supply class is found from its name, in any letter case (${classes.map((x) => x.text).join('; ')}); the classes that do not fit each category are ${misfits.join('; ')}.`,
      constants: [...c, ...classes.flatMap((x) => x.constants), ...misfits],
    };
  },
  liquidity_sme: (t) => {
    const c = [`at least ${t.minFailed} FAILED`, list(t.failedTypes), `at least ${t.minLowDays} calendar days`, `below ${pct(t.bufferShare)} of the median monthly outflow`];
    return {
      text: `either ${c[0]} rows of ${c[1]} with a negative amount, or ${c[2]} whose last row leaves a balance ${c[3]} (the median, over the calendar months from the first row that have any, of the month's successful outflow).`,
      constants: c,
    };
  },
};

/** The definition of one indicator option, opening with the option's text so that the model can match the two. */
export function indicatorDefinition(id: SignalId, t: Thresholds = DEFAULT_THRESHOLDS): Definition {
  const d = (BUILDERS[id] as Builder<SignalId>)(t[id] as never);
  const term = SIGNALS.find((s) => s.id === id)!.indicator;
  return { text: `"${term}" means ${d.text}`, constants: [`"${term}" means`, ...d.constants] };
}

/**
 * Each indicator denied, as a risk-indicators option (issue #13): true exactly when the detector finds the indicator
 * absent. A log mostly shows one indicator or two, so the bare indicators are right about a third of the time; with
 * each indicator offered as itself or denied on a coin flip, a template's texts are true about half the time, and an
 * item is about as often right to select an option as to leave it. Written as data, one plain sentence per signal, so
 * that each reads as the denial of its indicator; the indicator's own definition is shown with either text.
 */
export const NEGATED_INDICATOR: Readonly<Record<SignalId, string>> = {
  concentration: 'No purchase money concentrated on one habitual merchant',
  microloans: 'No loan stacking (several small loans taken from more than one lender)',
  spikes: 'No isolated outflows many times larger than the usual outflow',
  refunds: 'No unusually high rate of refunded purchases',
  nighttime: 'No repeated spending between 00:00 and 04:59 at non-routine counterparties',
  overseas: 'No recurring spending abroad spread over several months',
  seasonality: 'No month with purchases far above the usual month',
  liquidity: 'No liquidity strain (no repeated declines, no days ending near zero, no borrowing to repay)',
  repayments: 'No loan installments declined, late or partial',
  essentials: 'No rent, bills, tax or payroll paid well off their usual day',
  subscription: 'Not many recurring subscription services',
  risky: 'No money moving to or from gaming, betting or crypto-exchange platforms',
  penalties: 'No penalty charges for returned or late payments',
  nonessential: 'No luxury or entertainment spending (jewellery, golf, karaoke, resorts and the like)',
  alignment: 'No purchases that do not fit the declared business',
  liquidity_sme: 'Neither a thin cash buffer nor declined operating payments',
};

/** How a denied indicator is graded: the sentence shown with a negated option, naming the indicator it denies. */
export function negationDefinition(id: SignalId): Definition {
  const term = SIGNALS.find((s) => s.id === id)!.indicator;
  const c = [`"${NEGATED_INDICATOR[id]}" is true exactly when "${term}" is not`];
  return { text: `${c[0]} (as defined here).`, constants: c };
}

/** Every indicator's definition on the default thresholds, by signal. */
export const INDICATOR_DEFINITIONS: Readonly<Record<SignalId, Definition>> = Object.fromEntries(SIGNALS.map((s) => [s.id, indicatorDefinition(s.id)])) as Record<SignalId, Definition>;
