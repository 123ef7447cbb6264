import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APIConnectionError, APIConnectionTimeoutError } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAITransport, toReply } from '../../src/eval/client.js';
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
