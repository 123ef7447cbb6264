import { z } from 'zod';
import { Format } from '../schema/item.js';
import { UsageError } from '../errors.js';
import { hashValue } from '../hash.js';
import { withoutUserinfo } from './redact.js';

/** Body fields that the harness owns; `extra_body` may not set them. */
export const RESERVED_BODY_FIELDS = ['model', 'messages', 'stream', 'n', 'temperature', 'top_p', 'max_tokens', 'seed', 'response_format'] as const;

/** Retry limits: attempts include the first try; delays in milliseconds. */
export const RetryConfig = z.strictObject({
  /** Total attempts per request, the first included. */
  max_attempts: z.number().int().min(1).max(100).default(6),
  /** First backoff ceiling; attempt k waits uniform(0, min(max_delay_ms, base_delay_ms·2^k)). */
  base_delay_ms: z.number().int().min(0).default(500),
  /** Cap on the backoff ceiling. */
  max_delay_ms: z.number().int().min(0).default(30_000),
  /** Longest server-requested `retry-after` honoured; a longer one is clamped to this. */
  max_retry_after_ms: z.number().int().min(0).default(120_000),
});
export type RetryConfig = z.infer<typeof RetryConfig>;

/** Which items of the dataset to run. Empty lists mean "all". */
export const ItemFilter = z.strictObject({
  item_ids: z.array(z.string()).optional(),
  log_ids: z.array(z.string()).optional(),
  formats: z.array(Format).optional(),
  /**
   * Keep N whole logs (so that conversation mode keeps whole logs), drawn by `sample_seed` and stratified by client
   * kind: a personal/SME mix keeps its proportions.
   */
  max_logs: z.number().int().positive().optional(),
  /** Keep N items, drawn by `sample_seed` and stratified by client kind, domain and format. */
  limit: z.number().int().positive().optional(),
  /** Seed of the `max_logs` and `limit` draws (default `cclupe`); the same seed gives the same sample, and a larger N a superset. */
  sample_seed: z.string().min(1).optional(),
});
export type ItemFilter = z.infer<typeof ItemFilter>;

const ENV_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A model run's settings (`--config run.yaml|json`, or the CLI flags). The API key itself never appears here:
 * only the name of the environment variable that holds it.
 */
export const EvalConfig = z
  .strictObject({
    /** OpenAI-compatible endpoint, e.g. `http://127.0.0.1:8000/v1`. Not needed for `baseline:*` models. */
    base_url: z.url({ protocol: /^https?$/ }).optional(),
    /** Model name sent to the endpoint, or `baseline:<name>` for an offline baseline. */
    model: z.string().min(1),
    /** Name of the environment variable holding the API key (never the key). */
    api_key_env: z.string().regex(ENV_NAME_RE, 'must be an environment variable name such as OPENAI_API_KEY').optional(),
    /** Sampling temperature; `null` sends none (some hosted reasoning models reject the field). */
    temperature: z.number().min(0).max(2).nullable().default(0),
    /** Nucleus sampling top_p; `null` sends none. */
    top_p: z.number().gt(0).max(1).nullable().default(1),
    /** Completion token limit; `null` sends none. */
    max_tokens: z.number().int().positive().nullable().default(4096),
    seed: z.number().int().optional(),
    /** Extra request body fields, e.g. `{ reasoning_effort: "low" }` or `{ chat_template_kwargs: { enable_thinking: false } }`. */
    extra_body: z.record(z.string(), z.unknown()).default({}),
    concurrency: z.number().int().min(1).max(1024).default(8),
    /** Per-attempt timeout in milliseconds. */
    timeout_ms: z.number().int().positive().default(120_000),
    retry: RetryConfig.default(RetryConfig.parse({})),
    filter: ItemFilter.default({}),
    /** Third-person ("the account holder") or first-person ("my account") stems. */
    style: z.enum(['third', 'first']).default('third'),
    /** Ask a log's items one after another in one chat, the log given once (CCLUPE multi-turn). */
    conversation: z.boolean().default(false),
    /** `auto`: use JSON-schema structured output when the preflight finds the server supports it. */
    structured_output: z.enum(['auto', 'on', 'off']).default('auto'),
    /** Seed of the random baseline, when no `seed` is given (a given `seed` drives the baselines too). */
    baseline_seed: z.string().default('cclupe'),
    /** System prompt text replacing the default (`--system-prompt FILE`). */
    system_prompt: z.string().min(1).optional(),
    /**
     * User-message template replacing the default (`--prompt-template FILE`), with the placeholders of
     * `PROMPT_PLACEHOLDERS` (docs/eval.md); `{{log}}` and `{{question}}` (or `{{stem}}` and `{{options}}`) are required.
     */
    prompt_template: z.string().min(1).optional(),
  })
  .superRefine((c, ctx) => {
    if (!c.model.startsWith('baseline:') && c.base_url === undefined) {
      ctx.addIssue({ code: 'custom', path: ['base_url'], message: 'is required unless the model is baseline:<name>' });
    }
    for (const k of RESERVED_BODY_FIELDS) {
      if (k in c.extra_body) {
        ctx.addIssue({ code: 'custom', path: ['extra_body', k], message: `is set by the harness; use the ${k} setting instead` });
      }
    }
  });
export type EvalConfig = z.infer<typeof EvalConfig>;
/** The config as written by a user, before defaults. */
export type EvalConfigInput = z.input<typeof EvalConfig>;

/** Validates a config object, turning the first zod issue into a `UsageError` naming the field. */
export function parseEvalConfig(input: unknown, source = 'config'): EvalConfig {
  const r = EvalConfig.safeParse(input);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue.path.join('.') || '(config)';
  throw new UsageError(`${source}: ${field}: ${issue.message}`, field);
}

/** True when the model names an offline baseline (`baseline:oracle`). */
export function isBaselineModel(model: string): boolean {
  return model.startsWith('baseline:');
}

/**
 * The settings that can change a run's answers, hashed into the manifest. Concurrency, timeout, retry limits, the
 * key's variable name and the item filter are operational: a resume may change them (so a pilot on a few logs can be
 * extended to the whole dataset in the same run directory, re-using every cached answer).
 */
export function resultAffectingConfig(c: EvalConfig): Record<string, unknown> {
  return {
    // without userinfo: credentials in the URL do not change the answers, and the config is written to the manifest
    base_url: c.base_url === undefined ? null : withoutUserinfo(normalizeBaseUrl(c.base_url)),
    model: c.model,
    temperature: c.temperature,
    top_p: c.top_p,
    max_tokens: c.max_tokens,
    seed: c.seed ?? null,
    extra_body: c.extra_body,
    style: c.style,
    conversation: c.conversation,
    structured_output: c.structured_output,
    baseline_seed: isBaselineModel(c.model) ? baselineSeed(c) : null,
    // Absent (and so outside the hash, which skips undefined values) for the default prompts, so that runs made
    // before these settings existed keep their config hash.
    system_prompt: c.system_prompt,
    prompt_template: c.prompt_template,
  };
}

/** The seed of the offline baselines: `seed` when given, so that repeated runs with other seeds differ; else `baseline_seed`. */
export function baselineSeed(c: EvalConfig): string {
  return c.seed !== undefined ? String(c.seed) : c.baseline_seed;
}

/** SHA-256 of the result-affecting settings. */
export function configHash(c: EvalConfig): string {
  return hashValue(resultAffectingConfig(c));
}

/** Drops trailing slashes so that `…/v1` and `…/v1/` are one endpoint. */
export function normalizeBaseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}
