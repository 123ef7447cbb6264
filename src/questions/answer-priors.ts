import type { ClientKind } from '../schema/log-row.js';
import type { TemplatePrior } from './template.js';
import { ANSWER_PRIORS } from './data/answer-priors.js';

/** The measured answer prior of a template for one client kind (`data/answer-priors.ts`), when there is one. */
export function answerPrior(templateId: string, kind: ClientKind): TemplatePrior | undefined {
  return (ANSWER_PRIORS as Readonly<Record<string, TemplatePrior>>)[`${kind}:${templateId}`];
}
