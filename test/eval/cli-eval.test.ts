import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { skipWithout } from '../support/prerequisites.js';
import { deterministicResults, type RunResults } from '../../src/eval/results.js';
import { start, type Server } from '../support/openai-server.js';
import { tempDir, writeFixtureDataset } from './fixtures.js';
import { CLI, cclupe } from '../support/cli.js';

const servers: Server[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The built CLI in a child process: the end-to-end case, and the one that must be killed. */
function spawned(args: string[], env: Record<string, string> = {}, killWhen?: () => boolean): Promise<Ran> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, CI: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    let timer: NodeJS.Timeout | undefined;
    if (killWhen) {
      timer = setInterval(() => {
        if (killWhen()) {
          child.kill('SIGKILL');
          clearInterval(timer);
        }
      }, 2);
    }
    child.on('close', (code, signal) => {
      if (timer) clearInterval(timer);
      done({ code, signal, stdout, stderr });
    });
  });
}

/** The built CLI in this process (`test/support/cli.ts`): the same program, without a node start per run. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const r = await cclupe(args, { env });
  return { code: r.status, signal: null, stdout: r.stdout, stderr: r.stderr };
}

const readResults = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as RunResults;
const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** A chat server that answers every completion with `reply(authorization header)`, as content, reasoning and model name. */
async function echoServer(reply: (auth: string) => string, status = 200): Promise<{ port: number; seen: string[]; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const seen: string[] = [];
  const srv = createServer((req, res) => {
    const auth = String(req.headers.authorization);
    seen.push(auth);
    if (req.url === '/v1/models') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[{"id":"m","object":"model"}]}');
    if (status !== 200) return res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `internal error for ${reply(auth)}` } }));
    const text = reply(auth);
    const body = { id: 'x', object: 'chat.completion', created: 0, model: text, choices: [{ index: 0, message: { role: 'assistant', content: text, reasoning_content: text }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return {
    port: (srv.address() as { port: number }).port,
    seen,
    close: async () => {
      srv.closeAllConnections();
      await new Promise((r) => srv.close(r));
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe.skipIf(skipWithout(CLI, 'the built CLI (npm run build)'))('cclupe eval (CLI)', () => {
  it('resumes after SIGKILL half-way with the same results.json, re-sending at most the in-flight requests', async () => {
    const ds = writeFixtureDataset(4);
    const server = await start({ policy: 'gold', items: ds.items, structuredOutput: false, latencyMs: 25 });
    servers.push(server);
    const concurrency = 4;
    const base = ['eval', ds.dir, '--base-url', server.url, '--model', 'loopback-model', '--concurrency', String(concurrency)];

    const whole = tempDir();
    const w = await cli([...base, '--out', whole]);
    expect({ code: w.code, stderr: w.stderr }).toEqual({ code: 0, stderr: '' });
    const afterWhole = server.completed();
    expect(afterWhole).toBe(60);

    const killed = tempDir();
    const k = await spawned([...base, '--out', killed], {}, () => server.completed() - afterWhole >= 30);
    expect({ signal: k.signal, code: k.code, stderr: k.stderr }).toMatchObject({ signal: 'SIGKILL' });
    const kept = readFileSync(join(killed, 'responses.jsonl'), 'utf8').split('\n').filter((l) => l.trim() !== '').length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(60);
    expect(existsSync(join(killed, 'results.json'))).toBe(false);

    const r = await cli([...base, '--out', killed]); // the resume, in this process; the killed run was a process
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(deterministicResults(readResults(killed))).toEqual(deterministicResults(readResults(whole)));
    const sent = server.completed() - afterWhole;
    expect(sent).toBeGreaterThanOrEqual(60);
    expect(sent).toBeLessThanOrEqual(60 + concurrency);
    expect(readResults(killed).transport.cached_items).toBe(kept);
  });

  it('never writes or prints the API key, on success or on a refused key', async () => {
    const ds = writeFixtureDataset(1);
    const KEY = 'sk-test-DO-NOT-LEAK-7f3a9c2e51';
    const server = await start({ policy: 'gold', items: ds.items, apiKey: KEY });
    servers.push(server);
    const out = tempDir();
    const ok = await cli(['eval', ds.dir, '--base-url', server.url, '--model', 'loopback-model', '--api-key-env', 'CCLUPE_TEST_KEY', '--out', out, '--json'], {
      CCLUPE_TEST_KEY: KEY,
    });
    expect({ code: ok.code, stderr: ok.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(ok.stdout).table3.logScore).toBe(1);
    const bad = tempDir();
    const refused = await cli(['eval', ds.dir, '--base-url', server.url, '--model', 'loopback-model', '--api-key-env', 'CCLUPE_TEST_KEY', '--out', bad], {
      CCLUPE_TEST_KEY: `${KEY}-wrong`,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refused the API key (HTTP 401); check the key in $CCLUPE_TEST_KEY');
    const files = [...filesUnder(out), ...filesUnder(bad)];
    expect(files.length).toBeGreaterThan(4);
    for (const f of files) expect(readFileSync(f, 'utf8')).not.toContain(KEY.slice(8));
    for (const text of [ok.stdout, ok.stderr, refused.stdout, refused.stderr]) expect(text).not.toContain(KEY.slice(8));
    expect(readFileSync(join(out, 'manifest.json'), 'utf8')).toContain('"api_key_env": "CCLUPE_TEST_KEY"');
  });

  it('never writes or prints URL credentials or a key echoed URL-encoded, truncated or upper-cased', async () => {
    const ds = writeFixtureDataset(2);
    const KEY = 'sk-EXTRA-777-5f1e9a';
    const PASSWORD = 'sk-INURL-999';
    // a server that echoes what it was sent: the key URL-encoded, cut short and upper-cased, and the Basic pair
    const echo = await echoServer((auth) => `Answer: A (${encodeURIComponent(auth)} / ${auth.slice(0, 17)}… / ${auth.toUpperCase()})`);
    const base = `http://user:${PASSWORD}@127.0.0.1:${echo.port}/v1`;
    const args = ['eval', ds.dir, '--base-url', base, '--model', 'm', '--api-key-env', 'MYKEY', '--extra-body', `{"x":"${KEY}"}`, '--limit', '2'];
    const out = join(tempDir(), 'run');
    try {
      const ok = await cli([...args, '-o', out, '--json'], { MYKEY: KEY });
      expect({ code: ok.code, stderr: ok.stderr }).toEqual({ code: 0, stderr: '' });
      const shard = join(tempDir(), 'shard');
      const sh = await cli([...args.filter((x, i) => x !== '--limit' && args[i - 1] !== '--limit'), '--shard', '1/2', '-o', shard], { MYKEY: KEY });
      expect({ code: sh.code, stderr: sh.stderr }).toEqual({ code: 0, stderr: '' });
      const dry = await cli([...args, '--dry-run'], { MYKEY: KEY });
      expect(dry.code).toBe(0);
      expect(JSON.parse(dry.stdout).url).toBe(`http://***@127.0.0.1:${echo.port}/v1/chat/completions`);
      expect(echo.seen.some((a) => a === `Bearer ${KEY}`)).toBe(true); // the key was sent as given
      const files = [...filesUnder(out), ...filesUnder(shard)];
      expect(files.map((f) => f.slice(f.lastIndexOf('/') + 1))).toContain('shard.json');
      expect(filesUnder(out).map((f) => f.slice(out.length + 1))).toEqual(expect.arrayContaining(['manifest.json', 'responses.jsonl', 'results.json', 'predictions.jsonl', 'report.html']));
      for (const text of [...files.map((f) => readFileSync(f, 'utf8')), ok.stdout, sh.stdout, dry.stdout]) {
        for (const secret of [KEY, PASSWORD, encodeURIComponent(KEY), KEY.slice(0, 10), 'user:']) expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
      }
      const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
      expect(manifest.config.base_url).toBe(`http://127.0.0.1:${echo.port}/v1`);
      expect(manifest.config.extra_body).toEqual({ x: '[redacted]' });
      expect(readFileSync(join(out, 'responses.jsonl'), 'utf8')).toContain('Answer: A (Bearer%20[redacted] / Bearer [redacted]… / BEARER [redacted])');
    } finally {
      await echo.close();
    }
  });

  it('never prints a key that an HTTP 500 body echoes upper-cased', async () => {
    const ds = writeFixtureDataset(1);
    const KEY = 'sk-upper-case-echo-31337';
    const echo = await echoServer((auth) => auth.toUpperCase(), 500);
    try {
      const r = await cli(['eval', ds.dir, '--base-url', `http://127.0.0.1:${echo.port}/v1`, '--model', 'm', '--max-attempts', '1', '-o', join(tempDir(), 'run')], { OPENAI_API_KEY: KEY });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('[redacted]');
      expect(r.stderr.toLowerCase()).not.toContain(KEY.slice(0, 10).toLowerCase());
    } finally {
      await echo.close();
    }
  });

  it('says which variable is missing when the key variable is unset', async () => {
    const ds = writeFixtureDataset(1);
    const r = await cli(['eval', ds.dir, '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--api-key-env', 'CCLUPE_UNSET_VAR', '--out', tempDir()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('cclupe: environment variable CCLUPE_UNSET_VAR (--api-key-env) is not set\n');
  });

  it('reads a YAML run config, with flags overriding it, and prints the Table 3 row', async () => {
    const ds = writeFixtureDataset(1);
    const server = await start({ policy: 'first', items: ds.items });
    servers.push(server);
    const dir = tempDir();
    const config = join(dir, 'run.yaml');
    writeFileSync(
      config,
      [`base_url: ${server.url}`, 'model: loopback-model', 'temperature: 0', 'top_p: 1', 'max_tokens: 64', 'concurrency: 2', 'retry:', '  max_attempts: 3', 'style: first'].join('\n'),
    );
    const out = join(dir, 'run');
    const r = await cli(['eval', ds.dir, '--config', config, '--concurrency', '3', '--out', out]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^model\s+Mem\./);
    expect(r.stdout).toContain('loopback-model');
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.operational.concurrency).toBe(3);
    expect(manifest.config.max_tokens).toBe(64);
    expect(manifest.dataset.items).toBe(15);
    expect(manifest.config.style).toBe('first');

    // predictions.jsonl is in the documented predictions format: cclupe score re-scores it to the same numbers.
    const ours = readResults(out);
    const rescored = await cli(['score', ds.dir, '--predictions', join(out, 'predictions.jsonl'), '--json', '--replicates', '0']);
    expect({ code: rescored.code, stderr: rescored.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(rescored.stdout).summary).toEqual(ours.scores.summary);
  });

  it('rejects a config field with a message naming it', async () => {
    const ds = writeFixtureDataset(1);
    const dir = tempDir();
    const config = join(dir, 'run.json');
    writeFileSync(config, JSON.stringify({ base_url: 'http://127.0.0.1:9/v1', model: 'm', top_p: 0 }));
    const r = await cli(['eval', ds.dir, '--config', config, '--out', join(dir, 'run')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/top_p: /);
  });

  it('refuses a .json config that is not JSON, though YAML would read it (a missing value became null)', async () => {
    const ds = writeFixtureDataset(1);
    const dir = tempDir();
    const config = join(dir, 'run.json');
    writeFileSync(config, '{"model":"baseline:oracle",\n "temperature": }');
    const r = await cli(['eval', ds.dir, '--config', config, '--out', join(dir, 'run')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^cclupe: \S*run\.json:\d+:\d+: invalid JSON: [^\n]+\n$/);
  });

  it('runs an offline baseline and writes predictions that cclupe score reads', async () => {
    const ds = writeFixtureDataset(2);
    const out = tempDir();
    const r = await cli(['eval', ds.dir, '--model', 'baseline:oracle', '--out', out, '--json']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout).table3_row.at(-1)).toBe('100.0');
    expect(readFileSync(join(out, 'predictions.jsonl'), 'utf8').split('\n')[0]).toContain('"status":"answered"');
  });

  it('scores 100 against a gold server on a generated dataset, single-turn and in conversation mode', async () => {
    const root = tempDir();
    const ds = join(root, 'ds');
    const gen = await cli(['generate', '--count', '3', '--profile', 'personal-healthy', '--seed', '11', '--out', ds]);
    expect(gen.code).toBe(0);
    const q = await cli(['questions', ds]);
    expect(q.code).toBe(0);
    const items = readFileSync(join(ds, 'questions.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const server = await start({ policy: 'gold', items });
    servers.push(server);
    for (const mode of [[], ['--conversation']]) {
      const out = join(root, `run${mode.join('')}`);
      const r = await cli(['eval', ds, '--base-url', server.url, '--model', 'loopback-model', '--out', out, '--json', ...mode]);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
      const summary = JSON.parse(r.stdout);
      expect(summary.mode).toBe(mode.length ? 'conversation' : 'single');
      expect(summary.table3_row.at(-1)).toBe('100.0');
      expect(summary.counts.answered).toBe(items.length);
    }
    expect(server.completed()).toBe(2 * items.length);
  });

  it('exits 1 when items end in a transport error, and a resume with --retry-errors completes the run', async () => {
    const ds = writeFixtureDataset(1);
    let broken = true;
    const server = await start({ policy: 'gold', items: ds.items, structuredOutput: false, faults: (ctx) => (broken && ctx.itemId === 'L000-q07' ? 'server_error' : null) });
    servers.push(server);
    const out = tempDir();
    const args = ['eval', ds.dir, '--base-url', server.url, '--model', 'loopback-model', '--max-attempts', '1', '--out', out];
    const a = await cli(args);
    expect(a.code).toBe(1);
    expect(a.stderr).toBe('cclupe eval: 1 item ended in a transport error; re-run with --retry-errors to re-send it\n');
    broken = false;
    const b = await cli([...args, '--retry-errors']);
    expect({ code: b.code, stderr: b.stderr }).toEqual({ code: 0, stderr: '' });
    expect(readResults(out).scores.counts.error).toBe(0);
  });
});
