import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEvalDataset } from '../../src/io/eval-dataset.js';
import { questionsRenderer } from '../../src/eval/prompt.js';
import { verbatimRenderer } from '../../src/eval/verbatim-renderer.js';
import { writeFixtureDataset } from '../eval/fixtures.js';

describe('loadEvalDataset', () => {
  it('keeps no file text for logs written in the canonical form', () => {
    const ds = writeFixtureDataset(2);
    expect(loadEvalDataset(ds.dir).texts.size).toBe(0);
  });

  it('reads a reformatted log with its own dialect and keeps its file text for a verbatim prompt', () => {
    const ds = writeFixtureDataset(1);
    const logId = ds.items[0].log_id;
    const path = join(ds.dir, 'logs', `${logId}.tsv`);
    const canonical = readFileSync(path, 'utf8');
    // The same log with ';' as separator and the columns in another order, as a perturbation would write it.
    const lines = canonical.trimEnd().split('\n').map((l) => l.split('\t'));
    const order = [1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const reformatted = lines.map((cells) => order.map((i) => cells[i]).join(';')).join('\n') + '\n';
    writeFileSync(path, reformatted);
    mkdirSync(join(ds.dir, 'dialects'), { recursive: true });
    const canonicalDialect = JSON.parse(readFileSync(new URL('../../dialects/canonical.json', import.meta.url), 'utf8'));
    writeFileSync(join(ds.dir, 'dialects', `${logId}.json`), JSON.stringify({ ...canonicalDialect, separator: ';' }));

    const before = loadEvalDataset(writeFixtureDataset(1).dir);
    const after = loadEvalDataset(ds.dir);
    expect(after.logs.get(logId)!.rows).toEqual(before.logs.get(logId)!.rows);
    expect(after.texts.get(logId)).toBe(reformatted);

    const messages = verbatimRenderer(questionsRenderer, after.texts).single(ds.items[0], after.logs.get(logId)!, 'third');
    const user = messages.find((m) => m.role === 'user')!.content as string;
    expect(user).toContain(reformatted.trimEnd());
    expect(user).not.toContain(canonical.split('\n')[1]);
  });
});
