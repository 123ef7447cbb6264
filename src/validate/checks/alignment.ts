import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { anyPattern } from '../../signals/view.js';
import type { ClientKind } from '../../schema/log-row.js';
import type { ValidationIssue } from '../../schema/issue-codes.js';
import type { Check } from '../context.js';
import { rowIssue } from '../context.js';
import { ALIGNMENT_RULES } from '../alignment-rules.js';

type Category = keyof typeof DEFAULT_THRESHOLDS.alignment.misfits;

const MISFIT_TYPES: ReadonlySet<string> = new Set<string>(DEFAULT_THRESHOLDS.alignment.types);

interface KindRules {
  /** Types a client of this kind and category cannot have. */
  impossible: ReadonlySet<string>;
  /** Counterparty names of supply classes that do not fit the category (SMEs with a category only), or null. */
  misfitRe: RegExp | null;
}
const rulesCache = new Map<string, KindRules>();

/** The rules for a client kind and business category, built once per pair (not once per log). */
function rulesFor(kind: ClientKind, category: Category | undefined): KindRules {
  const key = `${kind}/${category ?? ''}`;
  let rules = rulesCache.get(key);
  if (rules === undefined) {
    const impossible = new Set<string>(ALIGNMENT_RULES.kinds[kind]?.impossibleTypes ?? []);
    if (category && ALIGNMENT_RULES.categories[category]) for (const t of ALIGNMENT_RULES.categories[category].impossibleTypes) impossible.add(t);
    const t = DEFAULT_THRESHOLDS.alignment;
    const misfits = kind === 'sme' && category && t.misfits[category] ? t.misfits[category].flatMap((c) => t.classes[c] ?? []) : [];
    rules = { impossible, misfitRe: misfits.length > 0 ? anyPattern(misfits) : null };
    rulesCache.set(key, rules);
  }
  return rules;
}

/**
 * ALIGNMENT: transactions that do not fit the client (SPEC §4).
 * - A type impossible for the client kind or the declared business category (`ALIGNMENT_RULES`) is an error.
 * - An outflow of the Alignment signal's types to a counterparty of a supply class that does not fit the category
 *   (`DEFAULT_THRESHOLDS.alignment`) is expected when the labels record it as the Alignment signal's evidence and is
 *   then not reported; with labels that do not record it, it is an error; without labels, a warning.
 * Logs with no client kind (foreign files without one in their dialect) are not judged.
 */
export const checkAlignment: Check = (log, ctx) => {
  const kind = log.clientKind ?? ctx.labels?.client_kind;
  if (!kind) return [];
  const category = (log.businessCategory ?? ctx.labels?.business_category ?? undefined) as Category | undefined;
  const out: ValidationIssue[] = [];
  const { impossible, misfitRe } = rulesFor(kind, category);
  let evidence: Set<string> | undefined;
  for (let i = 0; i < log.rows.length; i++) {
    const r = log.rows[i];
    if (impossible.has(r.type)) {
      out.push(rowIssue(log, ctx, i, { code: 'ALIGNMENT', column: 'type', note: `(impossible for a ${category ? `${category} ` : ''}${kind} client)`, actual: r.type }));
      continue;
    }
    if (misfitRe && r.amountCents < 0 && MISFIT_TYPES.has(r.type) && misfitRe.test(r.counterparty)) {
      evidence ??= new Set(ctx.labels?.signals?.alignment?.evidence ?? []);
      if (ctx.labels && evidence.has(r.txn_id)) continue;
      out.push(
        rowIssue(log, ctx, i, {
          code: 'ALIGNMENT',
          severity: ctx.labels ? 'error' : 'warning',
          column: 'counterparty',
          note: `(supplier does not fit a ${category} business${ctx.labels ? ' and the labels do not record it' : ''})`,
          actual: r.counterparty,
        }),
      );
    }
  }
  return out;
};
