import type { ClientKind } from '../schema/log-row.js';
import type { TemplatePrior } from './template.js';
import { ANSWER_PRIORS } from './data/answer-priors.js';

const TABLE = ANSWER_PRIORS as Readonly<Record<string, TemplatePrior>>;
const CACHE = new Map<string, TemplatePrior | undefined>();

/**
 * The measured answer prior of a template (`data/answer-priors.ts`): the log's own profile's when the table has one
 * (answers are balanced within a profile, so another log of the same profile tells nothing), else its client kind's.
 */
export function answerPrior(templateId: string, kind: ClientKind, profile?: string): TemplatePrior | undefined {
  const key = `${profile ?? ''}\u241f${kind}\u241f${templateId}`;
  if (CACHE.has(key)) return CACHE.get(key);
  const p = (profile !== undefined ? TABLE[`${profile}:${templateId}`] : undefined) ?? TABLE[`${kind}:${templateId}`];
  CACHE.set(key, p);
  return p;
}
