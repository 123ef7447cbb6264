import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PairedComparison, RunScores, StabilityReport } from '../../src/schema/results.js';
import { cclupe as run, cclupeSpawn } from '../support/cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const DEMO = join(ROOT, 'test/fixtures/score/demo');
const work = mkdtempSync(join(tmpdir(), 'cclupe-score-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The built CLI, in this process (`test/support/cli.ts`) but for the first case, which runs it as the shell does. */
async function cclupe(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const r = await run(args, { cwd: work });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('cclupe score', () => {
  it('prints the stored report for the demo dataset', async () => {
    // Table 3 row of model-a re-computed independently in Python from questions.jsonl and model-a.jsonl
    // (plain sets and dicts, no shared code): 63.3 57.8 65.6 55.6 64.3 52.1 62.5 60.5 40.3; Mrate 0.1833.
    const s = cclupeSpawn(['score', DEMO, '--predictions', join(DEMO, 'model-a.jsonl'), '--out', join(work, 'ra.json')], { cwd: work });
    const r = { code: s.status, stdout: s.stdout, stderr: s.stderr };
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(DEMO, 'expected-model-a.txt'), 'utf8'));
    expect(r.stdout).toContain('model-a  63.3  57.8  65.6  55.6  64.3  52.1  62.5  60.5      40.3');
  });

  it('prints every baseline as one Markdown leaderboard, the oracle at 100.0 everywhere', async () => {
    const r = await cclupe('score', DEMO, '--baseline', 'all', '--format', 'markdown');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(DEMO, 'expected-baselines.md'), 'utf8'));
    expect(r.stdout).toContain('| oracle | 100.0 | 100.0 | 100.0 | 100.0 | 100.0 | 100.0 | 100.0 | 100.0 | 100.0 |');
  });

  it('writes a results file that passes the schema and records the parameters', async () => {
    const out = join(work, 'b.json');
    const r = await cclupe('score', '--questions', join(DEMO, 'questions.jsonl'), '--predictions', join(DEMO, 'model-b.jsonl'), '--lambda', '3', '--eta', '0.25', '--delta', '1', '--replicates', '200', '--json', '--out', out);
    expect(r.code).toBe(0);
    const scores = RunScores.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(JSON.parse(r.stdout)).toEqual(scores);
    expect(scores.params).toEqual({ lambda: 3, eta: 0.25, delta: 1, numericTolerance: 0.002 });
    expect(scores.bootstrap).toMatchObject({ seed: 'cclupe', replicates: 200 });
    expect(scores.label).toBe('model-b');
    expect(scores.counts).toMatchObject({ items: 60, logs: 4, invalid: 4, truncated: 3, error: 1, unparseable: 8 });
  });

  it('prints CSV', async () => {
    const r = await cclupe('score', DEMO, '--predictions', join(DEMO, 'model-a.jsonl'), '--format', 'csv', '--replicates', '0');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('section,key,n,score,ci_lo,ci_hi');
    expect(r.stdout).toContain('\ntable3,logScore,,40.3,,\n');
  });

  it('reports a bad predictions line as file:line and exits 1', async () => {
    const bad = join(work, 'bad.jsonl');
    writeFileSync(bad, '{"item_id":"demo-001-q01","selected":["A"]}\n{"item_id":"demo-001-q02","selected":"B"}\n');
    const r = await cclupe('score', DEMO, '--predictions', bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^cclupe: ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:1: selected: `));
  });

  it('refuses a prediction for an unknown item, naming its line', async () => {
    const bad = join(work, 'unknown.jsonl');
    writeFileSync(bad, '\n{"item_id":"nope","selected":["A"]}\n');
    const r = await cclupe('score', DEMO, '--predictions', bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`cclupe: ${bad}:2:1: item_id: no question with id nope\n`);
  });

  describe('coverage', () => {
    const partial = join(work, 'partial.jsonl');
    const model = readFileSync(join(DEMO, 'model-a.jsonl'), 'utf8').split('\n').filter(Boolean);
    writeFileSync(partial, model.slice(0, 15).join('\n') + '\n');

    it('refuses an empty predictions file with exit 1, even with --allow-partial, and /dev/null as no regular file', async () => {
      const empty = join(work, 'empty.jsonl');
      writeFileSync(empty, '');
      for (const extra of [[], ['--allow-partial']]) {
        const r = await cclupe('score', DEMO, '--predictions', empty, ...extra);
        expect(r.code).toBe(1);
        expect(r.stdout).toBe('');
        expect(r.stderr).toBe(`cclupe: ${empty}: holds no predictions: nothing to score\n`);
        const n = await cclupe('score', DEMO, '--predictions', '/dev/null', ...extra);
        expect(n.code).toBe(1);
        expect(n.stdout).toBe('');
        expect(n.stderr).toBe('cclupe: /dev/null: a character device, not a regular file; only regular files are read\n');
      }
    });

    it('refuses predictions that cover only some items with exit 1 and says how many', async () => {
      const r = await cclupe('score', DEMO, '--predictions', partial);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`cclupe: ${partial}: covers 15 of 60 items (25.0%); finish the run, or pass --allow-partial to score the predicted items alone\n`);
    });

    it('with --allow-partial scores the predicted items alone and says so in text, Markdown, JSON and CSV', async () => {
      const text = await cclupe('score', DEMO, '--predictions', partial, '--allow-partial', '--replicates', '0');
      expect(text.code).toBe(0);
      expect(text.stdout).toContain('Coverage: 15 of 60 items predicted (25.0%); PARTIAL: scores are over the 15 predicted items only (--allow-partial)');
      const md = await cclupe('score', DEMO, '--predictions', partial, '--allow-partial', '--replicates', '0', '--format', 'markdown');
      expect(md.stdout).toContain('PARTIAL: scores are over the 15 predicted items only');
      expect(md.stdout).toMatch(/\| 15 \| 25\.0 partial \|\n/);
      const json = RunScores.parse(JSON.parse((await cclupe('score', DEMO, '--predictions', partial, '--allow-partial', '--replicates', '0', '--json')).stdout));
      expect(json.coverage).toEqual({ total: 60, predicted: 15, ratio: 0.25, partial: true });
      expect(json.counts).toMatchObject({ items: 15, missing: 0 });
      const csv = await cclupe('score', DEMO, '--predictions', partial, '--allow-partial', '--replicates', '0', '--format', 'csv');
      expect(csv.stdout.split('\n')[1]).toBe('coverage,partial,15,25.0,,');
      // the 15 items scored alone give the same S_item as in the full run: partial scores are not diluted by zeros
      const full = RunScores.parse(JSON.parse((await cclupe('score', DEMO, '--predictions', join(DEMO, 'model-a.jsonl'), '--replicates', '0', '--json')).stdout));
      expect(full.coverage).toEqual({ total: 60, predicted: 60, ratio: 1, partial: false });
      expect(json.items).toEqual(full.items.filter((i) => json.items.some((j) => j.item_id === i.item_id)));
    });
  });

  it('exits 2 on a usage error, naming the option', async () => {
    expect((await cclupe('score', DEMO)).stderr).toBe('cclupe: --predictions FILE or --baseline NAME is required\n');
    const r = await cclupe('score', DEMO, '--baseline', 'oracle', '--eta', '1.5');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('cclupe: --eta must be in [0, 1], got 1.5\n');
  });
});

describe('cclupe compare, leaderboard and stability', () => {
  const a = join(work, 'ra.json');
  const b = join(work, 'rb.json');

  it('compares two runs as stored, and as JSON', async () => {
    // ra.json was written by the first test above (same demo, default parameters).
    expect((await cclupe('score', DEMO, '--predictions', join(DEMO, 'model-b.jsonl'), '--out', b)).code).toBe(0);
    const r = await cclupe('compare', a, b);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(DEMO, 'expected-compare.txt'), 'utf8'));
    const j = PairedComparison.parse(JSON.parse((await cclupe('compare', a, b, '--json', '--replicates', '50')).stdout));
    // Single-choice: model-b breaks 8 items model-a got right and fixes none → p = 2·2^-8 = 0.0078125.
    expect(j.mcnemar).toMatchObject({ onlyA: 8, onlyB: 0 });
    expect(j.mcnemar.pValue).toBeCloseTo(0.0078125, 12);
  });

  it('prints one leaderboard from several result files, sorted by LogScore, with n and coverage', async () => {
    const r = await cclupe('leaderboard', b, a, '--format', 'csv');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      'Method,Mem.,Com.,Ana.,Eva.,Sin.,Mul.,Cal.,Avg.,LogScore,n,Coverage\n' +
        'model-a,63.3,57.8,65.6,55.6,64.3,52.1,62.5,60.5,40.3,60,100.0\n' +
        'model-b,37.8,53.3,45.6,48.9,35.7,49.0,62.5,46.3,21.6,60,100.0\n',
    );
  });

  it('prints a label that starts with a full-width formula lead with an apostrophe in CSV', async () => {
    const out = join(work, 'fullwidth.json');
    expect((await cclupe('score', DEMO, '--baseline', 'random', '--replicates', '0', '--label', '＝HYPERLINK("http://x")', '-o', out)).code).toBe(0);
    const r = await cclupe('leaderboard', out, '--format', 'csv');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[1]).toMatch(/^"'＝HYPERLINK\(""http:\/\/x""\)",/);
  });

  it('warns when the runs were scored on different items, and shows how many each has', async () => {
    const partial = join(work, 'five.jsonl');
    writeFileSync(partial, readFileSync(join(DEMO, 'model-a.jsonl'), 'utf8').split('\n').slice(0, 5).join('\n') + '\n');
    const five = join(work, 'five.json');
    expect((await cclupe('score', DEMO, '--predictions', partial, '--allow-partial', '--out', five, '--replicates', '0')).code).toBe(0);
    const r = await cclupe('leaderboard', a, five);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('warning: the runs were scored on different items (model-a 60, five 5); their scores do not compare\n');
    expect(r.stdout).toMatch(/\n\S+ +(\S+ +){9}5 +8\.3 partial\n/);
    const json = JSON.parse((await cclupe('leaderboard', a, five, '--json')).stdout) as Array<{ label: string; items: number; coverage: { ratio: number; partial: boolean } }>;
    expect(json.map((x) => [x.label, x.items, x.coverage.partial])).toEqual(expect.arrayContaining([['model-a', 60, false], ['five', 5, true]]));
    // stability pools repeats of one run: a run over other items is an input error naming its file
    const st = await cclupe('stability', a, five);
    expect(st.code).toBe(1);
    expect(st.stderr).toMatch(/^cclupe: \S*five\.json: not a repeat of \S*ra\.json: covers other items than the first run \(55 of its 60 missing, 0 others; missing e\.g\. \S+\)\n$/);
  });

  it('summarises repeated runs as mean ± std', async () => {
    const r = await cclupe('stability', a, b, '--label', 'demo', '--json');
    expect(r.code).toBe(0);
    const s = StabilityReport.parse(JSON.parse(r.stdout));
    // Avg. 0.6049 and 0.4631 (both ×100 above): mean 0.534, sample std |0.6049 − 0.4631|/√2 ≈ 0.100.
    expect(s.runs).toBe(2);
    expect(s.columns.avg.std).toBeCloseTo(Math.abs(s.columns.avg.max! - s.columns.avg.min!) / Math.SQRT2, 12);
  });

  it('rejects a file that is not a results file', async () => {
    const r = await cclupe('leaderboard', join(DEMO, 'questions.jsonl'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/questions\.jsonl:2:1: invalid JSON/);
  });
});
