import { formatCents } from '../log/money.js';
import { CONVENTIONS, DEBT_SERVICE_TYPES, DISCRETIONARY_TYPES, ESSENTIAL_TYPES, OPERATING_COST_TYPES } from './conventions.js';
import { UNIT_RULES, type Unit } from './options.js';

/**
 * A definition the model is given: the sentence it reads, and the grading constants that sentence states (numbers,
 * hours, type names, name words), each exactly as it appears in the sentence. A test renders every template's
 * items and checks that each constant its answers depend on reaches the prompt.
 */
export interface Definition {
  text: string;
  constants: readonly string[];
}

/** How far every wrong calc option sits from the exact answer, per unit, in words (from `UNIT_RULES`). */
const UNIT_WORDS: Readonly<Record<Unit, { label: string; abs: (x: number) => string }>> = {
  money: { label: 'amounts', abs: (x) => formatCents(x) },
  percent: { label: 'percentages', abs: (x) => `${x} points` },
  ratio: { label: 'ratios', abs: (x) => String(x) },
  count: { label: 'counts', abs: (x) => String(x) },
  days: { label: 'days', abs: (x) => `${x} day${x === 1 ? '' : 's'}` },
};
const MARGINS: readonly string[] = (Object.keys(UNIT_WORDS) as Unit[]).map((u) => {
  const r = UNIT_RULES[u];
  return `${UNIT_WORDS[u].abs(r.abs)}${r.rel > 0 ? ` and ${Math.round(r.rel * 1000) / 10}%` : ''} (${UNIT_WORDS[u].label})`;
});

/**
 * The glossary of the system prompt, one named term per line, in the order shown. Templates name the terms their
 * answers depend on (`questions/grading.ts`); the same for every item, so they give nothing about any one log away.
 */
export const GLOSSARY_TERMS = {
  success: {
    text: 'A successful row has status SUCCESS; a FAILED (declined) row moves no money and leaves the balance unchanged. Questions count successful rows only, unless they say "whatever their status" or name FAILED rows.',
    constants: ['SUCCESS', 'FAILED', 'whatever their status'],
  },
  flows: {
    text: 'Inflow means successful rows with a positive amount; outflow means successful rows with a negative amount, taken as a positive sum.',
    constants: ['positive amount', 'negative amount'],
  },
  months: {
    text: 'A month is a calendar month of the timestamp; "the months covered" are every calendar month from the earliest row to the latest row, inclusive, even months without rows. A monthly average divides by the number of months covered.',
    constants: ['from the earliest row to the latest row, inclusive', 'even months without rows', 'divides by the number of months covered'],
  },
  night: {
    text: `Night means a timestamp from ${pad(CONVENTIONS.nightStartHour)}:00:00 to ${pad(CONVENTIONS.nightEndHour - 1)}:59:59.`,
    constants: [`${pad(CONVENTIONS.nightStartHour)}:00:00`, `${pad(CONVENTIONS.nightEndHour - 1)}:59:59`],
  },
  home: {
    text: 'The home country is the location that appears on the most rows (whatever their status; on a tie, the alphabetically first); any other location is overseas.',
    constants: ['the most rows', 'the alphabetically first'],
  },
  spike: {
    text: `A spike is a successful Purchase whose amount is more than ${CONVENTIONS.spikeMultiple} times the median amount of all successful Purchase rows.`,
    constants: [`more than ${CONVENTIONS.spikeMultiple} times the median`],
  },
  spending: {
    text: `Essential spending is ${ESSENTIAL_TYPES.join(', ')}; discretionary spending is ${DISCRETIONARY_TYPES.join(', ')}; debt service is ${DEBT_SERVICE_TYPES.join(', ')}.`,
    constants: [ESSENTIAL_TYPES.join(', '), DISCRETIONARY_TYPES.join(', '), DEBT_SERVICE_TYPES.join(', ')],
  },
  business: {
    text: `For a business account, operating costs are ${OPERATING_COST_TYPES.join(', ')}; operating income is Sales Receipt; every other inflow type is non-operating.`,
    constants: [OPERATING_COST_TYPES.join(', '), 'operating income is Sales Receipt'],
  },
  'after-loan': {
    text: `"Shortly after a loan disbursement" means later than it and at most ${CONVENTIONS.cashOutWindowHours} hours after it for cash-out (ATM Withdrawal or Transfer Out), and at most ${CONVENTIONS.borrowToRepayWindowHours} hours after it for repayments.`,
    constants: [`${CONVENTIONS.cashOutWindowHours} hours`, `${CONVENTIONS.borrowToRepayWindowHours} hours`],
  },
  retention: {
    text: `The balance a week after a payday is the balance after the last row within ${CONVENTIONS.retentionWindowHours} hours after the Salary row.`,
    constants: [`${CONVENTIONS.retentionWindowHours} hours`],
  },
  'low-balance': {
    text: `A low-balance day is a calendar day with rows whose closing balance (after its last row) is below ${Math.round(CONVENTIONS.lowBalanceShare * 100)}% of the mean monthly inflow over the months covered.`,
    constants: [`below ${Math.round(CONVENTIONS.lowBalanceShare * 100)}% of the mean monthly inflow`],
  },
  'month-end': {
    text: 'A month-end balance is the balance after the last row of that month; a month without rows carries the previous month-end balance.',
    constants: ['the balance after the last row of that month', 'carries the previous month-end balance'],
  },
  opening: {
    text: 'The opening balance is the balance before the first row (its balance minus its amount when it is successful); the closing balance is the balance after the last row.',
    constants: ['the balance before the first row', 'the balance after the last row'],
  },
  refund: {
    text: "A refund's purchase is the latest earlier successful Purchase at the same counterparty.",
    constants: ['the latest earlier successful Purchase at the same counterparty'],
  },
  days: {
    text: 'A gap or wait in days is the time between two timestamps divided by 24 hours, fractions kept (not a difference of calendar dates). Days of the week and of the month are those of the timestamp.',
    constants: ['divided by 24 hours, fractions kept'],
  },
  statistics: {
    text: 'Averages are arithmetic means and spreads are population standard deviations unless the question says otherwise; the median of an even number of values is the mean of the two middle ones. A share is a percentage of its total (0% to 100%) unless the question defines it otherwise.',
    constants: ['arithmetic means', 'population standard deviations', 'the mean of the two middle ones'],
  },
  rounding: {
    text: `Calculated options are rounded: amounts to 2 decimals, percentages to 1 decimal, ratios to 2 decimals, days to 1 decimal, counts to whole numbers. Every wrong option differs from the exact answer by at least the larger of ${MARGINS.join(', ')}, so choose the option nearest to your result.`,
    constants: ['amounts to 2 decimals', 'percentages to 1 decimal', 'ratios to 2 decimals', 'days to 1 decimal', ...MARGINS],
  },
} as const satisfies Record<string, Definition>;

/** A glossary term's name. */
export type GlossaryTerm = keyof typeof GLOSSARY_TERMS;

/** The glossary lines shown to the model (system prompt), in a fixed order. */
export const GLOSSARY: readonly string[] = Object.values(GLOSSARY_TERMS).map((d) => d.text);

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
