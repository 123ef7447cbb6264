import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPredictionIds, readPredictionsFile, readQuestionsForScoring, readRunScoresFile } from '../../src/io/predictions.js';
import { baselinePredictions } from '../../src/score/baselines.js';
import { scoreRun } from '../../src/score/score-run.js';
import { makeItem } from './make-item.js';

const dir = mkdtempSync(join(tmpdir(), 'cclupe-score-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};

describe('readPredictionsFile', () => {
  it('reads records and remembers their lines, skipping blank ones', () => {
    const f = write('p.jsonl', '\n{"item_id":"a","selected":["A"]}\r\n\n{"item_id":"b","value":2.5,"status":"answered"}\n');
    const r = readPredictionsFile(f);
    expect(r.predictions).toEqual([
      { item_id: 'a', selected: ['A'] },
      { item_id: 'b', value: 2.5, status: 'answered' },
    ]);
    expect(r.lines).toEqual([2, 4]);
  });

  it('names file and line of a repeated item id', () => {
    const f = write('dup.jsonl', '{"item_id":"a"}\n{"item_id":"b"}\n{"item_id":"a"}\n');
    expect(() => readPredictionsFile(f)).toThrow('item_id: duplicate prediction for a (first on line 1)');
    try {
      readPredictionsFile(f);
    } catch (err) {
      expect((err as { format(): string }).format()).toBe(`${f}:3:1: item_id: duplicate prediction for a (first on line 1)`);
    }
  });

  it('rejects an unknown status', () => {
    const f = write('st.jsonl', '{"item_id":"a","status":"maybe"}\n');
    expect(() => readPredictionsFile(f)).toThrow(/status/);
  });

  it('turns a missing file into an input error', () => {
    expect(() => readPredictionsFile(join(dir, 'nope.jsonl'))).toThrow('no such file');
  });
});

describe('checkPredictionIds', () => {
  it('names the line of a prediction for an unknown item', () => {
    const r = readPredictionsFile(write('u.jsonl', '{"item_id":"a"}\n{"item_id":"zz"}\n'));
    expect(() => checkPredictionIds(r, new Set(['a']))).toThrow('item_id: no question with id zz');
  });
});

describe('readRunScoresFile', () => {
  const items = [makeItem({ id: 'q1' })];
  const scores = scoreRun(items, baselinePredictions('oracle', items), {}, { label: 'm', bootstrap: false });

  it('reads a RunScores file and one embedded under "scores" in a run results.json', () => {
    expect(readRunScoresFile(write('s.json', JSON.stringify(scores)))).toEqual(scores);
    const run = { schema: 'cclupe-run-results/1', model: 'm', scores, items: [] };
    expect(readRunScoresFile(write('results.json', JSON.stringify(run)))).toEqual(scores);
  });

  it('names the first bad field of something else', () => {
    expect(() => readRunScoresFile(write('x.json', '{"schema":"cclupe-scores/1"}'))).toThrow(/expected cclupe score results/);
    expect(() => readRunScoresFile(write('y.json', '{'))).toThrow(/invalid JSON/);
  });
});

describe('readQuestionsForScoring', () => {
  it('validates each question line', () => {
    const good = JSON.stringify(makeItem({ id: 'q1' }));
    expect(readQuestionsForScoring(write('q.jsonl', good + '\n'))).toHaveLength(1);
    expect(() => readQuestionsForScoring(write('bad.jsonl', good + '\n{"id":"q2"}\n'))).toThrow();
  });
});
