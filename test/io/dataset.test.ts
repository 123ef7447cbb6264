import { describe, expect, it } from 'vitest';
import { datasetFiles, dialectFileOf, joinLabelFacts, logFileOf } from '../../src/io/dataset.js';
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
