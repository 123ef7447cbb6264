import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { Rng } from '../random/rng.js';
import type { RetryConfig } from './config.js';

/** HTTP statuses worth another try: request timeout, conflict, rate limit and every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** How a failed attempt is classified. `kind` is a closed set so that callers never parse messages. */
export type FailureKind = 'http' | 'timeout' | 'network' | 'bad_response' | 'aborted';

/** One failed attempt: what went wrong, whether to try again and how long the server asked us to wait. */
export interface Failure {
  kind: FailureKind;
  status?: number;
  retryable: boolean;
  /** Server-requested wait from `retry-after-ms` or `retry-after`, in milliseconds. */
  retryAfterMs?: number;
  message: string;
}

/**
 * Reads `retry-after-ms` (milliseconds) or `retry-after` (seconds, or an HTTP date relative to `nowMs`),
 * as OpenAI's and RFC 9110's conventions have it. Returns undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: Headers | undefined, nowMs: number): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const v = Number(ms);
    if (Number.isFinite(v) && v >= 0) return v;
  }
  const ra = headers.get('retry-after');
  if (ra === null || ra.trim() === '') return undefined;
  const secs = Number(ra);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const at = Date.parse(ra);
  if (Number.isFinite(at)) return Math.max(0, at - nowMs);
  return undefined;
}

/**
 * Classifies an error thrown by the openai client (SDK retries off). Network errors, timeouts, 408/409/429/5xx and
 * unreadable response bodies are retryable; 400/401/403/404/422 and every other 4xx are not.
 * Messages carry the status and the server's short message, never request headers (so never the key).
 */
export function classifyError(err: unknown, nowMs: number): Failure {
  if (err instanceof APIUserAbortError) return { kind: 'aborted', retryable: false, message: 'request aborted' };
  if (err instanceof APIConnectionTimeoutError) return { kind: 'timeout', retryable: true, message: 'request timed out' };
  if (err instanceof APIConnectionError) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? err.message;
    return { kind: 'network', retryable: true, message: `connection error: ${detail}` };
  }
  if (err instanceof APIError && typeof err.status === 'number') {
    const status = err.status;
    const retryAfterMs = parseRetryAfter(err.headers as Headers | undefined, nowMs);
    return {
      kind: 'http',
      status,
      retryable: isRetryableStatus(status),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      message: `HTTP ${status}: ${shortMessage(err)}`,
    };
  }
  const message = err instanceof Error ? err.message : String(err);
  // A 200 whose body is not a chat completion (torn JSON, HTML from a proxy): the server may do better next time.
  return { kind: 'bad_response', retryable: true, message: `unreadable response: ${message.slice(0, 200)}` };
}

function shortMessage(err: APIError): string {
  const e = err.error as { message?: unknown } | undefined;
  const m = typeof e?.message === 'string' ? e.message : err.message;
  return m.replace(/\s+/g, ' ').slice(0, 300);
}

/**
 * Full-jitter exponential backoff (AWS Architecture Blog, "Exponential Backoff and Jitter", 2015):
 * the wait before retry k (k = 0 for the first retry) is uniform(0, min(cap, base·2^k)) milliseconds.
 * A server-requested `retry-after` is honoured as a floor, clamped to `max_retry_after_ms`.
 */
export function retryDelayMs(retryIndex: number, failure: Failure, policy: RetryConfig, rng: Rng): number {
  const ceiling = Math.min(policy.max_delay_ms, policy.base_delay_ms * 2 ** Math.min(retryIndex, 52));
  const jitter = rng.next() * ceiling;
  if (failure.retryAfterMs === undefined) return jitter;
  return Math.max(Math.min(failure.retryAfterMs, policy.max_retry_after_ms), jitter);
}

/** What `withRetry` needs from the outside world; tests pass a fake clock, production the real one. */
export interface RetryDeps {
  rng: Rng;
  sleep(ms: number): Promise<void>;
  now(): number;
  /** Called before each wait, for progress and logs. */
  onRetry?(failure: Failure, attempt: number, delayMs: number): void;
}

/** The outcome of a call under the retry policy: a value, or the last failure; plus how many attempts it took. */
export type RetryResult<T> = { ok: true; value: T; attempts: number } | { ok: false; failure: Failure; attempts: number };

/** Calls `fn` until it succeeds, fails with a non-retryable error, or `max_attempts` is spent. */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, policy: RetryConfig, deps: RetryDeps): Promise<RetryResult<T>> {
  let attempt = 0;
  for (;;) {
    attempt++;
    try {
      return { ok: true, value: await fn(attempt), attempts: attempt };
    } catch (err) {
      const failure = classifyError(err, deps.now());
      if (!failure.retryable || attempt >= policy.max_attempts) return { ok: false, failure, attempts: attempt };
      const delay = retryDelayMs(attempt - 1, failure, policy, deps.rng);
      deps.onRetry?.(failure, attempt, delay);
      await deps.sleep(delay);
    }
  }
}
