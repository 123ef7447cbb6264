import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEvalConfig } from '../../src/eval/config.js';
import { selectItems } from '../../src/eval/select.js';
import { ANSWER_INSTRUCTION } from '../../src/questions/render.js';
import type { Item } from '../../src/schema/item.js';
import { start, type Server } from '../support/openai-server.js';
import { fixtureItems, tempDir, writeFixtureDataset } from './fixtures.js';
import { skipWithout } from '../support/prerequisites.js';
import { CLI, cclupe } from '../support/cli.js';

// The OpenAI conventions a user of the SDKs, lm-eval or promptfoo expects of `cclupe eval`, end to end through the CLI.

const servers: Server[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

/** The built CLI in this process (`test/support/cli.ts`), without any OPENAI_* variable of the machine running the tests. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const unset = Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('OPENAI_')).map((k) => [k, undefined]));
  const r = await cclupe(args, { env: { ...unset, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A loopback server answering gold that keeps every item request body it receives. */
async function recordingServer(items: readonly Item[], opts: { apiKey?: string; structuredOutput?: boolean } = {}) {
  const bodies: Array<Record<string, unknown>> = [];
  const server = await start({
    policy: ({ item, body, structured }) => {
      if (item) bodies.push(body);
      const key = item ? item.answer.join(', ') : 'A';
      return { content: structured ? JSON.stringify({ reasoning: '', answer: item ? item.answer : ['A'] }) : `Answer: ${key}` };
    },
    items,
    structuredOutput: opts.structuredOutput ?? false,
    ...(opts.apiKey !== undefined ? { apiKey: opts.apiKey } : {}),
  });
  servers.push(server);
  return { server, bodies };
}

const userText = (body: Record<string, unknown>) =>
  (body.messages as Array<{ role: string; content: string }>).filter((m) => m.role === 'user').map((m) => m.content).join('\n');

describe.skipIf(skipWithout(CLI, 'the built CLI (npm run build)'))('cclupe eval: OpenAI conventions', () => {
  it('reads OPENAI_BASE_URL and OPENAI_API_KEY when no flag names them', async () => {
    const ds = writeFixtureDataset(1);
    const { server } = await recordingServer(ds.items, { apiKey: 'sk-env-default' });
    const out = join(tempDir(), 'run');
    const r = await cli(['eval', ds.dir, '--model', 'loopback-model', '--out', out], { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-env-default' });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(readFileSync(join(out, 'manifest.json'), 'utf8')).not.toContain('sk-env-default');
  });

  it('takes the key from --api-key-env over OPENAI_API_KEY', async () => {
    const ds = writeFixtureDataset(1);
    const { server } = await recordingServer(ds.items, { apiKey: 'sk-named' });
    const base = ['eval', ds.dir, '--model', 'loopback-model', '--base-url', server.url];
    const named = await cli([...base, '--out', join(tempDir(), 'a'), '--api-key-env', 'MY_KEY'], { OPENAI_API_KEY: 'sk-wrong', MY_KEY: 'sk-named' });
    expect({ code: named.code, stderr: named.stderr }).toEqual({ code: 0, stderr: '' });
    const unnamed = await cli([...base, '--out', join(tempDir(), 'b')], { OPENAI_API_KEY: 'sk-wrong', MY_KEY: 'sk-named' });
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain('refused the API key');
    expect(unnamed.stderr).not.toContain('sk-wrong');
  });

  it('sends --system-prompt and --prompt-template, and records them in the config hash', async () => {
    const ds = writeFixtureDataset(1);
    const { server, bodies } = await recordingServer(ds.items);
    const dir = tempDir();
    writeFileSync(join(dir, 'system.txt'), 'You are a terse credit analyst.\n');
    writeFileSync(join(dir, 'template.txt'), 'Client kind: {{client_kind}}\n{{log}}\n\nQ: {{stem}}\n{{options}}\n{{answer_instruction}}\n');
    const base = ['eval', ds.dir, '--model', 'loopback-model', '--base-url', server.url, '--items', ds.items[0].id];
    const plain = join(dir, 'plain');
    const custom = join(dir, 'custom');
    expect((await cli([...base, '--out', plain])).code).toBe(0);
    const n = bodies.length;
    const r = await cli([...base, '--out', custom, '--system-prompt', join(dir, 'system.txt'), '--prompt-template', join(dir, 'template.txt')]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const sent = bodies[n].messages as Array<{ role: string; content: string }>;
    expect(sent[0]).toEqual({ role: 'system', content: 'You are a terse credit analyst.' });
    expect(sent[1].content.startsWith('Client kind: personal\nAccount: personal account\n')).toBe(true);
    expect(sent[1].content).toContain(`Q: ${ds.items[0].stem}\nA. `);
    const hash = (d: string) => JSON.parse(readFileSync(join(d, 'manifest.json'), 'utf8')).config_hash;
    expect(hash(custom)).not.toBe(hash(plain));
    expect(JSON.parse(readFileSync(join(custom, 'manifest.json'), 'utf8')).config.system_prompt).toBe('You are a terse credit analyst.');
  });

  it('refuses a template with an unknown placeholder or without the log, naming the option (exit 2)', async () => {
    const ds = writeFixtureDataset(1);
    const dir = tempDir();
    writeFileSync(join(dir, 't.txt'), '{{question}} {{context}}');
    const r = await cli(['eval', ds.dir, '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1', '--out', join(dir, 'o'), '--prompt-template', join(dir, 't.txt')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--prompt-template: unknown placeholder {{context}}');
  });

  it('leaves temperature and top_p out of every request with --temperature none --top-p none', async () => {
    const ds = writeFixtureDataset(1);
    const { server, bodies } = await recordingServer(ds.items);
    const r = await cli(['eval', ds.dir, '--model', 'loopback-model', '--base-url', server.url, '--out', join(tempDir(), 'r'), '--temperature', 'none', '--top-p', 'none']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(bodies.length).toBe(15);
    for (const b of bodies) {
      expect('temperature' in b).toBe(false);
      expect('top_p' in b).toBe(false);
    }
  });

  it('asks for the JSON of the schema, not for an Answer: line, when it sends a JSON schema', async () => {
    const ds = writeFixtureDataset(1);
    const { server, bodies } = await recordingServer(ds.items, { structuredOutput: true });
    const out = join(tempDir(), 'r');
    const r = await cli(['eval', ds.dir, '--model', 'loopback-model', '--base-url', server.url, '--out', out, '--structured-output', 'on']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(bodies.length).toBe(15);
    for (const b of bodies) {
      expect(b.response_format).toBeDefined();
      expect(userText(b)).not.toContain('Answer:');
      expect(userText(b)).not.toContain(ANSWER_INSTRUCTION);
      expect(userText(b)).toContain('"answer"');
    }
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).scores.counts.answered).toBe(15);
  });

  it('exits 1 on an unreachable endpoint and leaves no run directory behind', async () => {
    const ds = writeFixtureDataset(1);
    const out = join(tempDir(), 'never');
    const r = await cli(['eval', ds.dir, '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1', '--out', out, '--max-attempts', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^cclupe: preflight: cannot reach http:\/\/127\.0\.0\.1:9\/v1/);
    expect(r.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });

  it('--dry-run prints the first request with the key masked, sends nothing and writes nothing', async () => {
    const ds = writeFixtureDataset(2);
    const { server, bodies } = await recordingServer(ds.items);
    const out = join(tempDir(), 'dry');
    const r = await cli(['eval', ds.dir, '--model', 'loopback-model', '--base-url', server.url, '--out', out, '--dry-run', '--temperature', 'none'], {
      OPENAI_API_KEY: 'sk-secret-123',
    });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).not.toContain('sk-secret-123');
    const req = JSON.parse(r.stdout);
    expect(req).toMatchObject({ method: 'POST', url: `${server.url}/chat/completions`, headers: { authorization: 'Bearer <$OPENAI_API_KEY>' }, items: 30, logs: 2 });
    expect(req.body).toMatchObject({ model: 'loopback-model', top_p: 1, max_tokens: 4096 });
    expect('temperature' in req.body).toBe(false);
    expect(req.body.messages[1].content).toContain(ds.items[0].stem);
    expect(bodies).toHaveLength(0);
    expect(server.counts.probes).toBe(0);
    expect(existsSync(out)).toBe(false);
  });

  it('--seed drives the random baseline, so repeated runs differ and stability is not ± 0', async () => {
    const ds = writeFixtureDataset(4);
    const dir = tempDir();
    for (const seed of ['1', '2']) {
      const r = await cli(['eval', ds.dir, '--model', 'baseline:random', '--seed', seed, '--out', join(dir, seed)]);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    }
    const preds = (s: string) => readFileSync(join(dir, s, 'predictions.jsonl'), 'utf8');
    expect(preds('1')).not.toBe(preds('2'));
    const st = await cli(['stability', join(dir, '1', 'results.json'), join(dir, '2', 'results.json'), '--json']);
    expect(st.code).toBe(0);
    expect(JSON.parse(st.stdout).columns.avg.std).toBeGreaterThan(0);
  });
});

describe('selectItems: --limit, --sample-seed and --max-logs', () => {
  const kinds = (n: number, kind: Item['client_kind'], prefix: string) =>
    Array.from({ length: n }, (_, i) => fixtureItems(`${prefix}${String(i).padStart(3, '0')}`).map((it) => ({ ...it, client_kind: kind }))).flat();
  // Sorted ids put every personal log (P…) before every SME log (S…): the old "first N by id" took no SME at all.
  const items = [...kinds(30, 'personal', 'P'), ...kinds(10, 'sme', 'S')];
  const filter = (f: Record<string, unknown>) => parseEvalConfig({ model: 'baseline:oracle', filter: f }).filter;

  it('--max-logs keeps whole logs in the client-kind mix of the dataset', () => {
    const picked = selectItems(items, filter({ max_logs: 8 }));
    const logs = [...new Set(picked.map((i) => i.log_id))];
    expect(logs).toHaveLength(8);
    expect(logs.filter((l) => l.startsWith('S'))).toHaveLength(2);
    expect(picked).toHaveLength(8 * 15);
  });

  it('--limit draws items stratified by client kind, domain and format, the same for the same seed', () => {
    const picked = selectItems(items, filter({ limit: 120, sample_seed: '7' }));
    expect(picked).toHaveLength(120);
    expect(picked.filter((i) => i.client_kind === 'sme').length).toBeGreaterThanOrEqual(29);
    expect(picked.filter((i) => i.client_kind === 'sme').length).toBeLessThanOrEqual(31);
    const share = (f: (i: Item) => boolean, xs: readonly Item[]) => xs.filter(f).length / xs.length;
    for (const format of ['single', 'multi', 'calc'] as const) {
      expect(Math.abs(share((i) => i.format === format, picked) - share((i) => i.format === format, items))).toBeLessThan(0.03);
    }
    expect(selectItems(items, filter({ limit: 120, sample_seed: '7' }))).toEqual(picked);
    expect(selectItems(items, filter({ limit: 120, sample_seed: '8' }))).not.toEqual(picked);
    // In dataset order, and a larger sample holds the smaller one (a pilot can be extended in the same run).
    expect(picked.map((i) => items.indexOf(i))).toEqual([...picked.map((i) => items.indexOf(i))].sort((a, b) => a - b));
    const bigger = new Set(selectItems(items, filter({ limit: 300, sample_seed: '7' })));
    for (const it of picked) expect(bigger.has(it)).toBe(true);
  });

  it('--items and --logs refuse an id the dataset does not hold, even next to valid ones (a typo must not shrink a run)', () => {
    expect(selectItems(items, filter({ item_ids: [items[0].id] }))).toEqual([items[0]]);
    expect(() => selectItems(items, filter({ item_ids: [items[0].id, 'zzz-q99'] }))).toThrow('--items: the dataset has no item zzz-q99');
    expect(() => selectItems(items, filter({ log_ids: [items[0].log_id, 'nope'] }))).toThrow('--logs: the dataset has no log nope');
  });
});
