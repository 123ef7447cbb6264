import { describe, expect, it } from 'vitest';
import { perturbDataset } from '../../src/perturb/dataset.js';
import { detectionMatrix, formatMatrixTable } from '../../src/perturb/matrix.js';
import { OPERATORS } from '../../src/perturb/operators/index.js';
import { generatedSources } from './support/generated.js';

const CORRUPTING = OPERATORS.filter((o) => o.kind === 'corrupting').map((o) => o.id);
const PRESERVING = OPERATORS.filter((o) => o.kind === 'preserving').map((o) => o.id);

describe('detectionMatrix on a 200-log generated dataset', () => {
  // 200 logs × 18 corrupting operators, each pair at one of severities 1, 3, 5 in rotation (3,600 perturbed logs,
  // about 67 per operator × severity). The labels check (the 16 detectors re-run) is skipped to keep the run short:
  // it raises no expected code. Every cell must be caught, and by its expected code.
  const sources = generatedSources(200);
  it(
    'detects every corrupting operator at severities 1, 3 and 5, by the expected code',
    () => {
      const res = perturbDataset(sources, [], { ops: CORRUPTING, severities: [1, 3, 5], seed: 'matrix', cover: 'rotate', skipChecks: ['labels'] });
      const m = detectionMatrix(res.summaries, res.notApplicable);
      console.log(formatMatrixTable(m));
      expect(m.cells).toHaveLength(CORRUPTING.length * 3);
      for (const c of m.cells) {
        expect(c.applied, `${c.op} s${c.severity}`).toBeGreaterThan(0);
        expect(c.missed, `${c.op} s${c.severity}`).toBe(0);
        expect(c.expected, `${c.op} s${c.severity}`).toBe(c.applied);
      }
      expect(m.pass).toBe(true);
    },
    600_000,
  );

  it(
    'reads every preserving perturbation back exactly, with findings but no errors',
    () => {
      const res = perturbDataset(sources.slice(0, 24), [], { ops: PRESERVING, severities: [1, 3, 5], seed: 'matrix', cover: 'rotate', skipChecks: ['labels'] });
      const m = detectionMatrix(res.summaries, res.notApplicable);
      console.log(formatMatrixTable(m));
      for (const c of m.cells) {
        expect(c.roundTrip, `${c.op} s${c.severity}`).toBe(c.applied);
        expect(c.withErrors, `${c.op} s${c.severity}`).toBe(0);
      }
      const findings = Object.fromEntries(m.cells.filter((c) => c.severity === 3).map((c) => [c.op, c.codes]));
      expect(findings['column-reorder']).toEqual(['HEADER_FORMAT']);
      expect(findings['date-format']).toEqual(['TIMESTAMP_FORMAT']);
      expect(findings['decimal-comma']).toEqual(['NUMBER_FORMAT']);
      expect(findings['crlf-bom']).toEqual(['ENCODING']);
      expect(findings['extra-whitespace']).toEqual(['WHITESPACE']);
      expect(m.pass).toBe(true);
    },
    600_000,
  );
});
