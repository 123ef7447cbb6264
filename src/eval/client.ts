import OpenAI from 'openai';
import { encodeChatBody } from './body-json.js';
import { createNodeFetch } from './http-fetch.js';
import type { ChatBody } from './wire.js';

export type { ChatBody, ChatMessage } from './wire.js';

/** Token counts reported by the server (zeros when it reports none). */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** What the harness keeps of a chat completion: enough to re-extract and re-score without the network. */
export interface ChatReply {
  content: string | null;
  /** `reasoning_content` (vLLM, DeepSeek) or `reasoning` (Ollama, OpenRouter), when the server separates it. */
  reasoning: string | null;
  finish_reason: string | null;
  usage: Usage;
  /** Model name the server reports. */
  model: string | null;
}

/** Per-call options: extra headers (the item marker) and an abort signal. */
export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The network edge of the harness: one chat completion per call, the model list; no retries inside. */
export interface ChatTransport {
  complete(body: ChatBody, opts?: CallOptions): Promise<ChatReply>;
  listModels(): Promise<string[]>;
}

/** Connection settings. `apiKey` is held in memory only; it is never logged or written. */
export interface TransportOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  /** Keep-alive sockets per origin (default 64); set it to at least the concurrency. */
  maxSockets?: number;
}

/**
 * A transport over the official `openai` client with the SDK's own retries off (`maxRetries: 0`), so that our
 * retry policy is the only one; the SDK's logging is off and its environment fallbacks (OPENAI_ORG_ID…) are overridden.
 * Requests go through `createNodeFetch` (keep-alive node:http), so the timeout covers the whole body.
 */
export function createOpenAITransport(opts: TransportOptions): ChatTransport {
  const client = new OpenAI({
    baseURL: opts.baseUrl,
    // Local servers (vLLM, llama.cpp, Ollama) accept any bearer token; the SDK insists on one.
    apiKey: opts.apiKey ?? 'no-key',
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: opts.timeoutMs,
    logLevel: 'off',
    fetch: createNodeFetch({ maxSockets: opts.maxSockets ?? 64 }),
  });
  return {
    async complete(body, callOpts = {}) {
      // What `client.chat.completions.create(body)` sends, with the body already encoded (`encodeChatBody`, equal to
      // the SDK's `JSON.stringify` byte for byte, tested): the SDK passes bytes through as they are, so the content
      // type it would add for a JSON body is given here. Headers, retries off, timeout and parsing are the SDK's.
      const res = await client.post<unknown>('/chat/completions', {
        body: encodeChatBody(body),
        maxRetries: 0,
        timeout: opts.timeoutMs,
        headers: { 'content-type': 'application/json', ...callOpts.headers },
        signal: callOpts.signal,
        // As `create` passes it: a body asking for a stream gets the SDK's stream handling (and is refused by toReply).
        stream: (body.stream as boolean | undefined) ?? false,
      });
      return toReply(res);
    },
    async listModels() {
      const ids: string[] = [];
      for await (const m of client.models.list({ maxRetries: 0, timeout: opts.timeoutMs })) ids.push(m.id);
      return ids.sort();
    },
  };
}

/** Reads a chat-completion body defensively: servers differ in what they fill. Throws when it is not one. */
export function toReply(res: unknown): ChatReply {
  const r = res as {
    choices?: Array<{ message?: Record<string, unknown>; finish_reason?: string | null }>;
    usage?: Partial<Usage> | null;
    model?: string;
  } | null;
  if (r === null || typeof r !== 'object' || !Array.isArray(r.choices) || r.choices.length === 0) {
    throw new TypeError('response has no choices');
  }
  const choice = r.choices[0];
  const msg = choice.message ?? {};
  const content = typeof msg.content === 'string' ? msg.content : null;
  const reasoning =
    typeof msg.reasoning_content === 'string' ? msg.reasoning_content : typeof msg.reasoning === 'string' ? msg.reasoning : null;
  const u = r.usage ?? {};
  const prompt = num(u.prompt_tokens);
  const completion = num(u.completion_tokens);
  return {
    content,
    reasoning,
    finish_reason: choice.finish_reason ?? null,
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: num(u.total_tokens) || prompt + completion },
    model: typeof r.model === 'string' ? r.model : null,
  };
}

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}
