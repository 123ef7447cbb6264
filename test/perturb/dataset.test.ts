import { describe, expect, it } from 'vitest';
import { perturbDataset, perturbSourceStream, type PerturbedOutput, type SourceLogWithItems } from '../../src/perturb/dataset.js';
import { generatedSources } from './support/generated.js';

const OPTIONS = { ops: ['splice-day', 'typos', 'balance-offset', 'column-reorder'], severities: [1, 3] as const, seed: 'stream', skipChecks: ['labels'] };

describe('perturbSourceStream', () => {
  const sources = generatedSources(3, 'stream');
  const sorted = [...sources].sort((a, b) => (a.log.logId < b.log.logId ? -1 : 1));

  it('gives the same outputs, in the same order, as perturbDataset (splice donors included), reading sources one at a time', () => {
    const whole = perturbDataset(sources, [], { ...OPTIONS, severities: [...OPTIONS.severities] });
    const pulled: string[] = [];
    const made: Array<{ after: number; output: PerturbedOutput }> = [];
    function* lazy(): Generator<SourceLogWithItems> {
      for (const s of sorted) {
        pulled.push(s.log.logId);
        yield { ...s, items: [] };
      }
    }
    const notApplicable = perturbSourceStream(lazy(), sorted.length, { ...OPTIONS, severities: [...OPTIONS.severities] }, (output) => made.push({ after: pulled.length, output }));
    expect(made.map((m) => m.output)).toEqual(whole.outputs);
    expect(notApplicable).toEqual(whole.notApplicable);
    // the first log is perturbed once its donor (the second) has been read, not after the whole dataset
    const firstSource = made.filter((m) => m.output.record.source_log_id === sorted[0].log.logId);
    expect(firstSource.length).toBeGreaterThan(0);
    for (const m of firstSource) expect(m.after).toBe(2);
  });

  it('refuses sources out of log-id order', () => {
    const reversed = [...sorted].reverse().map((s) => ({ ...s, items: [] }));
    expect(() => perturbSourceStream(reversed, reversed.length, { ...OPTIONS, severities: [1] }, () => {})).toThrow(/log-id order/);
  });

  it('perturbs a single source without a donor', () => {
    const made: PerturbedOutput[] = [];
    perturbSourceStream([{ ...sorted[0], items: [] }], 1, { ...OPTIONS, ops: ['typos'], severities: [1] }, (o) => made.push(o));
    expect(made).toHaveLength(1);
    expect(made[0].record.source_log_id).toBe(sorted[0].log.logId);
  });
});
