import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAITransport, toReply, type ChatBody } from '../../src/eval/client.js';
import { createNodeFetch } from '../../src/eval/http-fetch.js';
import { messagesDigest } from '../../src/eval/messages-digest.js';
import { wireRecorder } from './wire-recorder.js';
import { classifyError } from '../../src/eval/retry.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function raw(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`;
}

const completion = JSON.stringify({
  choices: [{ message: { role: 'assistant', content: 'Answer: B', reasoning_content: 'thinking' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 10, completion_tokens: 3 },
  model: 'm',
});
const body = { model: 'm', messages: [{ role: 'user' as const, content: 'q' }], temperature: 0, top_p: 1 };

describe('createOpenAITransport', () => {
  it('reads content, separate reasoning, finish reason and usage (total filled in when missing)', async () => {
    const url = await raw((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(completion));
    const reply = await createOpenAITransport({ baseUrl: url, timeoutMs: 2000 }).complete(body);
    expect(reply).toEqual({
      content: 'Answer: B',
      reasoning: 'thinking',
      finish_reason: 'stop',
      usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 },
      model: 'm',
    });
  });

  it('times out a reply whose body stalls after the headers', async () => {
    const url = await raw((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(completion.slice(0, 20));
    });
    const err = await createOpenAITransport({ baseUrl: url, timeoutMs: 150 }).complete(body).catch((e) => e);
    expect(err).toBeInstanceOf(APIConnectionTimeoutError);
    expect(classifyError(err, 0)).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('follows a 307 redirect with the same method and body', async () => {
    let seen = '';
    const url = await raw((req, res) => {
      if (req.url === '/v1/chat/completions') return res.writeHead(307, { location: '/moved/v1/chat/completions' }).end();
      let b = '';
      req.on('data', (c) => (b += c));
      req.on('end', () => {
        seen = `${req.method} ${b}`;
        res.writeHead(200, { 'content-type': 'application/json' }).end(completion);
      });
    });
    await createOpenAITransport({ baseUrl: url, timeoutMs: 2000 }).complete(body);
    expect(seen).toBe(`POST ${JSON.stringify(body)}`);
  });

  it('reports a refused connection as a retryable network error naming the cause', async () => {
    const url = await raw((_req, res) => res.end());
    const s = servers.pop()!;
    await new Promise((r) => s.close(r));
    const err = await createOpenAITransport({ baseUrl: url, timeoutMs: 2000 }).complete(body).catch((e) => e);
    expect(err).toBeInstanceOf(APIConnectionError);
    expect(classifyError(err, 0)).toMatchObject({ kind: 'network', retryable: true });
    expect(classifyError(err, 0).message).toContain('ECONNREFUSED');
  });
});

describe('createOpenAITransport on the wire', () => {
  it('sends exactly the bytes of the SDK\'s chat.completions.create, bodies sharing a log block included', async () => {
    const rec = await wireRecorder(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(completion)}\r\n\r\n${completion}`);
    const url = `${rec.origin}/v1`;
    try {
      const transport = createOpenAITransport({ baseUrl: url, timeoutMs: 5000, maxSockets: 1 });
      const sdk = new OpenAI({
        baseURL: url,
        apiKey: 'no-key',
        organization: null,
        project: null,
        maxRetries: 0,
        timeout: 5000,
        logLevel: 'off',
        fetch: createNodeFetch({ maxSockets: 1 }),
      });
      const log = `<log>\n${'2024-01-02\tCafé 😀\t"x"\\\t−1.00\n'.repeat(80)}</log>`;
      const rf = { type: 'json_schema', json_schema: { name: 'a', strict: true, schema: { type: 'object' } } };
      const bodies: ChatBody[] = [
        body,
        { model: 'm', messages: [{ role: 'user', content: 'q' }], temperature: 0.7, top_p: 0.9, max_tokens: 10, seed: 1, response_format: rf, reasoning_effort: 'low' },
      ];
      for (let k = 0; k < 4; k++) bodies.push({ model: 'm', messages: [{ role: 'system', content: 'S\n' }, { role: 'user', content: `${log}\n\nQ${k}?` }], temperature: 0, top_p: 1 });
      for (const b of bodies) {
        messagesDigest(b.messages);
        await transport.complete(b, { headers: { 'x-cclupe-item': 'it-1' } });
        await sdk.chat.completions.create(b as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming, { maxRetries: 0, timeout: 5000, headers: { 'x-cclupe-item': 'it-1' } });
      }
      expect(rec.requests).toHaveLength(2 * bodies.length);
      for (let i = 0; i < bodies.length; i++) expect(rec.requests[2 * i]).toBe(rec.requests[2 * i + 1]);
      expect(rec.requests[0]).toContain(`\r\n\r\n${JSON.stringify(body)}`);
    } finally {
      await rec.close();
    }
  });
});

describe('toReply', () => {
  it('refuses a body without choices', () => {
    expect(() => toReply({ object: 'error' })).toThrow('response has no choices');
  });
  it('reads Ollama-style reasoning', () => {
    expect(toReply({ choices: [{ message: { content: null, reasoning: 'hmm' }, finish_reason: 'length' }] })).toMatchObject({
      content: null,
      reasoning: 'hmm',
      finish_reason: 'length',
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  });
});
