import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { readLogFile } from '../../src/io/log-files.js';
import { listLogFiles } from '../../src/io/log-files.js';
import { SIGNAL_IDS } from '../../src/schema/signal-id.js';
import { cclupe as run, cclupeSpawn } from '../support/cli.js';

/** The built CLI in this process (`test/support/cli.ts`); the first export runs it as the shell does. */
async function cclupe(...args: string[]) {
  const r = await run(args);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function spawned(...args: string[]) {
  const r = cclupeSpawn(args);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Reads a Parquet file with hyparquet, a reader independent of the writer's encoding code. */
async function readParquet(path: string) {
  const buf = readFileSync(path);
  const file = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
  const meta = parquetMetadata(file);
  const rows = (await parquetReadObjects({ file })) as Array<Record<string, unknown>>;
  return { meta, rows, schema: new Map(meta.schema.slice(1).map((s) => [s.name, s])) };
}

describe('cclupe export', () => {
  const root = mkdtempSync(join(tmpdir(), 'cclupe-export-'));
  const ds = join(root, 'ds');
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  beforeAll(async () => {
    const g = await cclupe('generate', '-n', '12', '--profile', 'personal-overdue=1,sme-healthy=1', '-s', '16', '-o', ds, '-w', '1', '--questions', '--rows-min', '40', '--rows-max', '90');
    expect(g.code, g.stderr).toBe(0);
  });

  it('writes logs with log_id, exact decimal money and naive timestamps that read back to the TSV rows', async () => {
    const out = join(root, 'pq');
    const r = spawned('export', ds, '--format', 'parquet', '-o', out, '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).tables.map((t: { path: string }) => t.path)).toEqual(['logs.parquet', 'labels.parquet', 'questions.parquet']);
    const { rows, schema, meta } = await readParquet(join(out, 'logs.parquet'));
    expect(schema.get('amount')).toMatchObject({ type: 'INT64', logical_type: { type: 'DECIMAL', scale: 2, precision: 18 } });
    expect(schema.get('balance')).toMatchObject({ type: 'INT64', logical_type: { type: 'DECIMAL', scale: 2 } });
    expect(schema.get('timestamp')).toMatchObject({ type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: false, unit: 'MILLIS' } });
    expect(schema.get('log_id')).toMatchObject({ type: 'BYTE_ARRAY', logical_type: { type: 'STRING' } });
    expect(meta.key_value_metadata).toEqual(expect.arrayContaining([{ key: 'cclupe.table', value: 'logs' }, { key: 'cclupe.master_seed', value: '16' }]));
    const expected = listLogFiles(ds).flatMap((path) => readLogFile(path).logs.flatMap((log) => log.rows.map((row) => ({ log, row }))));
    expect(rows).toHaveLength(expected.length);
    expect(new Set(rows.map((x) => x.log_id)).size).toBe(12);
    rows.forEach((x, i) => {
      const { log, row } = expected[i];
      expect(x.log_id).toBe(log.logId);
      expect(x.txn_id).toBe(row.txn_id);
      expect((x.timestamp as Date).toISOString().replace('T', ' ').slice(0, 19)).toBe(row.timestamp);
      expect(Math.round((x.amount as number) * 100)).toBe(row.amountCents);
      expect(Math.round((x.balance as number) * 100)).toBe(row.balanceCents);
      expect([x.type, x.channel, x.counterparty, x.status, x.location, x.remark]).toEqual([row.type, row.channel, row.counterparty, row.status, row.location, row.remark]);
    });
  });

  it('writes labels with flat float signal columns and questions with their numeric answers', async () => {
    const out = join(root, 'pq');
    const labels = await readParquet(join(out, 'labels.parquet'));
    const jsonl = readFileSync(join(ds, 'labels.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(labels.rows.map((l) => l.log_id)).toEqual(jsonl.map((l) => l.log_id));
    for (const s of SIGNAL_IDS) {
      expect(labels.schema.get(`${s}_strength`)).toMatchObject({ type: 'DOUBLE' });
      expect(labels.schema.get(`${s}_present`)).toMatchObject({ type: 'BOOLEAN' });
    }
    expect(labels.rows[0][`${SIGNAL_IDS[0]}_intensity`]).toBe(jsonl[0].signals[SIGNAL_IDS[0]].intensity);
    expect(JSON.parse(labels.rows[0].loans as string)).toEqual(jsonl[0].loans);
    expect(Math.round((labels.rows[0].opening_balance as number) * 100)).toBe(jsonl[0].opening_balance_cents);
    const questions = await readParquet(join(out, 'questions.parquet'));
    expect(questions.rows.map((q) => q.id)).toEqual(readFileSync(join(ds, 'questions.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).id));
    const calc = questions.rows.filter((q) => q.format === 'calc');
    expect(calc.length).toBeGreaterThan(0);
    for (const q of calc) expect(typeof q.numeric_answer).toBe('number');
    expect(questions.rows.filter((q) => q.format !== 'calc').every((q) => q.numeric_answer === null || q.numeric_answer === undefined)).toBe(true);
    expect(JSON.parse(questions.rows[0].options as string)[0]).toMatchObject({ key: 'A' });
  });

  it('writes the Hugging Face layout: data/*.parquet and a dataset card with configs, seed, license, use and limits', async () => {
    const out = join(root, 'hf');
    const r = await cclupe('export', ds, '--format', 'hf', '-o', out, '--license', 'cc-by-4.0');
    expect(r.code, r.stderr).toBe(0);
    const card = readFileSync(join(out, 'README.md'), 'utf8');
    const front = card.split('---\n')[1];
    expect(front).toContain('license: cc-by-4.0\n');
    for (const t of ['logs', 'labels', 'questions']) expect(front).toContain(`- config_name: ${t}\n  data_files:\n  - split: train\n    path: data/${t}.parquet\n`);
    expect(card).toContain('- master seed: `16`');
    expect(card).toContain('personal-overdue');
    expect(card).toMatch(/## Intended use[\s\S]*## Limits[\s\S]*## License/);
    for (const line of ["pd.read_parquet('data/logs.parquet')", 'duckdb.sql(', "pl.read_parquet('data/questions.parquet')", "load_dataset('.', 'questions', split='train')"]) expect(card).toContain(line);
    // byte-identical when exported again
    const again = join(root, 'hf2');
    expect((await cclupe('export', ds, '--format', 'hf', '-o', again, '--license', 'cc-by-4.0')).code).toBe(0);
    for (const f of ['README.md', 'data/logs.parquet', 'data/labels.parquet', 'data/questions.parquet']) expect(readFileSync(join(again, f))).toEqual(readFileSync(join(out, f)));
  });

  it('adds a predictions table from prediction files and run directories, named by run', async () => {
    const [q1, q2] = readFileSync(join(ds, 'questions.jsonl'), 'utf8').split('\n').slice(0, 2).map((l) => (JSON.parse(l) as { id: string }).id);
    const run = join(root, 'run-m1');
    mkdirSync(run);
    writeFileSync(join(run, 'predictions.jsonl'), `{"item_id":"${q1}","selected":["A"],"status":"answered"}\n{"item_id":"${q2}","value":12.0,"raw":"12"}\n`);
    const file = join(root, 'm2.jsonl');
    writeFileSync(file, `{"item_id":"${q1}","status":"no_answer"}\n`);
    const out = join(root, 'with-preds');
    const r = await cclupe('export', ds, '-o', out, '--predictions', run, '--predictions', file);
    expect(r.code, r.stderr).toBe(0);
    const { rows } = await readParquet(join(out, 'predictions.parquet'));
    expect(rows.map((x) => [x.run, x.item_id, x.status, x.selected, x.value])).toEqual([
      ['run-m1', q1, 'answered', '["A"]', null],
      ['run-m1', q2, 'answered', null, 12],
      ['m2', q1, 'no_answer', null, null],
    ]);
  });

  it('refuses predictions of items the dataset does not hold, at their line, as cclupe score does, and writes nothing', async () => {
    const q1 = (JSON.parse(readFileSync(join(ds, 'questions.jsonl'), 'utf8').split('\n')[0]) as { id: string }).id;
    const other = join(root, 'other-run.jsonl');
    writeFileSync(other, `{"item_id":"${q1}","selected":["A"]}\n{"item_id":"x000009-q01","selected":["A"]}\n`);
    const out = join(root, 'foreign-preds');
    const r = await cclupe('export', ds, '-o', out, '--predictions', other);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`cclupe: ${other}:2:1: item_id: no question with id x000009-q01\n`);
    expect((await cclupe('score', ds, '--predictions', other)).stderr).toBe(r.stderr);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a non-empty or file output (exit 2), a directory that is not a dataset and an unreadable log (exit 1)', async () => {
    const busy = join(root, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'keep.txt'), 'x');
    const r1 = await cclupe('export', ds, '-o', busy);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toBe(`cclupe: --out: ${busy} is not empty and holds no cclupe export (keep.txt); use a new directory, or --force to write into it (nothing of yours is removed)\n`);
    expect((await cclupe('export', ds, '-o', join(busy, 'keep.txt'))).code).toBe(2);
    expect((await cclupe('export', ds, '-o', join(root, 'x'), '--format', 'csv')).code).toBe(2);
    const notDs = await cclupe('export', root + '/nope', '-o', join(root, 'y'));
    expect(notDs.code).toBe(1);
    const broken = join(root, 'broken');
    mkdirSync(join(broken, 'logs'), { recursive: true });
    writeFileSync(join(broken, 'logs', 'p000001.tsv'), 'log_id\ttxn_id\np000001\tT1\n');
    const r2 = await cclupe('export', broken, '-o', join(root, 'z'));
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(/^cclupe: .*p000001\.tsv:1: bad header .*\(HEADER; run cclupe validate\)$/m);
    expect(r2.stderr.trim().split('\n')).toHaveLength(1);
  });
});
