import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEvalConfig, type EvalConfigInput } from '../../src/eval/config.js';
import { loadEvalDataset } from '../../src/io/eval-dataset.js';
import { deterministicResults } from '../../src/eval/results.js';
import { runEval, type RunEvalOptions } from '../../src/eval/run.js';
import { UsageError } from '../../src/errors.js';
import { start, type Server, type ServerOptions } from '../support/openai-server.js';
import { tempDir, writeFixtureDataset } from './fixtures.js';

const servers: Server[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

async function serve(opts: ServerOptions): Promise<Server> {
  const s = await start(opts);
  servers.push(s);
  return s;
}

const fast = { max_attempts: 6, base_delay_ms: 2, max_delay_ms: 20, max_retry_after_ms: 50 };

function cfg(server: Server | null, extra: Partial<EvalConfigInput> = {}) {
  return parseEvalConfig({
    base_url: server?.url,
    model: 'loopback-model',
    concurrency: 4,
    timeout_ms: 2_000,
    retry: fast,
    ...extra,
  });
}

const opts = (runDir: string, more: Partial<RunEvalOptions> = {}): RunEvalOptions => ({
  runDir,
  bootstrap: false,
  ...more,
});

describe('runEval', () => {
  it('scores 100 against a server that always answers gold, and writes every run file', async () => {
    const ds = writeFixtureDataset(2);
    const server = await serve({ policy: 'gold', items: ds.items, structuredOutput: false });
    const runDir = tempDir();
    const { results } = await runEval(loadEvalDataset(ds.dir), cfg(server), opts(runDir));
    expect(results.scores.summary.logScore).toBe(1);
    expect(results.scores.counts.answered).toBe(30);
    expect(results.table3_row.at(-1)).toBe('100.0');
    expect(results.structured_output).toBe(false);
    for (const f of ['manifest.json', 'responses.jsonl', 'results.json', 'predictions.jsonl', 'report.html']) {
      expect(existsSync(join(runDir, f))).toBe(true);
    }
    const preds = readFileSync(join(runDir, 'predictions.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(preds).toHaveLength(30);
    expect(preds[0]).toMatchObject({ item_id: 'L000-q00', status: 'answered' });
  });

  it('uses JSON-schema structured output when the preflight finds it, and records that', async () => {
    const ds = writeFixtureDataset(1);
    let sawSchema = 0;
    const server = await serve({
      policy: (ctx) => {
        if (ctx.structured) sawSchema++;
        // Sampling parameters are always sent explicitly.
        expect([ctx.body.temperature, ctx.body.top_p, ctx.body.max_tokens]).toEqual([0, 1, 4096]);
        return { content: JSON.stringify({ reasoning: 'checked', answer: ctx.item!.answer }) };
      },
      items: ds.items,
    });
    const runDir = tempDir();
    const { results, manifest } = await runEval(loadEvalDataset(ds.dir), cfg(server), opts(runDir));
    expect(manifest.structured_output).toBe(true);
    expect(sawSchema).toBe(15);
    expect(results.scores.summary.logScore).toBe(1);
  });

  it('completes with the same scores when the server injects every kind of fault', async () => {
    const ds = writeFixtureDataset(2);
    const clean = await serve({ policy: 'gold', items: ds.items, structuredOutput: false });
    const a = await runEval(loadEvalDataset(ds.dir), cfg(clean), opts(tempDir()));
    const flaky = await serve({
      policy: 'gold',
      items: ds.items,
      structuredOutput: false,
      faults: { rate: 0.5, seed: 'faults', retryAfterMs: 5, slowMs: 600 },
    });
    const b = await runEval(loadEvalDataset(ds.dir), cfg(flaky, { timeout_ms: 200 }), opts(tempDir()));
    const f = flaky.counts.faults;
    expect(f.rate_limit + f.server_error + f.slow + f.malformed + f.reset).toBeGreaterThan(5);
    for (const kind of ['rate_limit', 'server_error', 'slow', 'malformed', 'reset'] as const) expect(f[kind]).toBeGreaterThan(0);
    expect(b.results.scores.counts.error).toBe(0);
    expect(b.results.scores).toEqual(a.results.scores);
    expect(b.results.transport.attempts).toBeGreaterThan(a.results.transport.attempts);
  });

  it('never has more requests in flight than the concurrency', async () => {
    const ds = writeFixtureDataset(2);
    const server = await serve({ policy: 'gold', items: ds.items, structuredOutput: false, latencyMs: 40 });
    await runEval(loadEvalDataset(ds.dir), cfg(server, { concurrency: 3 }), opts(tempDir()));
    expect(server.counts.peakInFlight).toBeLessThanOrEqual(3);
    expect(server.counts.peakInFlight).toBeGreaterThan(1);
  });

  it('waits at least the retry-after the server asks for', async () => {
    const ds = writeFixtureDataset(1);
    const server = await serve({
      policy: 'gold',
      items: ds.items,
      structuredOutput: false,
      faults: { rate: 1, kinds: ['rate_limit'], maxPerRequest: 1, retryAfterMs: 40 },
    });
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return new Promise<void>((r) => setTimeout(r, 1));
    };
    const { results } = await runEval(loadEvalDataset(ds.dir), cfg(server), opts(tempDir(), { sleep }));
    expect(results.scores.summary.logScore).toBe(1);
    expect(waits).toHaveLength(15);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(40);
    expect(server.counts.faults.rate_limit).toBe(15);
  });

  it('never sends a request twice for a cached item', async () => {
    const ds = writeFixtureDataset(2);
    const server = await serve({ policy: 'first', items: ds.items, structuredOutput: false });
    const runDir = tempDir();
    const first = await runEval(loadEvalDataset(ds.dir), cfg(server), opts(runDir));
    const again = await runEval(loadEvalDataset(ds.dir), cfg(server, { concurrency: 16 }), opts(runDir));
    expect([...server.counts.completions.values()].every((n) => n === 1)).toBe(true);
    expect(server.counts.completions.size).toBe(30);
    expect([...server.counts.attempts.values()].reduce((x, y) => x + y, 0)).toBe(30);
    expect(again.results.transport.cached_items).toBe(30);
    expect(deterministicResults(again.results)).toEqual(deterministicResults(first.results));
  });

  it('needs no endpoint to re-score a fully cached run', async () => {
    const ds = writeFixtureDataset(1);
    const server = await serve({ policy: 'gold', items: ds.items, structuredOutput: false });
    const runDir = tempDir();
    const config = cfg(server);
    await runEval(loadEvalDataset(ds.dir), config, opts(runDir));
    await server.close();
    servers.length = 0;
    const again = await runEval(loadEvalDataset(ds.dir), config, opts(runDir));
    expect(again.results.scores.summary.logScore).toBe(1);
  });

  it('counts garbage replies as no answer and never reads stray capitals', async () => {
    const ds = writeFixtureDataset(1);
    const server = await serve({ policy: 'garbage', items: ds.items, structuredOutput: false });
    const { results } = await runEval(loadEvalDataset(ds.dir), cfg(server), opts(tempDir()));
    expect(results.scores.counts.no_answer).toBe(15);
    expect(results.scores.summary.logScore).toBe(0);
    expect(results.items[0].parse_trace).toContain('no Answer: line');
  });

  it('counts reasoning-only replies as no answer', async () => {
    const ds = writeFixtureDataset(1);
    const server = await serve({ policy: 'reasoning-only', items: ds.items, structuredOutput: false });
    const { results } = await runEval(loadEvalDataset(ds.dir), cfg(server), opts(tempDir()));
    expect(results.scores.counts.no_answer).toBe(15);
    expect(results.items[0].parse_trace).toContain('reply holds reasoning only, no content');
  });

  it('refuses to resume with a different config and says what changed', async () => {
    const ds = writeFixtureDataset(1);
    const server = await serve({ policy: 'gold', items: ds.items, structuredOutput: false });
    const runDir = tempDir();
    await runEval(loadEvalDataset(ds.dir), cfg(server), opts(runDir));
    await expect(runEval(loadEvalDataset(ds.dir), cfg(server, { temperature: 0.7 }), opts(runDir))).rejects.toThrow(
      /refusing to resume the run: temperature was 0, now 0\.7/,
    );
    // Operational settings may change on resume.
    await expect(runEval(loadEvalDataset(ds.dir), cfg(server, { concurrency: 1, timeout_ms: 999 }), opts(runDir))).resolves.toBeDefined();
  });

  it('extends a pilot run to the whole dataset in the same directory, re-using every cached answer', async () => {
    const ds = writeFixtureDataset(3);
    const server = await serve({ policy: 'gold', items: ds.items, structuredOutput: false });
    const runDir = tempDir();
    const pilot = await runEval(loadEvalDataset(ds.dir), cfg(server, { filter: { max_logs: 1 } }), opts(runDir));
    expect(pilot.results.scores.counts.items).toBe(15);
    const full = await runEval(loadEvalDataset(ds.dir), cfg(server), opts(runDir));
    expect(full.results.scores.counts.items).toBe(45);
    expect(full.results.transport.cached_items).toBe(15);
    expect([...server.counts.completions.values()].every((n) => n === 1)).toBe(true);
    expect(server.counts.completions.size).toBe(45);
  });

  it('keeps final errors out of the cache, reports them on resume and re-sends them only with retryErrors', async () => {
    const ds = writeFixtureDataset(1);
    let broken = true;
    const server = await serve({
      policy: 'gold',
      items: ds.items,
      structuredOutput: false,
      faults: (ctx) => (broken && ctx.itemId === 'L000-q03' ? 'server_error' : null),
    });
    const runDir = tempDir();
    const config = cfg(server, { retry: { ...fast, max_attempts: 2 } });
    const a = await runEval(loadEvalDataset(ds.dir), config, opts(runDir));
    expect(a.results.scores.counts.error).toBe(1);
    expect(a.results.items.find((i) => i.item_id === 'L000-q03')!.error).toMatchObject({ kind: 'http', status: 500 });
    expect(readFileSync(join(runDir, 'responses.jsonl'), 'utf8')).not.toContain('L000-q03');
    broken = false;
    const b = await runEval(loadEvalDataset(ds.dir), config, opts(runDir));
    expect(b.results.scores.counts.error).toBe(1);
    expect(server.counts.attempts.get('L000-q03')).toBe(2);
    expect(readFileSync(join(runDir, 'errors.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
    const c = await runEval(loadEvalDataset(ds.dir), config, opts(runDir, { retryErrors: true }));
    expect(c.results.scores.counts.error).toBe(0);
    expect(server.counts.attempts.get('L000-q03')).toBe(3);
    expect(server.counts.completions.get('L000-q00')).toBe(1);
    // errors.jsonl holds only current errors: none once the retry succeeded (D12)
    expect(readFileSync(join(runDir, 'errors.jsonl'), 'utf8')).toBe('');
  });

  it('asks a log\'s items in one chat in conversation mode, the log given once', async () => {
    const ds = writeFixtureDataset(2);
    const turns: number[] = [];
    const server = await serve({
      policy: (ctx) => {
        const msgs = ctx.body.messages as Array<{ role: string; content: string }>;
        turns.push(msgs.length);
        const logCopies = msgs.filter((m) => m.content.includes('2024-03-01 10:00:00')).length;
        expect(logCopies).toBe(1);
        return { content: `Answer: ${ctx.item!.answer.join(', ')}` };
      },
      items: ds.items,
      structuredOutput: false,
    });
    const runDir = tempDir();
    const { results } = await runEval(loadEvalDataset(ds.dir), cfg(server, { conversation: true }), opts(runDir));
    expect(results.mode).toBe('conversation');
    expect(results.scores.summary.logScore).toBe(1);
    // system + 15 user turns + 14 assistant replies at the last turn.
    expect(Math.max(...turns)).toBe(30);
    expect(results.items.map((i) => i.turn).slice(0, 3)).toEqual([0, 1, 2]);
    const again = await runEval(loadEvalDataset(ds.dir), cfg(server, { conversation: true }), opts(runDir));
    expect(again.results.transport.cached_items).toBe(30);
    expect(turns).toHaveLength(30);
  });

  it('runs an offline baseline with no endpoint', async () => {
    const ds = writeFixtureDataset(2);
    const { results } = await runEval(loadEvalDataset(ds.dir), parseEvalConfig({ model: 'baseline:oracle' }), opts(tempDir()));
    expect(results.scores.summary.logScore).toBe(1);
    const all = await runEval(loadEvalDataset(ds.dir), parseEvalConfig({ model: 'baseline:select-all' }), opts(tempDir()));
    expect(all.results.scores.summary.logScore).toBeLessThan(0.5);
  });

  it('refuses an unknown baseline', async () => {
    const ds = writeFixtureDataset(1);
    await expect(runEval(loadEvalDataset(ds.dir), parseEvalConfig({ model: 'baseline:psychic' }), opts(tempDir()))).rejects.toThrow(UsageError);
  });
});

describe('preflight (through runEval)', () => {
  it('fails fast naming the key variable when the key is refused', async () => {
    const ds = writeFixtureDataset(1);
    const server = await serve({ policy: 'gold', items: ds.items, apiKey: 'right-key' });
    await expect(
      runEval(loadEvalDataset(ds.dir), cfg(server, { api_key_env: 'MY_KEY' }), opts(tempDir(), { apiKey: 'wrong-key' })),
    ).rejects.toThrow(/refused the API key \(HTTP 401\); check the key in \$MY_KEY/);
    expect(server.counts.completions.size).toBe(0);
  });

  it('fails fast when the base URL lacks /v1', async () => {
    const ds = writeFixtureDataset(1);
    const server = await serve({ policy: 'gold', items: ds.items });
    const base = server.url.replace(/\/v1$/, '');
    await expect(runEval(loadEvalDataset(ds.dir), cfg(null, { base_url: base }), opts(tempDir()))).rejects.toThrow(/HTTP 404.*missing \/v1/);
  });

  it('fails fast when nothing listens', async () => {
    const ds = writeFixtureDataset(1);
    const server = await serve({ policy: 'gold', items: ds.items });
    const url = server.url;
    await server.close();
    servers.length = 0;
    await expect(runEval(loadEvalDataset(ds.dir), cfg(null, { base_url: url, retry: { ...fast, max_attempts: 1 } }), opts(tempDir()))).rejects.toThrow(
      /cannot reach/,
    );
  });
});

describe('questionsRenderer', () => {
  it('renders single-turn items exactly as renderPrompt does', async () => {
    const { questionsRenderer } = await import('../../src/eval/prompt.js');
    const { renderPrompt } = await import('../../src/questions/index.js');
    const ds = writeFixtureDataset(2);
    const data = loadEvalDataset(ds.dir);
    for (const style of ['third', 'first'] as const) {
      for (const item of data.items) {
        const log = data.logs.get(item.log_id)!;
        const p = renderPrompt(item, log, { style });
        expect(questionsRenderer.single(item, log, style)).toEqual([
          { role: 'system', content: p.system },
          { role: 'user', content: p.user },
        ]);
      }
    }
  });
});

describe('API key hygiene', () => {
  it('redacts a key that the server echoes in an error body', async () => {
    const { createServer } = await import('node:http');
    const KEY = 'sk-echoed-secret-123456';
    const srv = createServer((req, res) => {
      if (req.url === '/v1/models') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[]}');
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `bad request for key ${req.headers.authorization}` } }));
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as { port: number }).port;
    try {
      const ds = writeFixtureDataset(1);
      const err = await runEval(loadEvalDataset(ds.dir), cfg(null, { base_url: `http://127.0.0.1:${port}/v1` }), opts(tempDir(), { apiKey: KEY })).catch((e) => e);
      expect(err).toBeInstanceOf(UsageError);
      expect(err.message).toContain('bad request for key Bearer [redacted]');
      expect(err.message).not.toContain(KEY);
    } finally {
      srv.closeAllConnections();
      await new Promise((r) => srv.close(r));
    }
  });
});

describe('API key in successful replies (D11)', () => {
  it('is redacted from every stored file when the server echoes it in content, reasoning and model name', async () => {
    const { createServer } = await import('node:http');
    const { readdirSync } = await import('node:fs');
    const KEY = 'sk-echoed-in-reply-654321';
    const srv = createServer((req, res) => {
      if (req.url === '/v1/models') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[]}');
      const auth = String(req.headers.authorization);
      const body = {
        id: 'x',
        object: 'chat.completion',
        created: 0,
        model: `echo-${auth}`,
        choices: [{ index: 0, message: { role: 'assistant', content: `Answer: A (your key is ${auth})`, reasoning_content: `I saw ${auth}` }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as { port: number }).port;
    try {
      const ds = writeFixtureDataset(1);
      const runDir = tempDir();
      const out = await runEval(loadEvalDataset(ds.dir), cfg(null, { base_url: `http://127.0.0.1:${port}/v1` }), opts(runDir, { apiKey: KEY }));
      expect(JSON.stringify(out)).not.toContain(KEY);
      const files = readdirSync(runDir).filter((n) => !n.startsWith('.'));
      expect(files).toEqual(expect.arrayContaining(['responses.jsonl', 'predictions.jsonl', 'results.json', 'report.html', 'manifest.json']));
      for (const f of files) expect(readFileSync(join(runDir, f), 'utf8'), f).not.toContain(KEY);
      expect(readFileSync(join(runDir, 'responses.jsonl'), 'utf8')).toContain('your key is Bearer [redacted]');
    } finally {
      srv.closeAllConnections();
      await new Promise((r) => srv.close(r));
    }
  });
});

describe('run directory lifecycle', () => {
  it('leaves no manifest when the preflight fails, so the corrected command starts cleanly', async () => {
    const ds = writeFixtureDataset(1);
    const server = await serve({ policy: 'gold', items: ds.items, structuredOutput: false });
    const runDir = tempDir();
    await expect(runEval(loadEvalDataset(ds.dir), cfg(null, { base_url: server.url.replace(/\/v1$/, '') }), opts(runDir))).rejects.toThrow(UsageError);
    expect(existsSync(join(runDir, 'manifest.json'))).toBe(false);
    const { results } = await runEval(loadEvalDataset(ds.dir), cfg(server), opts(runDir));
    expect(results.scores.summary.logScore).toBe(1);
  });
});

describe('acquireRunLock', () => {
  it('refuses a second session on a run directory in use and takes over a dead one\'s lock', async () => {
    const { acquireRunLock } = await import('../../src/io/eval-run-dir.js');
    const { writeFileSync } = await import('node:fs');
    const dir = tempDir();
    writeFileSync(join(dir, '.lock'), `${process.ppid}\n`);
    expect(() => acquireRunLock(dir)).toThrow(/another cclupe eval \(pid \d+\) is using/);
    writeFileSync(join(dir, '.lock'), '999999999\n');
    const release = acquireRunLock(dir);
    expect(readFileSync(join(dir, '.lock'), 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(existsSync(join(dir, '.lock'))).toBe(false);
  });
});
