import { z } from 'zod';
import { ClientKind } from './log-row.js';
import { SubDomain } from './signal-id.js';
import { SafeId } from './ids.js';

export const FORMATS = ['single', 'multi', 'calc', 'numeric'] as const;
/** single: 4 options, one correct; multi: 4–6 options, 1–4 correct; calc: numeric options; numeric: free response. */
export const Format = z.enum(FORMATS);
export type Format = z.infer<typeof Format>;

export const DIFFICULTIES = ['L', 'M', 'H'] as const;
export const Difficulty = z.enum(DIFFICULTIES);
export type Difficulty = z.infer<typeof Difficulty>;

/** The four cognition levels of CCLUPE, in Table 3 order. */
export const COGNITION_LEVELS = ['memory', 'comprehension', 'analysis', 'evaluation'] as const;
export const Cognition = z.enum(COGNITION_LEVELS);
export type Cognition = z.infer<typeof Cognition>;

/** The seven knowledge domains (SPEC §6). */
export const DOMAINS = [
  'stability',
  'structure',
  'liquidity',
  'conduct',
  'time',
  'industry',
  'debt',
] as const;
export const Domain = z.enum(DOMAINS);
export type Domain = z.infer<typeof Domain>;

export const Option = z.object({
  key: z.string().regex(/^[A-Z]$/),
  text: z.string().min(1),
  /** For calc distractors: the named misconception that produces this value (SPEC §6). */
  misconception: z.string().optional(),
});
export type Option = z.infer<typeof Option>;

/** One question in `questions.jsonl` (SPEC §6). */
export const Item = z.object({
  id: SafeId,
  log_id: SafeId,
  client_kind: ClientKind,
  format: Format,
  stem: z.string().min(1),
  /** The same question asked in the first person ("my account…"). */
  stem_first_person: z.string().min(1),
  options: z.array(Option),
  /** Gold option keys; empty only for the free-response numeric format. */
  answer: z.array(z.string()),
  /** The exact value, for calc and numeric items. */
  numeric_answer: z.number().optional(),
  domain: Domain,
  sub_domain: SubDomain,
  perspective: z.string(),
  logic: z.string(),
  cognition: Cognition,
  difficulty: Difficulty,
  steps: z.number().int().positive(),
  evidence: z.array(z.string()),
  template: z.object({ id: z.string(), version: z.number().int().positive() }),
  /** The computation, step by step, in words and numbers. */
  program: z.array(z.string()),
});
export type Item = z.infer<typeof Item>;

/** Real-valued fields of `questions.jsonl`, always written as floats (`12.0`) so that column types stay stable. */
export const ITEM_FLOAT_FIELDS: ReadonlySet<string> = new Set(['numeric_answer']);
