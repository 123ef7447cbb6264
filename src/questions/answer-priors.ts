import type { ClientKind } from '../schema/log-row.js';
import type { TemplatePrior } from './template.js';
import { ANSWER_PRIORS } from './data/answer-priors.js';

const TABLE = ANSWER_PRIORS as Readonly<Record<string, TemplatePrior>>;

/** The answer priors of one profile (or none) and client kind, each template's looked up in the table once. */
export class AnswerPriors {
  private readonly byId = new Map<string, TemplatePrior | null>();

  constructor(
    private readonly kind: ClientKind,
    private readonly profile?: string,
  ) {}

  /** The template's prior: the profile's own when the table has one, else the client kind's. */
  get(templateId: string): TemplatePrior | undefined {
    const hit = this.byId.get(templateId);
    if (hit !== undefined) return hit ?? undefined;
    const p = (this.profile !== undefined ? TABLE[`${this.profile}:${templateId}`] : undefined) ?? TABLE[`${this.kind}:${templateId}`];
    this.byId.set(templateId, p ?? null);
    return p;
  }
}

/** Priors by profile (or '' for none), then client kind. */
const CACHE = new Map<string, Record<ClientKind, AnswerPriors>>();

/** The answer priors of a log's profile and client kind (kept: a builder takes them once per log). */
export function answerPriors(kind: ClientKind, profile?: string): AnswerPriors {
  let byKind = CACHE.get(profile ?? '');
  if (!byKind) {
    byKind = { personal: new AnswerPriors('personal', profile), sme: new AnswerPriors('sme', profile) };
    CACHE.set(profile ?? '', byKind);
  }
  return byKind[kind];
}
