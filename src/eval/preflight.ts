import { maskUserinfo } from './redact.js';
import { NetworkError, UsageError } from '../errors.js';
import type { ChatBody, ChatTransport } from './client.js';
import type { EvalConfig } from './config.js';
import { withRetry, type Failure, type RetryDeps } from './retry.js';

/** What the preflight found, recorded in the run manifest. */
export interface PreflightResult {
  /** Model ids from `GET /models`, or null when the server has no such route. */
  models: string[] | null;
  /** Whether the server accepted `response_format: json_schema` (null when not probed: `structured_output: off`). */
  structured_output: boolean | null;
  warnings: string[];
}

const PROBE_SCHEMA = {
  type: 'json_schema',
  json_schema: {
    name: 'cclupe_probe',
    strict: true,
    schema: { type: 'object', properties: { answer: { type: 'array', items: { type: 'string', enum: ['A', 'B'] } } }, required: ['answer'], additionalProperties: false },
  },
};

/**
 * Checks the endpoint before a run spends anything: lists the models, makes a one-token chat call and, unless
 * structured output is off, probes `response_format: json_schema` (a 400/422 means unsupported: fall back to text).
 * Fails fast saying what is wrong: a `NetworkError` when the endpoint cannot be reached, a `UsageError` for a wrong
 * path, a rejected key or an unknown model.
 */
export async function preflight(
  transport: ChatTransport,
  config: EvalConfig,
  deps: RetryDeps,
): Promise<PreflightResult> {
  const base = maskUserinfo(config.base_url ?? '');
  const keyHint = config.api_key_env ? `check the key in $${config.api_key_env}` : 'pass --api-key-env NAME';
  const warnings: string[] = [];
  const probePolicy = { ...config.retry, max_attempts: Math.min(config.retry.max_attempts, 3) };

  let models: string[] | null = null;
  const listed = await withRetry(() => transport.listModels(), probePolicy, deps);
  if (listed.ok) {
    models = listed.value;
    if (models.length > 0 && !models.includes(config.model)) {
      warnings.push(`model ${config.model} is not in the server's model list (${models.slice(0, 10).join(', ')})`);
    }
  } else {
    const f = listed.failure;
    if (f.status === 401 || f.status === 403) throw new UsageError(`preflight: ${base} refused the API key (HTTP ${f.status}); ${keyHint}`, '--api-key-env');
    if (f.kind === 'network' || f.kind === 'timeout') throw new NetworkError(`preflight: cannot reach ${base} (${f.message})`);
    warnings.push(`GET ${base}/models failed (${f.message}); continuing with the chat probe`);
  }

  // One token: `max_tokens: 1`, or, for APIs that take only `max_completion_tokens` (set through extra_body with
  // `max_tokens: null`), that field at 1.
  const plain: ChatBody = {
    model: config.model,
    messages: [{ role: 'user', content: 'Reply with the letter A.' }],
    ...(config.temperature === null ? {} : { temperature: config.temperature }),
    ...(config.top_p === null ? {} : { top_p: config.top_p }),
    ...(config.max_tokens === null ? {} : { max_tokens: 1 }),
    ...config.extra_body,
    ...('max_completion_tokens' in config.extra_body ? { max_completion_tokens: 1 } : {}),
  };
  let structured: boolean | null = null;
  if (config.structured_output !== 'off') {
    const r = await withRetry(() => transport.complete({ ...plain, response_format: PROBE_SCHEMA }), probePolicy, deps);
    if (r.ok) structured = true;
    else if (r.failure.status === 400 || r.failure.status === 422) structured = false;
    else throw probeError(r.failure, config, models, keyHint);
    if (!structured && config.structured_output === 'on') {
      throw new UsageError(`preflight: ${base} does not accept response_format json_schema (${r.ok ? '' : r.failure.message}); use structured_output auto or off`, 'structured_output');
    }
    if (structured) return { models, structured_output: true, warnings };
  }
  const r = await withRetry(() => transport.complete(plain), probePolicy, deps);
  if (!r.ok) throw probeError(r.failure, config, models, keyHint);
  return { models, structured_output: structured, warnings };
}

function probeError(f: Failure, config: EvalConfig, models: string[] | null, keyHint: string): UsageError | NetworkError {
  const base = maskUserinfo(config.base_url ?? '');
  if (f.status === 401 || f.status === 403) return new UsageError(`preflight: ${base} refused the API key (HTTP ${f.status}); ${keyHint}`, '--api-key-env');
  if (f.status === 404) {
    const served = models && models.length > 0 ? `; the server lists: ${models.slice(0, 10).join(', ')}` : '';
    return new UsageError(
      `preflight: POST ${base}/chat/completions gave HTTP 404 (${f.message}): wrong model name, or a base URL missing /v1${served}`,
      '--model',
    );
  }
  if (f.kind === 'network' || f.kind === 'timeout') return new NetworkError(`preflight: cannot reach ${base} (${f.message})`);
  return new UsageError(`preflight: the one-token chat call to ${base} failed: ${f.message}`, '--base-url');
}
