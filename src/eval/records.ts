import { z } from 'zod';

export const UsageSchema = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
});

/** The kept part of a chat completion (see `ChatReply`). */
export const ChatReplySchema = z.object({
  content: z.string().nullable(),
  reasoning: z.string().nullable(),
  finish_reason: z.string().nullable(),
  usage: UsageSchema,
  model: z.string().nullable(),
});

/**
 * One line of `responses.jsonl`: a finished response under its cache key
 * (SHA-256 of base URL, model, messages and parameters). Only successful replies are cached.
 */
export const ResponseRecord = z.object({
  key: z.string().regex(/^[0-9a-f]{64}$/),
  item_id: z.string(),
  /** 0-based position in the log's chat in conversation mode; null in single-turn mode. */
  turn: z.number().int().nonnegative().nullable(),
  reply: ChatReplySchema,
  attempts: z.number().int().positive(),
  latency_ms: z.number().nonnegative(),
  finished_at: z.string(),
});
export type ResponseRecord = z.infer<typeof ResponseRecord>;

/** The closed set of transport failure kinds (see `classifyError`). */
export const FailureKindSchema = z.enum(['http', 'timeout', 'network', 'bad_response', 'aborted', 'skipped']);

/**
 * One line of `errors.jsonl`: a request that failed for good (retries spent or a non-retryable status).
 * Errors are never cached as answers: they are listed so that a plain resume reports them and `--retry-errors` re-sends them.
 */
export const ErrorRecord = z.object({
  key: z.string().regex(/^[0-9a-f]{64}$/),
  item_id: z.string(),
  turn: z.number().int().nonnegative().nullable(),
  kind: FailureKindSchema,
  status: z.number().int().optional(),
  message: z.string(),
  attempts: z.number().int().nonnegative(),
  finished_at: z.string(),
});
export type ErrorRecord = z.infer<typeof ErrorRecord>;
