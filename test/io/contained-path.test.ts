import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { loadEvalDataset } from '../../src/io/eval-dataset.js';
import { insideDataset } from '../../src/io/contained-path.js';
import { Item } from '../../src/schema/item.js';
import { LogLabels } from '../../src/schema/labels.js';
import { readRobustnessSide } from '../../src/io/perturb-dataset.js';
import { writeFixtureDataset } from '../eval/fixtures.js';

const TRAVERSALS = ['../../outside/secret', '..', '.', 'a/b', 'a\\b', '/etc/passwd', 'x.tsv', 'p 1', '', 'C:\\x', 'p000\u0000'];

describe('ids that name files are letters, digits, _ and - only (D3)', () => {
  it('refuses traversal and separator ids in items and labels, and keeps ordinary ones', () => {
    const item = JSON.parse(readFileSync(join(writeFixtureDataset(1).dir, 'questions.jsonl'), 'utf8').split('\n')[0]) as Record<string, unknown>;
    expect(Item.safeParse(item).success).toBe(true);
    for (const bad of TRAVERSALS) {
      expect(Item.safeParse({ ...item, log_id: bad }).success, bad).toBe(false);
      expect(Item.safeParse({ ...item, id: bad }).success, bad).toBe(false);
      expect(LogLabels.shape.log_id.safeParse(bad).success, bad).toBe(false);
    }
    for (const ok of ['p000017', 'p000017-q04--balance-offset-s3', 'L_01']) expect(Item.safeParse({ ...item, id: ok, log_id: ok }).success).toBe(true);
  });
});

describe('insideDataset: every path built from data stays inside its dataset (D3)', () => {
  const root = mkdtempSync(join(tmpdir(), 'cclupe-contained-'));
  mkdirSync(join(root, 'ds', 'logs'), { recursive: true });
  mkdirSync(join(root, 'outside'));
  writeFileSync(join(root, 'outside', 'secret.tsv'), 'secret');
  symlinkSync(join(root, 'outside', 'secret.tsv'), join(root, 'ds', 'logs', 'linked.tsv'));
  const ds = join(root, 'ds');

  it('resolves a path under the dataset, and refuses one that leaves it lexically or through a symlink', () => {
    expect(insideDataset(ds, 'log a', 'logs', 'a.tsv')).toBe(join(ds, 'logs', 'a.tsv'));
    expect(() => insideDataset(ds, 'log x', 'logs', '../../outside/secret.tsv')).toThrow(/log x points outside the dataset directory/);
    expect(() => insideDataset(ds, 'log linked', 'logs', 'linked.tsv')).toThrow(/symlink out of the dataset directory/);
  });

  it('makes eval refuse a questions.jsonl whose log_id climbs out, and a log that is a symlink out, before any request', () => {
    const { dir } = writeFixtureDataset(1);
    const q = join(dir, 'questions.jsonl');
    const lines = readFileSync(q, 'utf8').trim().split('\n');
    const bad = { ...JSON.parse(lines[0]), log_id: '../../outside/secret' };
    writeFileSync(q, [JSON.stringify(bad), ...lines.slice(1)].join('\n') + '\n');
    expect(() => loadEvalDataset(dir)).toThrow(InputError);
    expect(() => loadEvalDataset(dir)).toThrow(/log_id: must hold only letters, digits/);
    const { dir: linked } = writeFixtureDataset(1);
    const first = JSON.parse(readFileSync(join(linked, 'questions.jsonl'), 'utf8').split('\n')[0]) as { log_id: string };
    const target = join(linked, 'logs', `${first.log_id}.tsv`);
    writeFileSync(join(root, 'outside', 'copy.tsv'), readFileSync(target));
    rmSync(target);
    symlinkSync(join(root, 'outside', 'copy.tsv'), target);
    expect(() => loadEvalDataset(linked)).toThrow(/symlink out of the dataset directory/);
  });

  it('records the dataset as an absolute path, and reads a relative one in an older run manifest from the run directory', () => {
    const { dir } = writeFixtureDataset(1);
    expect(loadEvalDataset(dir).dir).toBe(dir);
    const runs = mkdtempSync(join(tmpdir(), 'cclupe-runs-'));
    mkdirSync(join(runs, 'r'));
    mkdirSync(join(runs, 'ds'));
    writeFileSync(join(runs, 'ds', 'questions.jsonl'), readFileSync(join(dir, 'questions.jsonl')));
    writeFileSync(join(runs, 'r', 'predictions.jsonl'), '');
    writeFileSync(join(runs, 'r', 'manifest.json'), JSON.stringify({ dataset: { dir: '../ds' } }));
    const side = readRobustnessSide(join(runs, 'r'), undefined, undefined, '1');
    expect(side.dataset).toBe(join(runs, 'ds'));
    expect(side.items.length).toBeGreaterThan(0);
  });
});
