import { describe, expect, it } from 'vitest';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { classifyError, isRetryableStatus, parseRetryAfter, retryDelayMs, withRetry } from '../../src/eval/retry.js';
import { RetryConfig } from '../../src/eval/config.js';

const policy = RetryConfig.parse({ max_attempts: 4, base_delay_ms: 100, max_delay_ms: 1000, max_retry_after_ms: 5000 });
const fixed = (x: number) => ({ next: () => x });

function httpError(status: number, headers: Record<string, string> = {}): APIError {
  return APIError.generate(status, { message: `status ${status}` }, undefined, new Headers(headers));
}

describe('isRetryableStatus', () => {
  it('retries 408, 409, 429 and every 5xx', () => {
    for (const s of [408, 409, 429, 500, 502, 503, 504, 599]) expect(isRetryableStatus(s)).toBe(true);
  });
  it('never retries 400, 401, 403, 404, 422', () => {
    for (const s of [400, 401, 403, 404, 422]) expect(isRetryableStatus(s)).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  it('prefers retry-after-ms', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '250', 'retry-after': '3' }), 0)).toBe(250);
  });
  it('reads retry-after in seconds', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after': '2' }), 0)).toBe(2000);
  });
  it('reads retry-after as an HTTP date relative to now', () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 0);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now)).toBe(5000);
  });
  it('ignores an unreadable header', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }), 0)).toBeUndefined();
  });
});

describe('classifyError', () => {
  it('marks a 429 retryable and keeps its retry-after', () => {
    expect(classifyError(httpError(429, { 'retry-after-ms': '40' }), 0)).toMatchObject({ kind: 'http', status: 429, retryable: true, retryAfterMs: 40 });
  });
  it('marks a 401 final', () => {
    expect(classifyError(httpError(401), 0)).toMatchObject({ kind: 'http', status: 401, retryable: false });
  });
  it('marks timeouts and connection errors retryable', () => {
    expect(classifyError(new APIConnectionTimeoutError(), 0)).toMatchObject({ kind: 'timeout', retryable: true });
    expect(classifyError(new APIConnectionError({ message: 'reset' }), 0)).toMatchObject({ kind: 'network', retryable: true });
  });
  it('marks an unreadable body retryable', () => {
    expect(classifyError(new SyntaxError('Unexpected end of JSON input'), 0)).toMatchObject({ kind: 'bad_response', retryable: true });
  });
});

describe('retryDelayMs', () => {
  // Full jitter: uniform(0, min(cap, base·2^k)); with rng = 0.5 the wait is half the ceiling.
  it('doubles the ceiling each retry up to the cap', () => {
    const f = { kind: 'http' as const, status: 500, retryable: true, message: '' };
    expect([0, 1, 2, 3, 4].map((k) => retryDelayMs(k, f, policy, fixed(0.5)))).toEqual([50, 100, 200, 400, 500]);
  });
  it('waits at least the server-requested time, clamped', () => {
    const f = { kind: 'http' as const, status: 429, retryable: true, retryAfterMs: 3000, message: '' };
    expect(retryDelayMs(0, f, policy, fixed(0.5))).toBe(3000);
    expect(retryDelayMs(0, { ...f, retryAfterMs: 60_000 }, policy, fixed(0.5))).toBe(5000);
  });
});

describe('withRetry', () => {
  const deps = (waits: number[]) => ({ rng: fixed(0.5), now: () => 0, sleep: async (ms: number) => void waits.push(ms) });

  it('retries until success and reports the attempts', async () => {
    const waits: number[] = [];
    let n = 0;
    const r = await withRetry(async () => {
      if (++n < 3) throw httpError(503);
      return 'ok';
    }, policy, deps(waits));
    expect(r).toEqual({ ok: true, value: 'ok', attempts: 3 });
    expect(waits).toEqual([50, 100]);
  });

  it('gives up after max_attempts', async () => {
    const r = await withRetry(async () => {
      throw httpError(500);
    }, policy, deps([]));
    expect(r).toMatchObject({ ok: false, attempts: 4, failure: { status: 500 } });
  });

  it('does not retry a 400', async () => {
    let n = 0;
    const r = await withRetry(async () => {
      n++;
      throw httpError(400);
    }, policy, deps([]));
    expect(n).toBe(1);
    expect(r).toMatchObject({ ok: false, attempts: 1, failure: { status: 400, retryable: false } });
  });
});
