import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatLogTsv } from '../../src/log/format-tsv.js';
import { perturbDataset, type PerturbDatasetOptions } from '../../src/perturb/dataset.js';
import { detectionMatrix } from '../../src/perturb/matrix.js';
import { openDatasetForPerturb, readDatasetForPerturb, writePerturbedDataset } from '../../src/io/perturb-dataset.js';
import { generatedSources } from '../perturb/support/generated.js';
import { sampleItem } from '../perturb/support/items.js';

// The worker threads run the compiled `perturb-thread.js`, so the run is tested through dist (built by `npm test`).
const DIST = resolve(__dirname, '../../dist');
type Run = typeof import('../../src/io/perturb-run.js');
const load = async (): Promise<{ run: Run }> => ({ run: (await import(join(DIST, 'io/perturb-run.js'))) as Run });

const root = mkdtempSync(join(tmpdir(), 'cclupe-perturb-run-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every file under `dir`: relative path → sha256 of its bytes. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, rel: string): void => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p, `${rel}${n}/`);
      else out[`${rel}${n}`] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir, '');
  return out;
}

// six logs with labels and one question each; operators of every stage, a donor-using one, at one severity
const sources = generatedSources(6, 'run');
const dataset = join(root, 'ds');
mkdirSync(join(dataset, 'logs'), { recursive: true });
for (const s of sources) writeFileSync(join(dataset, 'logs', `${s.log.logId}.tsv`), formatLogTsv(s.log));
writeFileSync(join(dataset, 'labels.jsonl'), sources.map((s) => JSON.stringify(s.labels)).join('\n') + '\n');
const items = sources.map((s) => sampleItem(s.log.logId, 0, s.labels?.client_kind));
writeFileSync(join(dataset, 'questions.jsonl'), items.map((i) => JSON.stringify(i)).join('\n') + '\n');
const OPTIONS: PerturbDatasetOptions = { ops: ['date-format', 'typos', 'balance-offset', 'splice-day', 'ragged-rows'], severities: [2], seed: 'run' };

describe('perturbToDataset', () => {
  it('writes the same bytes with 1 or 3 threads as the whole dataset perturbed in memory, and the same matrix', async () => {
    const { run } = await load();
    const read = readDatasetForPerturb(dataset);
    const whole = perturbDataset(read.sources, read.items, OPTIONS);
    writePerturbedDataset(join(root, 'whole'), dataset, whole, OPTIONS, null);
    const want = tree(join(root, 'whole'));
    for (const workers of [1, 3]) {
      const out = join(root, `w${workers}`);
      const got = await run.perturbToDataset(openDatasetForPerturb(dataset), { sourceDir: dataset, out, options: OPTIONS, check: true, workers });
      const { 'check.json': matrixFile, ...files } = tree(out);
      expect(files, `${workers} threads`).toEqual(want);
      expect(JSON.parse(readFileSync(join(out, 'check.json'), 'utf8'))).toEqual(got.matrix);
      expect(matrixFile).toBeDefined();
      expect(got.matrix).toEqual(detectionMatrix(whole.summaries, whole.notApplicable));
      expect(got.logs).toBe(whole.outputs.length);
    }
  }, 120_000);

  it('without the matrix, checks only the corrupting outputs (their integrity items need it) and writes the same bytes', async () => {
    const { run } = await load();
    const out = join(root, 'nocheck');
    const got = await run.perturbToDataset(openDatasetForPerturb(dataset), { sourceDir: dataset, out, options: OPTIONS, check: false, workers: 2 });
    expect(got.matrix).toBeNull();
    const { 'check.json': _matrix, ...want } = tree(join(root, 'w1'));
    expect(tree(out)).toEqual(want);
  }, 120_000);

  it('fails with the system error of a thread that cannot write, naming the path', async () => {
    const { run } = await load();
    const out = join(root, 'blocked');
    mkdirSync(out);
    writeFileSync(join(out, 'dialects'), 'a file where the dialects directory goes');
    const failed = run.perturbToDataset(openDatasetForPerturb(dataset), { sourceDir: dataset, out, options: OPTIONS, check: false, workers: 2 });
    await expect(failed).rejects.toMatchObject({ cause: { path: expect.stringContaining(join(out, 'dialects')) } });
    // nothing looks finished: no manifest, and no JSON Lines file renamed into place
    expect(readdirSync(out).filter((n) => !n.startsWith('.')).sort()).toEqual(['dialects', 'logs']);
  }, 120_000);
});
