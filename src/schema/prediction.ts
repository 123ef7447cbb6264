import { z } from 'zod';

export const PREDICTION_STATUSES = ['answered', 'invalid', 'no_answer', 'truncated', 'error'] as const;
export const PredictionStatus = z.enum(PREDICTION_STATUSES);
export type PredictionStatus = z.infer<typeof PredictionStatus>;

/**
 * One line of a predictions file: a model's answer to one item, from any harness.
 * `selected` holds option keys; `value` a free-response number. Missing or unparseable answers
 * score as an empty selection and are counted by status.
 */
export const Prediction = z.object({
  item_id: z.string(),
  selected: z.array(z.string()).optional(),
  value: z.number().optional(),
  raw: z.string().optional(),
  status: PredictionStatus.optional(),
});
export type Prediction = z.infer<typeof Prediction>;

/** Real-valued fields of `predictions.jsonl`, always written as floats. */
export const PREDICTION_FLOAT_FIELDS: ReadonlySet<string> = new Set(['value']);
