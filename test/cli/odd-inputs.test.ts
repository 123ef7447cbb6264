import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../eval/fixtures.js';
import { skipWithout } from '../support/prerequisites.js';
import { CLI, cclupe } from '../support/cli.js';

// Odd inputs to each command, one case per defect found: each reproduces the defect in a temp dir through the real CLI.

const DIALECTS = resolve('dialects');

describe.skipIf(skipWithout(CLI, 'the built CLI (npm run build)'))('odd inputs to the CLI', () => {
  it('validate reports a formula lead once, at its own column, when two fields read the same cell (debit-credit)', async () => {
    const dir = tempDir('cclupe-odd-');
    const file = join(dir, 'a.csv');
    writeFileSync(file, 'Reference,Date,Description,Debit,Credit,Balance\nR1,01/02/2023,Salary,,100.00,100.00\nR2,02/02/2023,=HYPERLINK(x),10.00,,90.00\n');
    const r = await cclupe(['validate', file, '--dialect', join(DIALECTS, 'debit-credit.yaml'), '--json']);
    const issues = (JSON.parse(r.stdout) as { files: { issues: { code: string; line: number; column?: string }[] }[] }).files.flatMap((f) => f.issues);
    const unsafe = issues.filter((i) => i.code === 'UNSAFE_TEXT');
    expect(unsafe).toEqual([expect.objectContaining({ line: 3, column: 'Description' })]);
  });

  it('refuses a count past Number.MAX_SAFE_INTEGER by name, and a replicate count no bootstrap could hold, with exit 2', async () => {
    const dir = tempDir('cclupe-odd-');
    const count = await cclupe(['generate', '--count', '9007199254740993', '--out', join(dir, 'd'), '--json']);
    expect(count.status).toBe(2);
    const error = (JSON.parse(count.stderr) as { error: { kind: string; field: string; message: string } }).error;
    expect(error).toMatchObject({ kind: 'usage', field: '--count' });
    expect(error.message).toContain('Number.MAX_SAFE_INTEGER');
    expect(error.message).not.toContain('positive integer');
    for (const bad of ['9007199254740993', '2000000', '1e3']) {
      const r = await cclupe(['compare', join(dir, 'a.json'), join(dir, 'b.json'), '--replicates', bad]);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(`cclupe: --replicates must be a whole number from 0 to 1000000, got ${bad}\n`);
    }
  });

  it('generate --json on a repaired dataset counts the logs it generated again (was generated 0)', async () => {
    const dir = tempDir('cclupe-odd-');
    const out = join(dir, 'd');
    expect((await cclupe(['generate', '--count', '4', '--seed', '3', '--rows-min', '50', '--rows-max', '60', '--out', out])).status).toBe(0);
    const logs = readdirSync(join(out, 'logs')).sort();
    rmSync(join(out, 'logs', logs[1]));
    const r = await cclupe(['generate', '--count', '4', '--seed', '3', '--rows-min', '50', '--rows-max', '60', '--out', out, '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'complete', logs: 4, generated: 1, reused: 3, repaired: [`logs/${logs[1]}`] });
    // labels.jsonl lost: it is rebuilt whole, which generates every log once more
    rmSync(join(out, 'labels.jsonl'));
    const again = await cclupe(['generate', '--count', '4', '--seed', '3', '--rows-min', '50', '--rows-max', '60', '--out', out, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ generated: 4, reused: 0, repaired: ['labels.jsonl'] });
  });

  it('perturb splits a text cell (embed-tab, embed-newline) so that no piece starts with a spreadsheet formula lead', async () => {
    const dir = tempDir('cclupe-odd-');
    const src = join(dir, 'd');
    const out = join(dir, 'p');
    expect((await cclupe(['generate', '--count', '6', '--seed', '7', '--out', src])).status).toBe(0);
    const r = await cclupe(['perturb', src, '--ops', 'embed-tab,embed-newline', '--severity', '1-5', '--out', out]);
    expect(r.status).toBe(0);
    const leads: string[] = [];
    for (const f of readdirSync(join(out, 'logs'))) {
      for (const line of readFileSync(join(out, 'logs', f), 'utf8').split(/\r?\n/)) {
        // a cell with a formula lead that is not a number (amounts and balances are signed)
        for (const cell of line.split('\t')) if (/^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) && !/^[-+]?\d/.test(cell)) leads.push(`${f}: ${cell}`);
      }
    }
    expect(leads).toEqual([]);
  });

  it('export leaves no marker of ours in the folder it writes (a Hugging Face folder is uploaded as it is), and exports into it again', async () => {
    const dir = tempDir('cclupe-odd-');
    const src = join(dir, 'd');
    const out = join(dir, 'hf');
    expect((await cclupe(['generate', '--count', '2', '--seed', '5', '--rows-min', '50', '--rows-max', '60', '--out', src, '--questions'])).status).toBe(0);
    for (let run = 0; run < 2; run++) {
      expect((await cclupe(['export', src, '--format', 'hf', '-o', out])).status).toBe(0);
      expect(readdirSync(out, { recursive: true }).map(String).sort()).toEqual(['README.md', 'data', 'data/labels.parquet', 'data/logs.parquet', 'data/questions.parquet']);
    }
  });

  it('reads JSON and JSON Lines files that start with a UTF-8 BOM, and names line and column of every JSON syntax error', async () => {
    const dir = tempDir('cclupe-odd-');
    const src = join(dir, 'd');
    expect((await cclupe(['generate', '--count', '2', '--seed', '5', '--rows-min', '50', '--rows-max', '60', '--out', src, '--questions'])).status).toBe(0);
    const ids = readFileSync(join(src, 'questions.jsonl'), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id);
    const preds = join(dir, 'preds.jsonl');
    writeFileSync(preds, '\uFEFF' + ids.map((id) => JSON.stringify({ item_id: id, selected: ['A'] })).join('\n') + '\n');
    const scored = await cclupe(['score', src, '--predictions', preds, '--replicates', '0', '-o', join(dir, 'r.json')]);
    expect(scored.stderr).toBe('');
    expect(scored.status).toBe(0);
    writeFileSync(join(dir, 'r-bom.json'), '\uFEFF' + readFileSync(join(dir, 'r.json'), 'utf8'));
    expect((await cclupe(['compare', join(dir, 'r.json'), join(dir, 'r-bom.json'), '--replicates', '0'])).status).toBe(0);
    // labels.jsonl and manifest.json with a BOM still read (validate reads both)
    for (const f of ['labels.jsonl', 'manifest.json']) writeFileSync(join(src, f), '\uFEFF' + readFileSync(join(src, f), 'utf8'));
    const v = await cclupe(['validate', src]);
    expect(v.stdout).not.toMatch(/READ_ERROR|LABELS_MISSING/);
    expect(v.status).toBe(0);
    // errors Node reports without a position: a truncated file, an unexpected token
    const cases: Array<[string, string, string]> = [
      ['cut.json', '{"schema": "cclupe-scores/1",\n  "label": ', 'cut.json:2:12: invalid JSON: Unexpected end of JSON input'],
      ['token.json', '{\n  "label": }', "token.json:2:12: invalid JSON: Unexpected token '}'"],
    ];
    for (const [name, text, message] of cases) {
      writeFileSync(join(dir, name), text);
      const r = await cclupe(['compare', join(dir, name), join(dir, 'r.json')]);
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(`cclupe: ${join(dir, message)}\n`);
    }
    writeFileSync(preds, JSON.stringify({ item_id: ids[0], selected: ['A'] }) + '\n{"item_id": tru}\n');
    const bad = await cclupe(['score', src, '--predictions', preds]);
    expect(bad.stderr).toBe(`cclupe: ${preds}:2:16: invalid JSON: Unexpected token '}'\n`);
  });

  it('compare refuses results scored on other datasets (same item ids), and warns on results that record no dataset', async () => {
    const dir = tempDir('cclupe-odd-');
    const score = async (seed: string, baseline: string, out: string) => {
      const ds = join(dir, `d${seed}`);
      if (!existsSync(ds)) expect((await cclupe(['generate', '--count', '2', '--seed', seed, '--rows-min', '50', '--rows-max', '60', '--out', ds, '--questions'])).status).toBe(0);
      expect((await cclupe(['score', ds, '--baseline', baseline, '--replicates', '0', '-o', join(dir, out)])).status).toBe(0);
      return join(dir, out);
    };
    const a = await score('1', 'random', 'a.json');
    const b = await score('2', 'oracle', 'b.json');
    const same = await score('1', 'oracle', 'same.json');
    const r = await cclupe(['compare', a, b, '--replicates', '0']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^cclupe: \S*b\.json: not comparable with \S*a\.json: scored on other questions \(questions\.jsonl sha256 [0-9a-f]{12}…, dataset seed 2; the other run: questions\.jsonl sha256 [0-9a-f]{12}…, dataset seed 1\)/);
    const ok = await cclupe(['compare', a, same, '--replicates', '0']);
    expect(ok.status).toBe(0);
    expect(ok.stderr).toBe('');
    // results written before the dataset was recorded still load, with a warning
    const old = JSON.parse(readFileSync(same, 'utf8')) as Record<string, unknown>;
    delete old.dataset;
    writeFileSync(join(dir, 'old.json'), JSON.stringify(old));
    const warned = await cclupe(['compare', a, join(dir, 'old.json'), '--replicates', '0']);
    expect(warned.status).toBe(0);
    expect(warned.stderr).toMatch(/warning: \S*old\.json records no dataset identity/);
    expect((await cclupe(['stability', a, b])).status).toBe(1);
  });

  it('generate re-run on a finished dataset (no shards) rebuilds a labels.jsonl edited since, by the hash its manifest lists', async () => {
    const dir = tempDir('cclupe-odd-');
    const out = join(dir, 'd');
    const args = ['generate', '--count', '3', '--seed', '4', '--rows-min', '50', '--rows-max', '60', '--out', out, '--json'];
    expect((await cclupe(args)).status).toBe(0);
    const labels = join(out, 'labels.jsonl');
    const before = readFileSync(labels, 'utf8');
    const lines = before.split('\n');
    const first = JSON.parse(lines[0]) as Record<string, unknown>;
    first.profile = first.profile === 'sme-overdue' ? 'personal-healthy' : 'sme-overdue';
    writeFileSync(labels, [JSON.stringify(first), ...lines.slice(1)].join('\n'));
    const r = await cclupe(args);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'complete', repaired: ['labels.jsonl'] });
    expect(readFileSync(labels, 'utf8')).toBe(before);
  });

  it('show with a dataset directory and no item id asks for the id (exit 2), rather than look for questions in the current directory', async () => {
    const dir = tempDir('cclupe-odd-');
    const r = await cclupe(['show', dir]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`cclupe: missing the item id: cclupe show ${dir} <item-id> (e.g. ${dir} p000017-q04)\n`);
  });

  it('questions --out without --shard says --out is for shards (it said --shard and --out go together)', async () => {
    const dir = tempDir('cclupe-odd-');
    const r = await cclupe(['questions', dir, '--out', join(dir, 'q')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('cclupe: --out is for a shard (--shard k/N) only: without --shard, questions.jsonl is written into the dataset directory\n');
    const s = await cclupe(['questions', dir, '--shard', '1/2']);
    expect(s.stderr).toBe('cclupe: --shard needs --out: a shard writes its questions to its own directory\n');
  });

  it('robustness names a run manifest that is not JSON (was an internal error)', async () => {
    const dir = tempDir('cclupe-odd-');
    const run = join(dir, 'run');
    mkdirSync(run);
    writeFileSync(join(run, 'predictions.jsonl'), '');
    writeFileSync(join(run, 'manifest.json'), '{"dataset": ');
    const r = await cclupe(['robustness', run, run]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`cclupe: ${join(run, 'manifest.json')}:1:13: invalid JSON: Unexpected end of JSON input\n`);
  });

  it('eval refuses an --extra-body that is not a JSON object (an array or string was spread into the request body)', async () => {
    const dir = tempDir('cclupe-odd-');
    for (const body of ['[1, 2]', '"x"', 'null']) {
      const e = await cclupe(['eval', dir, '--model', 'baseline:oracle', '--extra-body', body, '--out', join(dir, 'out')]);
      expect(e.status).toBe(2);
      expect(e.stderr).toBe(`cclupe: --extra-body must be a JSON object, got ${body}\n`);
    }
  });

  it('score records no seed, and does not block, when the manifest.json beside --questions is a FIFO', async () => {
    const dir = tempDir('cclupe-odd-');
    const src = join(dir, 'd');
    expect((await cclupe(['generate', '--count', '2', '--seed', '5', '--rows-min', '50', '--rows-max', '60', '--out', src, '--questions'])).status).toBe(0);
    const q = join(dir, 'q');
    mkdirSync(q);
    writeFileSync(join(q, 'questions.jsonl'), readFileSync(join(src, 'questions.jsonl')));
    execFileSync('mkfifo', [join(q, 'manifest.json')]);
    // a child process with a timeout: a blocked read would hang this process for good
    const r = spawnSync(process.execPath, [CLI, 'score', '--questions', join(q, 'questions.jsonl'), '--baseline', 'oracle', '--replicates', '0', '--json'], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as { dataset: unknown }).dataset).toMatchObject({ master_seed: null });
  });
});

