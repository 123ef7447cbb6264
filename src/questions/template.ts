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
  /**
   * For the correct calc option: the probability of keeping the item so that its options stay exchangeable
   * (`calcChoices`: surround rate / ceiling); the builder's answer-aware acceptance applies it.
   */
  keep?: number;
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
  /**
   * multi: every option text the template could offer on this log, true or false (`multiPool`). `npm run
   * answer-priors` measures each text's rate over these, so the rate is the log population's, not the options'.
   */
  pool?: Array<{ text: string; correct: boolean }>;
}

/** Everything a template may read. Pure: no clock, no files. */
export interface TemplateContext {
  facts: LogFacts;
  kind: ClientKind;
  /** The template's own stream, so adding a template never changes another's draws. */
  rng: Rng;
  /** The signal detectors' output on this log (computed once per log, on first use). */
  detections(): Record<SignalId, Detection>;
  /** Calc templates: the template's face bounds on this log, in display units; every option must stay inside. */
  bounds: { min: number; max: number; lenient?: boolean };
  /** What answers this template gives across logs of this client kind (`data/answer-priors.ts`), when known. */
  prior?: TemplatePrior;
  /**
   * The builder's answer-aware acceptance, asked as soon as the answer is known and before the options and the
   * program are built (`calcChoices` and `singleChoices` ask it; templates pass it on). False: the builder declined
   * the item, the helper returns null at once, and the builder builds the item in full, without `admit`, only if a
   * slot ends up taking a declined item. Absent when the builder does not balance answers (then nothing declines).
   */
  admit?: Admit;
}

/** What an option helper knows of the answer before it builds options: the calc gold's `keep`, or the single answer text. */
export type Admission = { keep: number } | { text: string };

/** The builder's acceptance of an answer (`TemplateContext.admit`): true keeps the item, false declines it. */
export type Admit = (answer: Admission) => boolean;

/**
 * How a template's answers fall across many logs of one client kind, measured on calibration logs
 * (`npm run answer-priors`) and used to keep answers unguessable without the log (issue #13).
 */
export interface TemplatePrior {
  /**
   * calc: gold values that many logs share (display units), each with its share of the template's golds; decoys are
   * drawn from them and from `quantiles`, so a value often right is offered as often as a wrong option.
   */
  atoms?: Array<[number, number]>;
  /**
   * calc: quantiles of the gold values in display units, from 0% to 100% in equal steps — of the values that are not
   * atoms when there are atoms (drawn with the remaining share); decoys are drawn from them.
   */
  quantiles?: number[];
  /** single: the probability of keeping an item whose answer is this text (rarer answers kept more often); calc has none (see `calcChoices`). */
  accept?: Record<string, number>;
  /** single: each answer text's share of the template's items after acceptance; wrong options are drawn by it. */
  answers?: Record<string, number>;
  /** multi: how often each option text is true where the template could offer it (its `Draft.pool`). */
  truth?: Record<string, number>;
  /** multi: the rate every option text is brought to (that of the texts without a rate, else the pool's share of true). */
  base?: number;
}

/**
 * The range a calc answer can take on its face, whatever the log: an option outside it would be eliminated without
 * reading the log. Every calc option respects it (the builder checks); `cclupe validity` counts items that do not.
 */
export interface FaceBounds {
  /** Smallest possible value (default 0: counts, money totals, shares and ratios are never negative). */
  min?: number;
  /** Largest possible value: a number, or the months covered by the log (`months`) or one fewer (`month-steps`). */
  max?: number | 'months' | 'month-steps';
  /** The quantity may be negative (net flows, rates that can fall below zero): no lower bound. */
  signed?: boolean;
}

/** The bounds of `face` on a log covering `months` calendar months: [min, max] in display units. */
export function resolveFace(face: FaceBounds | undefined, months: number): { min: number; max: number } {
  const min = face?.signed ? -Infinity : (face?.min ?? 0);
  const m = face?.max;
  const max = m === 'months' ? months : m === 'month-steps' ? months - 1 : (m ?? Infinity);
  return { min, max };
}

/** A question template: declared tags and a small program over the log; null when the log cannot support it. */
export interface Template {
  id: string;
  version: number;
  tags: TemplateTags;
  /** Fits few logs (e.g. needs a detector to fire): the builder tries it first so its logic stays covered. */
  rare?: boolean;
  /** Calc templates: the range the answer can take on its face (default: non-negative, unbounded above). */
  face?: FaceBounds;
  /** Reads the signal detectors (costly): the multi-select pass tries cheaper templates before it. */
  usesDetectors?: boolean;
  build(ctx: TemplateContext): Draft | null;
}
