import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BufferedResponse, createNodeFetch } from '../../src/eval/http-fetch.js';
import { wireRecorder } from './wire-recorder.js';

describe('BufferedResponse', () => {
  it('is a Response whose body reads once, as json, text or bytes', async () => {
    const r = new BufferedResponse(Buffer.from('{"a":[1,"é"]}'), { status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' } });
    expect(r).toBeInstanceOf(Response);
    expect([r.ok, r.status, r.statusText, r.headers.get('content-type'), r.bodyUsed]).toEqual([true, 200, 'OK', 'application/json', false]);
    expect(await r.clone().text()).toBe('{"a":[1,"é"]}');
    expect(new TextDecoder().decode(await r.clone().bytes())).toBe('{"a":[1,"é"]}');
    expect(await r.json()).toEqual({ a: [1, 'é'] });
    expect(r.bodyUsed).toBe(true);
    await expect(r.text()).rejects.toThrow(TypeError);
  });

  it('materialises a stream body on demand, and none for a null body', async () => {
    const r = new BufferedResponse(Buffer.from('xyz'), { status: 500 });
    expect(r.ok).toBe(false);
    expect(await new Response(r.body).text()).toBe('xyz');
    const empty = new BufferedResponse(null, { status: 204 });
    expect(empty.body).toBeNull();
    expect(await empty.text()).toBe('');
  });
});

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

describe('createNodeFetch', () => {
  it('sends method, headers and body, and returns status, headers and body', async () => {
    const s = createServer((req, res) => {
      let b = '';
      req.on('data', (c) => (b += c));
      req.on('end', () => res.writeHead(201, { 'content-type': 'text/plain', 'x-echo': String(req.headers['x-item']) }).end(`${req.method} ${b}`));
    });
    servers.push(s);
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}/x`;
    const f = createNodeFetch({ maxSockets: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await f(url, { method: 'post', headers: new Headers({ 'x-item': `q${i}` }), body: 'hello' });
      expect([res.status, res.headers.get('x-echo'), await res.text()]).toEqual([201, `q${i}`, 'POST hello']);
    }
  });
});

describe('createNodeFetch on the wire', () => {
  // The request as node:http writes it when given headers by name, the way fetch adapters usually call it.
  const byName = (url: string, method: string, headers: Record<string, string>, body?: string | Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      const h = { ...headers };
      if (body !== undefined) h['content-length'] = String(Buffer.byteLength(body));
      const req = request(url, { method, headers: h, agent }, (res) => res.resume().on('end', resolve));
      req.on('error', reject);
      req.end(body);
    });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  it('sends the bytes node:http sends for the same headers given by name', async () => {
    const rec = await wireRecorder('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
    try {
      const port = new URL(rec.origin).port;
      const f = createNodeFetch({ maxSockets: 1 });
      const cases: Array<[string, string, Record<string, string>, (string | Uint8Array)?]> = [
        [`${rec.origin}/v1/chat/completions`, 'POST', { accept: 'application/json', 'x-item': 'q1' }, '{"é":"😀"}'],
        [`${rec.origin}/v1/models?x=1`, 'GET', { accept: 'application/json', authorization: 'Bearer k' }],
        [`http://user:p%40ss@127.0.0.1:${port}/v1/x`, 'POST', { accept: '*/*' }, new Uint8Array([1, 2, 3])],
        [`http://user:pass@127.0.0.1:${port}/v1/x`, 'GET', { authorization: 'Bearer k' }],
        [`${rec.origin}/v1/x`, 'POST', { host: 'example.test', 'content-length': '99' }, 'body'],
      ];
      for (const [url, method, headers, body] of cases) {
        await f(url, { method, headers: new Headers(headers), body });
        await byName(url, method, headers, body);
      }
      expect(rec.requests).toHaveLength(2 * cases.length);
      for (let i = 0; i < cases.length; i++) expect(rec.requests[2 * i]).toBe(rec.requests[2 * i + 1]);
      expect(rec.requests[4]).toContain('Authorization: Basic dXNlcjpwQHNz');
    } finally {
      agent.destroy();
      await rec.close();
    }
  });
});
