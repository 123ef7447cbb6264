import type { ClientKind } from '../schema/log-row.js';
import type { TemplatePrior } from './template.js';
import { ANSWER_PRIORS } from './data/answer-priors.js';

const CACHE: Record<ClientKind, Map<string, TemplatePrior | undefined>> = { personal: new Map(), sme: new Map() };

/** The measured answer prior of a template for one client kind (`data/answer-priors.ts`), when there is one. */
export function answerPrior(templateId: string, kind: ClientKind): TemplatePrior | undefined {
  const cache = CACHE[kind];
  if (cache.has(templateId)) return cache.get(templateId);
  const p = (ANSWER_PRIORS as Readonly<Record<string, TemplatePrior>>)[`${kind}:${templateId}`];
  cache.set(templateId, p);
  return p;
}
