import type { ClientKind } from '../schema/log-row.js';
import type { TemplatePrior } from './template.js';
import { ANSWER_PRIORS } from './data/answer-priors.js';

/** A table of answer priors keyed `profile:template` and `kind:template`, like the shipped `ANSWER_PRIORS`. */
export type PriorTable = Readonly<Record<string, TemplatePrior>>;

const SHIPPED: PriorTable = ANSWER_PRIORS;

/** The answer priors of one profile (or none) and client kind, each template's looked up once. */
export class AnswerPriors {
  private readonly byId = new Map<string, TemplatePrior | null>();

  constructor(
    private readonly kind: ClientKind,
    private readonly profile?: string,
    private readonly table?: PriorTable,
  ) {}

  /**
   * The template's prior: from the given table first (the profile's, else the client kind's), then from the shipped
   * one (the profile's, else the kind's). A dataset of a custom or fitted profile carries a table of that profile's
   * own priors (`fitAnswerPriors`); a template it has none for falls back to the shipped kind's.
   */
  get(templateId: string): TemplatePrior | undefined {
    const hit = this.byId.get(templateId);
    if (hit !== undefined) return hit ?? undefined;
    const p = (this.table ? lookup(this.table, this.kind, this.profile, templateId) : undefined) ?? lookup(SHIPPED, this.kind, this.profile, templateId);
    this.byId.set(templateId, p ?? null);
    return p;
  }
}

function lookup(table: PriorTable, kind: ClientKind, profile: string | undefined, templateId: string): TemplatePrior | undefined {
  return (profile !== undefined ? table[`${profile}:${templateId}`] : undefined) ?? table[`${kind}:${templateId}`];
}

type ByProfile = Map<string, Record<ClientKind, AnswerPriors>>;
/** Priors by profile (or '' for none), then client kind: for the shipped table alone, and per given table. */
const CACHE: ByProfile = new Map();
const TABLE_CACHE = new WeakMap<PriorTable, ByProfile>();

/**
 * The answer priors of a log's profile and client kind, with `table` consulted before the shipped one (kept: a
 * builder takes them once per log). The cache is keyed by the table object: a table that changes between builds
 * (the tuning passes of `fitAnswerPriors`) changes its priors' fields, never which object a key names once read.
 */
export function answerPriors(kind: ClientKind, profile?: string, table?: PriorTable): AnswerPriors {
  let cache = CACHE;
  if (table) {
    let c = TABLE_CACHE.get(table);
    if (!c) TABLE_CACHE.set(table, (c = new Map()));
    cache = c;
  }
  let byKind = cache.get(profile ?? '');
  if (!byKind) {
    byKind = { personal: new AnswerPriors('personal', profile, table), sme: new AnswerPriors('sme', profile, table) };
    cache.set(profile ?? '', byKind);
  }
  return byKind[kind];
}
