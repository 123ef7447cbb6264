import type { ClientKind } from '../schema/log-row.js';
import type { Item } from '../schema/item.js';
import { SIGNALS } from '../schema/signals.js';
import { DEFAULT_THRESHOLDS } from '../schema/thresholds.js';
import { GLOSSARY_TERMS, type Definition, type GlossaryTerm } from './glossary.js';
import { INDICATOR_DEFINITIONS, NEGATED_INDICATOR, negationDefinition, wordsDefinition } from './indicator-definitions.js';
import { MISFIT_DEFINITION } from './templates/misfit-counterparties.js';
import type { Template } from './template.js';

/**
 * Every item decidable from its prompt (issue #13): each template declares, as data, whatever grades its answers —
 * the glossary terms of the system prompt it relies on, and the definitions shown with its questions — so that a
 * model reading the prompt knows every threshold, window, type list, rounding rule and name list the answer key
 * uses. Declarations live in this one table, keyed by template id; `registerTemplates` refuses a template without
 * one, and a test renders each template's items and finds every declared constant in the prompt.
 */

/** A definition shown with the question, after the stem, when its conditions hold for the item. */
export interface ItemDefinition extends Definition {
  /** Only for items of this client kind. */
  kind?: ClientKind;
  /** Only when an option has exactly one of these texts (the definition of those options). */
  options?: readonly string[];
}

/** What grades one template's answers and where the model reads it. */
export interface Grading {
  /** The system prompt's glossary terms the answers depend on. */
  glossary: readonly GlossaryTerm[];
  /** Definitions rendered with this template's questions only. */
  definitions?: readonly ItemDefinition[];
  /** Every option is a defined term: each option text must have its own definition (checked by the test). */
  definesOptions?: boolean;
}

const NONESSENTIAL_WORDS = wordsDefinition(DEFAULT_THRESHOLDS.nonessential.namePatterns);

// Shorthands for the common sets; each template lists what its stem and options rely on.
const CALC: readonly GlossaryTerm[] = ['success', 'rounding'];
const SHARE: readonly GlossaryTerm[] = ['success', 'flows', 'statistics', 'rounding'];

/** The grading declarations, by template id. */
export const GRADING: Readonly<Record<string, Grading>> = {
  'balance-trend': { glossary: [...CALC, 'months', 'month-end'] },
  'bill-monthly-average': { glossary: [...CALC, 'flows', 'months', 'statistics'] },
  'borrowing-to-repay': { glossary: [...CALC, 'after-loan', 'spending'] },
  'busiest-weekday': { glossary: ['success', 'days'] },
  'card-repayment-months': { glossary: [...CALC, 'months'] },
  'cash-out-after-credit': { glossary: [...CALC, 'after-loan'] },
  'category-hhi': { glossary: [...CALC, 'flows', 'statistics'] },
  'cost-to-income': { glossary: [...SHARE, 'business'] },
  'debt-service-ratio': { glossary: [...SHARE, 'spending'] },
  'declined-share': { glossary: [...SHARE] },
  'essential-share': { glossary: [...SHARE, 'spending'] },
  'frequent-merchant': { glossary: ['success'] },
  'inflow-types': { glossary: ['success', 'flows', 'business', 'statistics'] },
  'largest-outflow-counterparty': { glossary: ['success', 'flows'] },
  'largest-purchase-multiple': { glossary: [...CALC, 'statistics'] },
  'late-fee-total': { glossary: [...CALC] },
  'liquidity-statements': { glossary: ['success', 'flows', 'months', 'opening', 'statistics'] },
  'loan-repayment-gap': { glossary: [...CALC, 'days'] },
  'low-balance-days': { glossary: [...CALC, 'flows', 'months', 'low-balance'] },
  'lowest-balance-month': { glossary: ['success', 'months'] },
  'lowest-revenue-month': { glossary: ['success', 'months', 'business'] },
  'misfit-counterparties': { glossary: ['success', 'months'], definitions: [MISFIT_DEFINITION] },
  'monthly-outflow-cv': { glossary: [...SHARE, 'months'] },
  'months-balance-fell': { glossary: [...CALC, 'months', 'month-end'] },
  'most-declined-type': { glossary: ['success'] },
  'net-borrowing': { glossary: [...CALC] },
  'night-share': { glossary: [...SHARE, 'night'] },
  'nonessential-counterparties': {
    glossary: ['success', 'flows'],
    definitions: [
      {
        text: `Luxury or entertainment spending is any row with a negative amount (whatever its status) to a counterparty whose name contains ${NONESSENTIAL_WORDS.text}.`,
        constants: ['whatever its status', ...NONESSENTIAL_WORDS.constants],
      },
    ],
  },
  'online-lenders': { glossary: [...CALC] },
  'operating-income-share': { glossary: [...SHARE, 'business'] },
  'overseas-locations': { glossary: ['success', 'flows', 'home'] },
  'overseas-share': { glossary: [...SHARE, 'home'] },
  'owner-net-transfers': { glossary: [...CALC] },
  'pay-day-spread': { glossary: [...CALC, 'days'] },
  'payroll-months': { glossary: [...CALC, 'months'] },
  'peak-hour-window': { glossary: ['success'] },
  'peak-month-ratio': { glossary: [...SHARE, 'months'] },
  'peak-spending-month': { glossary: ['success', 'flows', 'months'] },
  'purchase-weekday': { glossary: ['success', 'days'] },
  'qr-share': { glossary: [...SHARE] },
  'qr-top-month': { glossary: ['success', 'months'] },
  'receivables-gap': { glossary: [...CALC, 'days'] },
  'refund-lag': { glossary: [...CALC, 'refund', 'days', 'statistics'] },
  'refund-rate': { glossary: [...SHARE] },
  'refund-top-counterparty': { glossary: ['success'] },
  'rent-missing-months': { glossary: [...CALC, 'months'] },
  'retention-after-payday': { glossary: [...SHARE, 'retention'] },
  'revenue-cv': { glossary: [...CALC, 'months', 'business', 'statistics'] },
  'risk-indicators': {
    glossary: ['success', 'flows', 'months', 'home', 'business', 'statistics'],
    definesOptions: true,
    // an indicator is offered as itself or denied (`NEGATED_INDICATOR`); its detector rule comes with either text,
    // and a denial also says which indicator it denies
    definitions: SIGNALS.flatMap((s) => [
      { ...INDICATOR_DEFINITIONS[s.id], kind: s.kind, options: [s.indicator, NEGATED_INDICATOR[s.id]] },
      { ...negationDefinition(s.id), kind: s.kind, options: [NEGATED_INDICATOR[s.id]] },
    ]),
  },
  'rows-per-active-day': { glossary: [...CALC, 'days', 'statistics'] },
  'salary-months': { glossary: [...CALC, 'months'] },
  'savings-rate': { glossary: [...SHARE] },
  'seasonal-peak-trough': { glossary: [...CALC, 'months', 'business'] },
  'spike-count': { glossary: [...CALC, 'spike', 'statistics'] },
  'subscription-counterparties': { glossary: [...CALC] },
  'supplier-payment-gap': { glossary: [...CALC, 'days', 'statistics'] },
  'supplier-share': { glossary: [...SHARE] },
  'tax-months': { glossary: [...CALC, 'months'] },
  'top-cost-type': { glossary: ['success', 'flows', 'months', 'business'] },
  'top-counterparty-share': { glossary: [...SHARE] },
  'top-outflow-counterparty': { glossary: ['success', 'flows'] },
  'top-outflow-type': { glossary: ['success', 'flows'] },
  'top-supplier': { glossary: ['success'] },
  'turnover-cycle': { glossary: [...CALC, 'days', 'statistics'] },
  'verdict-concentration': { glossary: ['success', 'flows', 'statistics'] },
  'verdict-conduct': { glossary: ['success', 'flows', 'night', 'home', 'statistics'] },
  'verdict-debt': { glossary: ['success', 'flows', 'spending', 'statistics'] },
  'verdict-industry': { glossary: ['success', 'flows', 'business', 'statistics'] },
  'verdict-liquidity': { glossary: ['success', 'statistics'] },
  'verdict-salary': { glossary: ['success', 'months'] },
  'verdict-time': { glossary: ['success', 'flows', 'months', 'month-end'] },
  'working-capital-cover': { glossary: [...CALC, 'months', 'month-end', 'business', 'statistics'] },
};

/** Why a template's declaration is missing or unsound; empty when it is fine. */
export function gradingProblems(t: Pick<Template, 'id' | 'tags'>, table: Readonly<Record<string, Grading>> = GRADING): string[] {
  const g = Object.prototype.hasOwnProperty.call(table, t.id) ? table[t.id] : undefined;
  if (!g) return [`template ${t.id} declares no grading constants (add it to GRADING in src/questions/grading.ts)`];
  const out: string[] = [];
  if (g.glossary.length === 0 && !g.definitions?.length) out.push(`template ${t.id} declares an empty grading`);
  for (const term of g.glossary) if (!(term in GLOSSARY_TERMS)) out.push(`template ${t.id}: unknown glossary term ${term}`);
  if (t.tags.format === 'calc' && !g.glossary.includes('rounding')) out.push(`template ${t.id}: a calc template must declare the rounding term`);
  for (const d of g.definitions ?? []) {
    if (d.constants.length === 0) out.push(`template ${t.id}: a definition states no constant: ${d.text}`);
    for (const c of d.constants) if (!d.text.includes(c)) out.push(`template ${t.id}: definition does not state its constant ${c}`);
  }
  return out;
}

/** The template registry's gate: returns the list when every template declares what grades it, else throws. */
export function registerTemplates<T extends Pick<Template, 'id' | 'tags'>>(templates: readonly T[], table: Readonly<Record<string, Grading>> = GRADING): readonly T[] {
  const problems = templates.flatMap((t) => gradingProblems(t, table));
  const ids = new Set(templates.map((t) => t.id));
  for (const id of Object.keys(table)) if (!ids.has(id)) problems.push(`GRADING declares ${id}, which is no registered template`);
  if (problems.length) throw new Error(problems.join('; '));
  return templates;
}

/** The definitions shown with one item: its template's, for the item's client kind and the options it offers. */
export function itemDefinitions(item: Pick<Item, 'template' | 'client_kind' | 'options'>): ItemDefinition[] {
  const g = Object.prototype.hasOwnProperty.call(GRADING, item.template.id) ? GRADING[item.template.id] : undefined;
  if (!g?.definitions) return [];
  const texts = new Set(item.options.map((o) => o.text));
  return g.definitions.filter((d) => (d.kind === undefined || d.kind === item.client_kind) && (d.options === undefined || d.options.some((o) => texts.has(o))));
}
