import type { ClientKind } from '../schema/log-row.js';
import type { Cognition, Difficulty, Domain, Format } from '../schema/item.js';
import type { SubDomain, SignalId } from '../schema/signal-id.js';
import type { Detection } from '../schema/labels.js';
import type { Rng } from '../random/rng.js';
import type { LogFacts } from './facts.js';
import type { Misconception } from './misconceptions.js';

/** Where a template sits in one client kind's perspective table. */
export interface LogicRef {
  perspective: string;
  logic: string;
  /** Overrides the template's sub-domain for this client kind (e.g. Liquidity vs Liquidity (SME)). */
  sub_domain?: SubDomain;
}

/** The tags a template declares (SPEC §6); `logics` names the client kinds it serves. */
export interface TemplateTags {
  domain: Domain;
  sub_domain: SubDomain;
  cognition: Cognition;
  difficulty: Difficulty;
  format: Exclude<Format, 'numeric'>;
  logics: Partial<Record<ClientKind, LogicRef>>;
}

/** One answer option before lettering. */
export interface Choice {
  text: string;
  correct: boolean;
  misconception?: Misconception;
  /** For calc options: the value the option states, in display units. */
  value?: number;
}

/** What a template returns for one log: the question, its options and how the answer was computed. */
export interface Draft {
  /** Third-person stem; `{acct}` is replaced by "this account" / "my account" (or the business forms). */
  stem: string;
  choices: Choice[];
  /** For calc: the exact gold value in display units (money in currency units, percentages as 0–100). */
  numericAnswer?: number;
  evidence: string[];
  /** The computation in words and numbers; its length is the step count. */
  program: string[];
}

/** Everything a template may read. Pure: no clock, no files. */
export interface TemplateContext {
  facts: LogFacts;
  kind: ClientKind;
  /** The template's own stream, so adding a template never changes another's draws. */
  rng: Rng;
  /** The signal detectors' output on this log (computed once per log, on first use). */
  detections(): Record<SignalId, Detection>;
}

/** A question template: declared tags and a small program over the log; null when the log cannot support it. */
export interface Template {
  id: string;
  version: number;
  tags: TemplateTags;
  /** Fits few logs (e.g. needs a detector to fire): the builder tries it first so its logic stays covered. */
  rare?: boolean;
  /** Reads the signal detectors (costly): the multi-select pass tries cheaper templates before it. */
  usesDetectors?: boolean;
  build(ctx: TemplateContext): Draft | null;
}
