import type { ClientKind } from '../schema/log-row.js';
import type { TemplatePrior } from './template.js';
import { ANSWER_PRIORS } from './data/answer-priors.js';

const TABLE = ANSWER_PRIORS as Readonly<Record<string, TemplatePrior>>;
/** Priors by profile (or '' for none), then client kind, then template id. */
const CACHE = new Map<string, Record<ClientKind, Map<string, TemplatePrior | undefined>>>();

/**
 * The measured answer prior of a template (`data/answer-priors.ts`): the log's own profile's when the table has one
 * (answers are balanced within a profile, so another log of the same profile tells nothing), else its client kind's.
 */
export function answerPrior(templateId: string, kind: ClientKind, profile?: string): TemplatePrior | undefined {
  let byKind = CACHE.get(profile ?? '');
  if (!byKind) {
    byKind = { personal: new Map(), sme: new Map() };
    CACHE.set(profile ?? '', byKind);
  }
  const byId = byKind[kind];
  if (byId.has(templateId)) return byId.get(templateId);
  const p = (profile !== undefined ? TABLE[`${profile}:${templateId}`] : undefined) ?? TABLE[`${kind}:${templateId}`];
  byId.set(templateId, p);
  return p;
}
