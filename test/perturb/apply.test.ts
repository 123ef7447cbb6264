import { describe, expect, it } from 'vitest';
import { parseLogText } from '../../src/reader/parse-log.js';
import { perturbLog, perturbedLogId } from '../../src/perturb/apply.js';
import { formatToDialect } from '../../src/perturb/format-dialect.js';
import { OPERATORS } from '../../src/perturb/operators/index.js';
import type { LogRow } from '../../src/schema/log-row.js';
import type { PerturbEdit } from '../../src/schema/perturb-manifest.js';
import { donorLog, fixtureLabels, fixtureLog } from './support/fixture.js';
import { generatedSources } from './support/generated.js';

const SEVERITIES = [1, 2, 3, 4, 5] as const;
const PRESERVING = OPERATORS.filter((o) => o.kind === 'preserving');

/** Undoes text-noise edits (after → before, per row and column): the round trip for typos and mojibake. */
function revert(rows: readonly LogRow[], edits: readonly PerturbEdit[]): LogRow[] {
  const out = rows.map((r) => ({ ...r }));
  for (const e of edits) {
    if ((e.op !== 'typos' && e.op !== 'mojibake') || e.action !== 'update' || (e.column !== 'remark' && e.column !== 'counterparty') || e.row === undefined) continue;
    expect(out[e.row - 1][e.column]).toBe(e.after);
    out[e.row - 1][e.column] = e.before!;
  }
  return out;
}

describe('perturbLog', () => {
  it('is deterministic: the same seed gives byte-identical text and record', () => {
    for (const op of OPERATORS) {
      const a = perturbLog({ log: fixtureLog(), labels: fixtureLabels(), donor: donorLog() }, [{ op: op.id, severity: 4 }], { seed: 's1' });
      const b = perturbLog({ log: fixtureLog(), labels: fixtureLabels(), donor: donorLog() }, [{ op: op.id, severity: 4 }], { seed: 's1' });
      expect(a!.text, op.id).toBe(b!.text);
      expect(JSON.stringify(a!.record), op.id).toBe(JSON.stringify(b!.record));
    }
  });

  it('draws differently under another seed (for operators that draw)', () => {
    const drawn = ['typos', 'mojibake', 'extra-whitespace', 'drop-rows', 'balance-offset', 'orphan-refund', 'empty-cell'];
    for (const op of drawn) {
      const texts = new Set(['s1', 's2', 's3', 's4'].map((seed) => perturbLog({ log: fixtureLog(), labels: fixtureLabels() }, [{ op, severity: 5 }], { seed })!.text));
      expect(texts.size, op).toBeGreaterThan(1);
    }
  });

  it('never modifies its input', () => {
    const log = fixtureLog();
    const labels = fixtureLabels();
    const before = JSON.stringify([log, labels]);
    for (const op of OPERATORS) perturbLog({ log, labels, donor: donorLog() }, [{ op: op.id, severity: 5 }], { seed: 'x' });
    expect(JSON.stringify([log, labels])).toBe(before);
  });

  it('names the perturbed log after its source and steps, and composes steps in stage order', () => {
    expect(perturbedLogId('p000001', [{ op: 'typos', severity: 2 }])).toBe('p000001--typos-s2');
    const p = perturbLog({ log: fixtureLog(), labels: fixtureLabels() }, [{ op: 'crlf-bom', severity: 1 }, { op: 'balance-offset', severity: 2 }], { seed: 'x' })!;
    expect(p.logId).toBe('fx001--crlf-bom-s1+balance-offset-s2');
    expect(p.record.steps.map((s) => s.op)).toEqual(['balance-offset', 'crlf-bom']);
    expect(p.record.preserving).toBe(false);
    expect(p.text).toContain('\r\n');
  });

  it('honours a rate override', () => {
    const p = perturbLog({ log: fixtureLog(), labels: fixtureLabels() }, [{ op: 'duplicate-rows', severity: 1, rate: 0.5 }], { seed: 'x' })!;
    expect(p.record.edits).toHaveLength(6); // round(0.5 × 12) rows duplicated
    expect(p.record.steps[0].rate).toBe(0.5);
  });
});

describe('preserving operators round-trip exactly', () => {
  const sources = [{ log: fixtureLog(), labels: fixtureLabels() }, ...generatedSources(4)];
  for (const op of PRESERVING) {
    it(`${op.id}: the file read with its dialect (and with the canonical reader) gives the source log back`, () => {
      for (const src of sources) {
        for (const severity of SEVERITIES) {
          const p = perturbLog(src, [{ op: op.id, severity }], { seed: 'rt' });
          if (!p) continue; // text noise on a log with nothing to garble
          const own = parseLogText(p.text, { file: 'x.tsv', dialect: formatToDialect(p.format, p.logId) });
          const canonical = parseLogText(p.text, { file: 'x.tsv' });
          expect(own.issues.filter((i) => i.severity === 'error'), `${op.id} s${severity} ${src.log.logId}`).toEqual([]);
          expect(canonical.issues.filter((i) => i.severity === 'error'), `${op.id} s${severity} ${src.log.logId}`).toEqual([]);
          expect(own.logs[0].rows).toEqual(p.log.rows);
          expect(canonical.logs[0].rows).toEqual(p.log.rows);
          expect(revert(p.log.rows, p.record.edits)).toEqual(src.log.rows);
        }
      }
    });
  }
});
