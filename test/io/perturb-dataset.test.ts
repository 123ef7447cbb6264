import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { openDatasetForPerturb, readDatasetForPerturb } from '../../src/io/perturb-dataset.js';
import { formatLogTsv } from '../../src/log/format-tsv.js';
import { generatedSources } from '../perturb/support/generated.js';
import { sampleItem } from '../perturb/support/items.js';

const root = mkdtempSync(join(tmpdir(), 'cclupe-perturb-open-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A dataset of `n` generated logs, their labels (in reverse order) and two questions each (interleaved across logs). */
function writeDataset(name: string, n: number): { dir: string; ids: string[] } {
  const dir = join(root, name);
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const sources = generatedSources(n, name);
  for (const s of sources) writeFileSync(join(dir, 'logs', `${s.log.logId}.tsv`), formatLogTsv(s.log));
  writeFileSync(join(dir, 'labels.jsonl'), [...sources].reverse().map((s) => JSON.stringify(s.labels)).join('\n') + '\n');
  const items = [0, 1].flatMap((q) => sources.map((s) => sampleItem(s.log.logId, q)));
  writeFileSync(join(dir, 'questions.jsonl'), items.map((i) => JSON.stringify(i)).join('\r\n') + '\r\n');
  return { dir, ids: sources.map((s) => s.log.logId).sort() };
}

describe('openDatasetForPerturb', () => {
  it('gives the logs in log-id order, each with its own labels and questions in file order', () => {
    const { dir, ids } = writeDataset('order', 5);
    const ds = openDatasetForPerturb(dir);
    expect(ds.count).toBe(5);
    const got = [...ds.sources()];
    expect(got.map((s) => s.log.logId)).toEqual(ids);
    for (const s of got) {
      expect(s.labels?.log_id).toBe(s.log.logId);
      expect(s.items.map((i) => i.id)).toEqual([`${s.log.logId}-q0`, `${s.log.logId}-q1`]);
    }
  });

  it('holds the same sources and questions as reading the whole dataset', () => {
    const { dir } = writeDataset('same', 3);
    const whole = readDatasetForPerturb(dir);
    const streamed = [...openDatasetForPerturb(dir).sources()];
    expect(streamed.map(({ log, labels }) => ({ log, labels }))).toEqual(whole.sources);
    expect(streamed.flatMap((s) => s.items)).toEqual([...whole.items].sort((a, b) => (a.log_id < b.log_id ? -1 : a.log_id > b.log_id ? 1 : 0)));
  });

  it('reads each log only when it is reached (a later log file is not opened up front)', () => {
    const { dir, ids } = writeDataset('lazy', 3);
    const it = openDatasetForPerturb(dir).sources();
    expect(it.next().value?.log.logId).toBe(ids[0]);
    unlinkSync(join(dir, 'logs', `${ids[2]}.tsv`));
    expect(it.next().value?.log.logId).toBe(ids[1]);
    expect(() => it.next()).toThrow(InputError);
  });

  it('refuses a bad line of questions.jsonl when opened, naming file and line, before any log is read', () => {
    const { dir } = writeDataset('bad', 2);
    writeFileSync(join(dir, 'questions.jsonl'), JSON.stringify(sampleItem('x', 0)) + '\n{"id": \n');
    expect(() => openDatasetForPerturb(dir)).toThrow(/invalid JSON/);
    try {
      openDatasetForPerturb(dir);
    } catch (err) {
      expect((err as InputError).location).toMatchObject({ file: join(dir, 'questions.jsonl'), line: 2 });
    }
  });

  it('is an InputError on a directory without logs/', () => {
    mkdirSync(join(root, 'empty'));
    expect(() => openDatasetForPerturb(join(root, 'empty'))).toThrow(/no logs\//);
  });
});
