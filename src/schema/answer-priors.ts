import { z } from 'zod';

const rate = z.number().min(0).max(1);

/** One template's answer prior as a dataset's `answer-priors.json` holds it (the fields of `TemplatePrior`). */
export const AnswerPriorRecord = z
  .object({
    atoms: z.array(z.tuple([z.number(), rate])).optional(),
    quantiles: z.array(z.number()).min(2).optional(),
    accept: z.record(z.string(), rate).optional(),
    answers: z.record(z.string(), rate).optional(),
    truth: z.record(z.string(), rate).optional(),
    base: rate.optional(),
  })
  .strict();

/** A dataset's `answer-priors.json`: priors by `profile:template`, fitted for its custom and fitted profiles. */
export const AnswerPriorFile = z.record(z.string().regex(/^[^:]+:[^:]+$/, 'expected a profile:template key'), AnswerPriorRecord);
export type AnswerPriorFile = z.infer<typeof AnswerPriorFile>;
