import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Item } from '../schema/item.js';
import { createRng, streamKey } from '../random/rng.js';
import { sha256Hex } from '../hash.js';
import { ITEM_HEADER } from '../eval/wire.js';

/** The item header (`src/eval/wire.ts`), re-exported for tests. */
export { ITEM_HEADER };

/** A canned reply: text content, separate reasoning, finish reason. */
export interface LoopbackReply {
  content: string | null;
  reasoning?: string | null;
  finish_reason?: string;
}

/** What a policy sees of one request. `item` is set when the item header names a loaded item. */
export interface PolicyContext {
  item: Item | undefined;
  body: Record<string, unknown>;
  /** True when the request asked for JSON-schema structured output and the server accepts it. */
  structured: boolean;
}

/** Built-in answer policies; or pass a function. */
export type PolicyName = 'gold' | 'first' | 'garbage' | 'reasoning-only';
export type Policy = PolicyName | ((ctx: PolicyContext) => LoopbackReply);

/** Faults the server can inject, each the way a flaky endpoint shows it. */
export const FAULT_KINDS = ['rate_limit', 'server_error', 'slow', 'malformed', 'reset'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * A deterministic fault plan: attempt k (0-based) of a given request body gets a fault when
 * hash(seed, body, k) < rate and k < maxPerRequest; the kind is picked by the same hash.
 * So the same run meets the same faults, and every request succeeds by attempt `maxPerRequest + 1`.
 */
export interface FaultPlan {
  rate: number;
  kinds?: readonly FaultKind[];
  seed?: string;
  maxPerRequest?: number;
  /** Sent as `retry-after-ms` on 429s (and `retry-after` in whole seconds, rounded up). */
  retryAfterMs?: number;
  /** How long a `slow` reply waits before answering; set it past the client's timeout. */
  slowMs?: number;
}

/** Loopback server settings. */
export interface LoopbackOptions {
  policy: Policy;
  /** Items the server may be asked about (needed by the `gold` and `first` policies). */
  items?: readonly Item[];
  faults?: FaultPlan | ((ctx: { itemId: string | undefined; attempt: number; requestIndex: number }) => FaultKind | null);
  /** Model ids listed by `GET /v1/models`. */
  models?: readonly string[];
  /** When set, requests must carry `Authorization: Bearer <apiKey>` or get a 401. */
  apiKey?: string;
  /** Accept `response_format: json_schema` (default true); when false such requests get a 400, like servers without it. */
  structuredOutput?: boolean;
  /** Delay before every reply, in milliseconds (default 0). */
  latencyMs?: number;
}

/** What the server has seen. `completions` counts 200 replies to item requests, per item id. */
export interface LoopbackCounts {
  requests: number;
  modelRequests: number;
  /** Chat requests without an item header (preflight probes). */
  probes: number;
  faults: Record<FaultKind, number>;
  completions: Map<string, number>;
  attempts: Map<string, number>;
  /** Item requests that have arrived but not been answered yet. */
  inFlight: number;
  /** The most item requests ever in flight at once. */
  peakInFlight: number;
}

/** A running loopback server. `url` ends in `/v1`. */
export interface LoopbackServer {
  url: string;
  counts: LoopbackCounts;
  /** Total 200 replies to item requests. */
  completed(): number;
  close(): Promise<void>;
}

/**
 * Starts a deterministic OpenAI-compatible chat-completions server on 127.0.0.1 (random port) for tests and benches:
 * `GET /v1/models`, `POST /v1/chat/completions`; answers by policy, injects faults by plan, counts everything.
 */
export async function startLoopbackServer(opts: LoopbackOptions): Promise<LoopbackServer> {
  const items = new Map((opts.items ?? []).map((it) => [it.id, it]));
  const models = opts.models ?? ['loopback-model'];
  const structuredOK = opts.structuredOutput ?? true;
  const counts: LoopbackCounts = {
    requests: 0,
    modelRequests: 0,
    probes: 0,
    faults: { rate_limit: 0, server_error: 0, slow: 0, malformed: 0, reset: 0 },
    completions: new Map(),
    attempts: new Map(),
    inFlight: 0,
    peakInFlight: 0,
  };
  const attemptsByBody = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let requestIndex = 0;
  let completedTotal = 0;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const sendJson = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    const body = JSON.stringify(value);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    counts.requests++;
    const url = (req.url ?? '').replace(/\?.*$/, '');
    if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      await drain(req);
      return sendJson(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
    }
    if (req.method === 'GET' && url === '/v1/models') {
      counts.modelRequests++;
      return sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'loopback' })) });
    }
    if (req.method !== 'POST' || url !== '/v1/chat/completions') {
      await drain(req);
      return sendJson(res, 404, { error: { message: `no route ${req.method} ${url}`, type: 'not_found' } });
    }
    const raw = await drain(req);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { error: { message: 'body is not JSON', type: 'invalid_request_error' } });
    }
    if (typeof body.model !== 'string' || !models.includes(body.model)) {
      return sendJson(res, 404, { error: { message: `model ${String(body.model)} does not exist`, type: 'not_found' } });
    }
    const rf = body.response_format as { type?: string } | undefined;
    const wantsSchema = rf?.type === 'json_schema';
    if (wantsSchema && !structuredOK) {
      return sendJson(res, 400, { error: { message: 'response_format json_schema is not supported', type: 'invalid_request_error' } });
    }
    const header = req.headers[ITEM_HEADER];
    const itemId = typeof header === 'string' ? header : undefined;
    if (itemId === undefined) {
      counts.probes++;
      return sendJson(res, 200, completion(body.model, { content: wantsSchema ? '{"answer":["A"]}' : 'OK', finish_reason: 'stop' }, 1));
    }
    counts.attempts.set(itemId, (counts.attempts.get(itemId) ?? 0) + 1);
    // Attempts per body only matter to a fault plan; without one, skip hashing every (15 KB) body.
    let fault: FaultKind | null = null;
    if (opts.faults !== undefined) {
      const bodyKey = sha256Hex(raw);
      const attempt = attemptsByBody.get(bodyKey) ?? 0;
      attemptsByBody.set(bodyKey, attempt + 1);
      fault = pickFault(opts.faults, { itemId, attempt, requestIndex, bodyKey });
    }
    requestIndex++;
    if (fault !== null) {
      counts.faults[fault]++;
      const plan = typeof opts.faults === 'object' ? opts.faults : undefined;
      switch (fault) {
        case 'rate_limit': {
          const ms = plan?.retryAfterMs ?? 20;
          return sendJson(res, 429, { error: { message: 'Rate limit reached', type: 'rate_limit_exceeded' } }, {
            'retry-after-ms': String(ms),
            'retry-after': String(Math.ceil(ms / 1000)),
          });
        }
        case 'server_error':
          return sendJson(res, 500, { error: { message: 'The server had an error', type: 'server_error' } });
        case 'slow':
          await wait(plan?.slowMs ?? 2000);
          break; // then answers normally, long after the client gave up
        case 'malformed': {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"id":"chatcmpl-torn","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"Ans');
          return;
        }
        case 'reset':
          req.socket.destroy();
          return;
      }
    }
    counts.inFlight++;
    counts.peakInFlight = Math.max(counts.peakInFlight, counts.inFlight);
    try {
      await wait(opts.latencyMs ?? 0);
      const item = itemId !== undefined ? items.get(itemId) : undefined;
      const reply = answer(opts.policy, { item, body, structured: wantsSchema });
      if (res.destroyed) return;
      counts.completions.set(itemId, (counts.completions.get(itemId) ?? 0) + 1);
      completedTotal++;
      sendJson(res, 200, completion(body.model, reply, Math.ceil(raw.length / 4)));
    } finally {
      counts.inFlight--;
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: 'loopback server failure' } });
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    counts,
    completed: () => completedTotal,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function drain(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function pickFault(
  faults: LoopbackOptions['faults'],
  ctx: { itemId: string | undefined; attempt: number; requestIndex: number; bodyKey: string },
): FaultKind | null {
  if (faults === undefined) return null;
  if (typeof faults === 'function') return faults(ctx);
  if (ctx.attempt >= (faults.maxPerRequest ?? 2)) return null;
  const rng = createRng(streamKey('loopback-fault', faults.seed ?? '0', ctx.bodyKey, ctx.attempt));
  if (rng.next() >= faults.rate) return null;
  const kinds = faults.kinds ?? FAULT_KINDS;
  return kinds[Math.floor(rng.next() * kinds.length)];
}

function answer(policy: Policy, ctx: PolicyContext): LoopbackReply {
  if (typeof policy === 'function') return policy(ctx);
  const item = ctx.item;
  switch (policy) {
    case 'gold': {
      if (!item) return { content: 'I do not know which question this is.' };
      if (item.format === 'numeric') return { content: `The value follows from the log.\nAnswer: ${item.numeric_answer ?? 0}` };
      if (ctx.structured) return { content: JSON.stringify({ answer: item.answer }) };
      return { content: `Looking at the log, the relevant rows settle it.\n\n**Answer:** ${item.answer.join(', ')}` };
    }
    case 'first': {
      const key = item?.options[0]?.key ?? 'A';
      if (ctx.structured) return { content: JSON.stringify({ answer: [key] }) };
      return { content: `Answer: ${key}` };
    }
    case 'garbage':
      return { content: 'THE LOG SHOWS A STEADY PATTERN. I WOULD SAY B OR MAYBE C, HARD TO TELL.' };
    case 'reasoning-only':
      return { content: null, reasoning: 'Let me check each option. Option B matches the balance trend, so the answer is B.' };
  }
}

function completion(model: unknown, reply: LoopbackReply, promptTokens: number): unknown {
  const completionTokens = Math.ceil(((reply.content ?? '').length + (reply.reasoning ?? '').length) / 4);
  const message: Record<string, unknown> = { role: 'assistant', content: reply.content };
  if (reply.reasoning) message.reasoning_content = reply.reasoning;
  return {
    id: 'chatcmpl-loopback',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message, finish_reason: reply.finish_reason ?? 'stop' }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}
