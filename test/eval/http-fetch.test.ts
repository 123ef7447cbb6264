import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BufferedResponse, createNodeFetch } from '../../src/eval/http-fetch.js';

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
