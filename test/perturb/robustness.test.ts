import { describe, expect, it } from 'vitest';
import { analyzeRobustness } from '../../src/perturb/robustness.js';
import { INTEGRITY_TEMPLATE_ID } from '../../src/perturb/integrity.js';
import type { Item } from '../../src/schema/item.js';
import type { PerturbRecord } from '../../src/schema/perturb-manifest.js';

function item(id: string, logId: string, answer: string[], template = 'fixture'): Item {
  return {
    id, log_id: logId, client_kind: 'personal', format: answer.length > 1 ? 'multi' : 'single', stem: 'Which holds?', stem_first_person: 'Which holds for me?',
    options: ['A', 'B', 'C', 'D'].map((key) => ({ key, text: `option ${key}` })), answer, domain: 'stability', sub_domain: 'others',
    perspective: 'p', logic: 'l', cognition: 'memory', difficulty: 'L', steps: 2, evidence: [], template: { id: template, version: 1 }, program: ['x'],
  };
}

function record(logId: string, source: string, op: string, severity: number, items: Array<{ id: string; source_id: string | null }>, preserving: boolean): PerturbRecord {
  return {
    log_id: logId, source_log_id: source, status: 'applied', seed_key: 'k', steps: [{ op, kind: preserving ? 'preserving' : 'corrupting', severity, rate: 0, params: {} }],
    preserving, keeps_questions: preserving, edits: [], rows_touched: [], columns_touched: [], expected_codes: [], integrity: [], dialect: null, items,
  };
}

describe('analyzeRobustness', () => {
  // Two source logs, two single-choice items each (gold A). Clean run: all four right (S = 1).
  // Perturbed by typos: log L1's two items answered B (S = max(0, 0 − 2·1) = 0), log L2's unchanged.
  // Paired Δ per item: −1, −1, 0, 0 → mean −0.5; changed 2 of 4 = 0.5.
  const clean = [item('L1-q1', 'L1', ['A']), item('L1-q2', 'L1', ['A']), item('L2-q1', 'L2', ['A']), item('L2-q2', 'L2', ['A'])];
  const pert = [
    item('L1-q1--typos-s1', 'L1--typos-s1', ['A']), item('L1-q2--typos-s1', 'L1--typos-s1', ['A']),
    item('L2-q1--typos-s1', 'L2--typos-s1', ['A']), item('L2-q2--typos-s1', 'L2--typos-s1', ['A']),
    item('L1--drop-rows-s1-integrity', 'L1--drop-rows-s1', ['A', 'C'], INTEGRITY_TEMPLATE_ID),
    item('L2--drop-rows-s1-integrity', 'L2--drop-rows-s1', ['B'], INTEGRITY_TEMPLATE_ID),
  ];
  const records = [
    record('L1--typos-s1', 'L1', 'typos', 1, [{ id: 'L1-q1--typos-s1', source_id: 'L1-q1' }, { id: 'L1-q2--typos-s1', source_id: 'L1-q2' }], true),
    record('L2--typos-s1', 'L2', 'typos', 1, [{ id: 'L2-q1--typos-s1', source_id: 'L2-q1' }, { id: 'L2-q2--typos-s1', source_id: 'L2-q2' }], true),
    record('L1--drop-rows-s1', 'L1', 'drop-rows', 1, [{ id: 'L1--drop-rows-s1-integrity', source_id: null }], false),
    record('L2--drop-rows-s1', 'L2', 'drop-rows', 1, [{ id: 'L2--drop-rows-s1-integrity', source_id: null }], false),
  ];
  const cleanPredictions = clean.map((i) => ({ item_id: i.id, selected: ['A'] }));
  const perturbedPredictions = [
    { item_id: 'L1-q1--typos-s1', selected: ['B'] }, { item_id: 'L1-q2--typos-s1', selected: ['B'] },
    { item_id: 'L2-q1--typos-s1', selected: ['A'] }, { item_id: 'L2-q2--typos-s1', selected: ['A'] },
    // integrity: L1 answers A only: S = 1/2 − 0 = 0.5, not exact; L2 answers B: S = 1, exact → accuracy 0.5, mean S 0.75
    { item_id: 'L1--drop-rows-s1-integrity', selected: ['A'] }, { item_id: 'L2--drop-rows-s1-integrity', selected: ['B'] },
  ];
  const report = analyzeRobustness({ cleanItems: clean, cleanPredictions, perturbedItems: pert, perturbedPredictions, records }, { bootstrap: { seed: 't', replicates: 400, level: 0.95 } });
  const row = (op: string, severity: number | null) => report.rows.find((r) => r.op === op && r.severity === severity)!;

  it('gives the paired difference and the share of changed answers per operator', () => {
    expect(row('typos', null)).toMatchObject({ pairs: 4, clean: 1, perturbed: 0.5, delta: -0.5, changed: 0.5, logs: 2, missing: 0 });
    expect(row('typos', 1).delta).toBe(-0.5);
  });

  it('bootstraps Δ over source logs: with two logs (Δ −1 and 0) the CI spans [−1, 0]', () => {
    // resampling two clusters gives means −1 (L1 twice), −0.5 or 0 (L2 twice), so the 95% interval is [−1, 0]
    expect(row('typos', null).delta_ci).toEqual({ lo: -1, hi: 0 });
  });

  it('gives integrity-item accuracy (exact match) and mean S_item', () => {
    expect(row('drop-rows', null).integrity).toEqual({ items: 2, accuracy: 0.5, score: 0.75 });
    expect(row('drop-rows', null).pairs).toBe(0);
    expect(row('drop-rows', null).delta).toBeNull();
  });

  it('scores a missing prediction as an empty selection and counts it', () => {
    const r = analyzeRobustness({ cleanItems: clean, cleanPredictions, perturbedItems: pert, perturbedPredictions: perturbedPredictions.slice(1), records }, { bootstrap: false });
    const t = r.rows.find((x) => x.op === 'typos' && x.severity === null)!;
    expect(t.missing).toBe(1);
    expect(t.delta).toBe(-0.5);
    expect(t.delta_ci).toBeNull();
  });
});
