import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { datasetFiles, dialectFileOf, joinLabelFacts, jsonlLines, logFileOf, openDataset } from '../../src/io/dataset.js';
import { formatLogTsv } from '../../src/log/format-tsv.js';
import { fixtureItems, fixtureLog } from '../eval/fixtures.js';
import type { Log } from '../../src/schema/log-row.js';

describe('the dataset layout', () => {
  it('names every file of a dataset directory in one place', () => {
    expect(datasetFiles('d')).toEqual({
      dir: 'd',
      logs: 'd/logs',
      labels: 'd/labels.jsonl',
      manifest: 'd/manifest.json',
      questions: 'd/questions.jsonl',
      dialects: 'd/dialects',
      validation: 'd/validation.json',
      perturbations: 'd/perturbations.jsonl',
    });
    expect([logFileOf('d', 'p000001'), dialectFileOf('d', 'p000001')]).toEqual(['d/logs/p000001.tsv', 'd/dialects/p000001.json']);
  });

  it('joins a log with its labels: filling what the file lacks, or (override) taking the labels as the truth', () => {
    const log = (): Log => ({ logId: 'x', rows: [], hasTimeOfDay: true, clientKind: 'personal' });
    expect(joinLabelFacts(log(), { client_kind: 'sme', business_category: 'restaurant' })).toMatchObject({ clientKind: 'personal', businessCategory: 'restaurant' });
    expect(joinLabelFacts(log(), { client_kind: 'sme', business_category: null }, true)).toMatchObject({ clientKind: 'sme', businessCategory: undefined });
    expect(joinLabelFacts(log(), null)).toEqual(log());
  });
});

describe('openDataset, the one reader every command uses', () => {
  function dataset(): string {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-dataset-'));
    mkdirSync(join(dir, 'logs'));
    for (const id of ['p000002', 'p000001']) writeFileSync(join(dir, 'logs', `${id}.tsv`), formatLogTsv(fixtureLog(id)));
    writeFileSync(
      join(dir, 'labels.jsonl'),
      [{ log_id: 'p000001', client_kind: 'sme', business_category: 'retail', profile: 'sme-overdue' }, { log_id: 'p000002', client_kind: 'personal' }].map((l) => JSON.stringify(l)).join('\n') + '\n\n',
    );
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ master_seed: 's7' }));
    writeFileSync(join(dir, 'questions.jsonl'), fixtureItems('p000001').map((it) => JSON.stringify(it)).join('\n') + '\n');
    return dir;
  }

  it('joins logs with their labels and the manifest seed, in file order', () => {
    const ds = openDataset(dataset());
    const read = ds.logs();
    expect(read.logs.map((l) => [l.logId, l.clientKind, l.businessCategory])).toEqual([
      ['p000001', 'sme', 'retail'],
      ['p000002', 'personal', undefined],
    ]);
    expect(read).toMatchObject({ unreadable: [], masterSeed: 's7' });
    expect(ds.logFilesById().map((f) => f.id)).toEqual(['p000001', 'p000002']);
    expect(ds.labels().map((l) => l.line)).toEqual([1, 2]);
  });

  it('reads questions, one log with its bytes, and finds a log as cclupe show does', () => {
    const dir = dataset();
    const ds = openDataset(dir);
    expect(ds.questions()).toHaveLength(15);
    const one = ds.logWithBytes('p000001')!;
    expect(one.bytes.toString('utf8')).toBe(formatLogTsv(fixtureLog('p000001')));
    expect(one.log.rows).toHaveLength(6);
    expect(one.dialect).toBeUndefined();
    expect(ds.logWithBytes('p000009')).toBeNull();
    expect(ds.findLog('p000001').businessCategory).toBe('retail');
    expect(() => ds.findLog('p000009')).toThrow('no log file for p000009 (looked for logs/p000009.tsv)');
    expect(() => ds.logPath('../../etc/passwd')).toThrow(/points outside the dataset directory/);
  });

  it('names file and line of a bad labels line, and leaves a dataset without labels or manifest alone', () => {
    const dir = dataset();
    writeFileSync(join(dir, 'labels.jsonl'), '{"log_id":"p000001"}\n{"client_kind":"sme"}\n');
    expect(() => openDataset(dir).labels()).toThrow(expect.objectContaining({ message: 'log_id: expected a string', location: expect.objectContaining({ line: 2 }) }));
    writeFileSync(join(dir, 'labels.jsonl'), 'null\n');
    expect(() => openDataset(dir).labelFacts()).toThrow('log_id: expected a string');
    rmSync(join(dir, 'labels.jsonl'));
    rmSync(join(dir, 'manifest.json'));
    expect(openDataset(dir).logs()).toMatchObject({ masterSeed: null, unreadable: [] });
  });

  it('splits JSON Lines the same way for every reader: numbered from 1, blank lines out, CR removed', () => {
    expect([...jsonlLines('{"a":1}\r\n\n  \n{"b":2}')]).toEqual([
      { line: 1, raw: '{"a":1}' },
      { line: 4, raw: '{"b":2}' },
    ]);
  });
});
