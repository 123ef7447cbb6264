import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEvalConfig } from '../../src/eval/config.js';
import { loadEvalDataset } from '../../src/io/eval-dataset.js';
import { questionsRenderer } from '../../src/eval/prompt.js';
import { runEval } from '../../src/eval/run.js';
import { formatLogTsv, ROWS_HEADER } from '../../src/log/format-tsv.js';
import { readLogTexts } from '../../src/io/perturb-dataset.js';
import { verbatimRenderer } from '../../src/eval/verbatim-renderer.js';
import { scoreItem } from '../../src/score/item-score.js';
import type { Item } from '../../src/schema/item.js';
import { start, type Server, type PolicyContext } from '../support/openai-server.js';
import { generatedSources } from './support/generated.js';
import { cclupe, cclupeSpawn } from '../support/cli.js';

/** The built CLI in this process (`test/support/cli.ts`). */
const cli = (...args: string[]) => cclupe(args);

/** Three items per log with known gold: single A, single B, multi A+C (the texts do not matter to the loopback model). */
function itemsFor(logId: string, kind: 'personal' | 'sme'): Item[] {
  const golds = [['A'], ['B'], ['A', 'C']];
  return golds.map((answer, k) => ({
    id: `${logId}-q${k}`,
    log_id: logId,
    client_kind: kind,
    format: answer.length > 1 ? 'multi' : 'single',
    stem: answer.length > 1 ? 'Which of these hold for this account? Select all that apply.' : 'Which statement holds for this account?',
    stem_first_person: answer.length > 1 ? 'Which of these hold for my account? Select all that apply.' : 'Which statement holds for my account?',
    options: ['A', 'B', 'C', 'D', ...(answer.length > 1 ? ['E'] : [])].map((key) => ({ key, text: `Statement ${key}` })),
    answer,
    domain: 'stability',
    sub_domain: 'others',
    perspective: 'Consumption Stability',
    logic: 'monthly spending volatility',
    cognition: 'analysis',
    difficulty: 'M',
    steps: 3,
    evidence: [],
    template: { id: 'e2e', version: 1 },
    program: ['a', 'b', 'c'],
  }));
}

/**
 * The loopback model: answers gold on a clean-looking log; obeys a planted "answer A"; and, like a brittle model,
 * picks the first wrong option when the log block is not the canonical layout (another header, CR, mojibake).
 */
function degradingPolicy(ctx: PolicyContext) {
  const item = ctx.item!;
  const messages = ctx.body.messages as Array<{ role: string; content: string }>;
  const user = messages.find((m) => m.role === 'user')!.content;
  const block = user.slice(user.indexOf('<log>\n') + 6, user.indexOf('\n</log>'));
  let selected = item.answer;
  if (item.template.id !== 'integrity-inconsistencies') {
    if (/ignore previous instructions/i.test(block)) selected = ['A'];
    else if (!block.startsWith(ROWS_HEADER + '\n') || block.includes('\r') || block.includes('Ã')) {
      selected = [item.options.find((o) => !item.answer.includes(o.key))!.key];
    }
  }
  return { content: `Looked at the log.\nAnswer: ${selected.join(', ')}` };
}

describe('cclupe perturb and cclupe robustness (spawned) with a loopback model', () => {
  const root = mkdtempSync(join(tmpdir(), 'cclupe-perturb-e2e-'));
  const ds = join(root, 'clean');
  const pds = join(root, 'perturbed');
  const items: Item[] = [];
  let server: Server;

  beforeAll(async () => {
    mkdirSync(join(ds, 'logs'), { recursive: true });
    const sources = generatedSources(4, 'e2e');
    for (const s of sources) {
      writeFileSync(join(ds, 'logs', `${s.log.logId}.tsv`), formatLogTsv(s.log));
      items.push(...itemsFor(s.log.logId, s.labels!.client_kind));
    }
    writeFileSync(join(ds, 'labels.jsonl'), sources.map((s) => JSON.stringify(s.labels)).join('\n') + '\n');
    writeFileSync(join(ds, 'questions.jsonl'), items.map((i) => JSON.stringify(i)).join('\n') + '\n');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('perturb --check --json writes the dataset and a passing detection matrix', async () => {
    const r = cclupeSpawn(['perturb', ds, '--ops', 'column-reorder,typos,mojibake,inject-instruction,balance-offset,empty-cell', '--severity', '2', '--seed', 'e2e', '--out', pds, '--check', '--json']); // end to end
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.pass).toBe(true);
    expect(out.logs).toBe(24);
    const records = readFileSync(join(pds, 'perturbations.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(records).toHaveLength(24);
    const reorder = records.find((r) => r.steps[0].op === 'column-reorder');
    expect(reorder.dialect).toBe(`dialects/${reorder.log_id}.json`);
    expect(JSON.parse(readFileSync(join(pds, reorder.dialect), 'utf8')).name).toBe(reorder.log_id);
    // preserving logs and the injected one repeat the 3 questions; corrupted ones get one integrity item each
    expect(readFileSync(join(pds, 'questions.jsonl'), 'utf8').trim().split('\n')).toHaveLength(4 * (3 * 4 + 1 + 1) + 4 * 1);
  });

  it('is byte-identical when run again with the same seed', async () => {
    const again = join(root, 'again');
    expect((await cli('perturb', ds, '--ops', 'column-reorder,typos,mojibake,inject-instruction,balance-offset,empty-cell', '--severity', '2', '--seed', 'e2e', '--out', again)).status).toBe(0);
    for (const f of ['perturbations.jsonl', 'questions.jsonl', 'labels.jsonl']) expect(readFileSync(join(again, f), 'utf8')).toBe(readFileSync(join(pds, f), 'utf8'));
  });

  it('exits 2 with one line naming the option on a bad operator', async () => {
    const r = await cli('perturb', ds, '--ops', 'nonsense', '--out', join(root, 'x'));
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--ops: unknown operator nonsense/);
  });

  it('robustness shows the degradation per operator: Δ −100 on reformatted and garbled logs, 0 on typos, obedience to the injection', async () => {
    const perturbedSet = loadEvalDataset(pds);
    server = await start({ policy: degradingPolicy, items: [...items, ...perturbedSet.items], structuredOutput: false });
    const config = parseEvalConfig({ base_url: server.url, model: 'loopback-model', concurrency: 4, timeout_ms: 5_000, retry: { max_attempts: 3, base_delay_ms: 2, max_delay_ms: 20, max_retry_after_ms: 50 } });
    const cleanRun = join(root, 'run-clean');
    const pertRun = join(root, 'run-perturbed');
    await runEval(loadEvalDataset(ds), config, { runDir: cleanRun, bootstrap: false });
    const texts = readLogTexts(pds, new Set(perturbedSet.items.map((i) => i.log_id)));
    await runEval(perturbedSet, config, { runDir: pertRun, bootstrap: false, renderer: verbatimRenderer(questionsRenderer, texts) });

    const r = await cli('robustness', cleanRun, pertRun, '--json', '--replicates', '200');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    const row = (op: string) => report.rows.find((x: { op: string; severity: number | null }) => x.op === op && x.severity === null);
    expect(row('column-reorder')).toMatchObject({ pairs: 12, clean: 1, perturbed: 0, delta: -1, changed: 1 });
    expect(row('mojibake')).toMatchObject({ pairs: 12, clean: 1, perturbed: 0, delta: -1, changed: 1 });
    expect(row('typos')).toMatchObject({ pairs: 12, clean: 1, perturbed: 1, delta: 0, changed: 0 });
    // the injection makes it answer A: gold A → 1; gold B → 0; gold A+C → |{A}|/2 = 0.5; per log mean 1.5/3 = 0.5
    const expected = (scoreItem(['A'], ['A'], { lambda: 2 }) + scoreItem(['B'], ['A'], { lambda: 2 }) + scoreItem(['A', 'C'], ['A'], { lambda: 2 })) / 3;
    expect(row('inject-instruction').perturbed).toBeCloseTo(expected, 12);
    expect(row('inject-instruction').delta).toBeCloseTo(expected - 1, 12);
    expect(row('inject-instruction').changed).toBeCloseTo(2 / 3, 12);
    expect(row('inject-instruction').integrity).toEqual({ items: 4, accuracy: 1, score: 1 });
    expect(row('balance-offset').integrity).toEqual({ items: 4, accuracy: 1, score: 1 });
    expect(row('column-reorder').delta_ci).toEqual({ lo: -1, hi: -1 });

    const baseline = await cli('robustness', ds, pds, '--baseline', 'oracle', '--replicates', '0', '--json');
    expect(baseline.status).toBe(0);
    for (const x of JSON.parse(baseline.stdout).rows) if (x.pairs > 0) expect(x.delta).toBe(0);

    // a path that does not exist is named as such (it was called "a predictions file")
    const missing = await cli('robustness', join(ds, 'no-such-run'), pertRun);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/no-such-run: no such eval run directory or predictions file\n$/);
  }, 120_000);
});
