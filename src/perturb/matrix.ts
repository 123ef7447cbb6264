import type { PerturbRecord } from '../schema/perturb-manifest.js';
import type { PerturbSummary } from './dataset.js';
import type { OperatorKind } from './types.js';

/** One cell of the detection matrix: one operator at one severity, over every log it applied to. */
export interface MatrixCell {
  op: string;
  kind: OperatorKind;
  severity: number;
  /** Perturbed logs written. */
  applied: number;
  /** Source logs the operator found nothing to work on in (no file written). */
  notApplicable: number;
  /** Corrupting: caught by an expected code (error severity). */
  expected: number;
  /** Corrupting: caught only by other error codes. */
  other: number;
  /** Corrupting: no error at all. */
  missed: number;
  /** Preserving: read back through the emitted dialect to exactly the source log. */
  roundTrip: number;
  /** Preserving: logs with any error (must be 0: format changes are findings, not errors). */
  withErrors: number;
  /** Error codes seen (corrupting) or finding codes seen (preserving), sorted. */
  codes: string[];
}

/** The matrix and whether it meets SPEC §9: every corrupting cell fully detected, every preserving cell clean. */
export interface DetectionMatrix {
  cells: MatrixCell[];
  pass: boolean;
}

type CellTally = MatrixCell & { seen: Set<string> };

/**
 * Builds the detection matrix one perturbed log at a time (`add`), so a streaming run keeps a few counters per
 * operator × severity instead of every record; `build` adds the not-applicable records and gives the same matrix as
 * `detectionMatrix` on the same summaries.
 */
export class DetectionMatrixBuilder {
  private readonly cells = new Map<string, CellTally>();

  private cell(r: Pick<PerturbRecord, 'steps'>): CellTally {
    const step = r.steps[0];
    const key = `${step.op}\u0000${step.severity}`;
    let c = this.cells.get(key);
    if (!c) {
      c = { op: step.op, kind: step.kind, severity: step.severity, applied: 0, notApplicable: 0, expected: 0, other: 0, missed: 0, roundTrip: 0, withErrors: 0, codes: [], seen: new Set() };
      this.cells.set(key, c);
    }
    return c;
  }

  /** Counts one perturbed log. */
  add(o: PerturbSummary): void {
    const c = this.cell(o.record);
    c.applied++;
    if (c.kind === 'corrupting') {
      if (o.check.errors.some((code) => o.record.expected_codes.includes(code))) c.expected++;
      else if (o.check.errors.length > 0) c.other++;
      else c.missed++;
      for (const code of o.check.errors) c.seen.add(code);
    } else {
      if (o.check.roundTrip) c.roundTrip++;
      if (o.check.errors.length > 0) c.withErrors++;
      for (const code of [...o.check.findings, ...o.check.errors]) c.seen.add(code);
    }
  }

  /**
   * The matrix, per operator × severity: operators in order of first appearance (perturbed logs first, then the
   * not-applicable records), severities ascending. A corrupting cell passes when `missed` is 0; a preserving cell
   * when every log round-trips and none has an error.
   */
  build(notApplicable: readonly PerturbRecord[]): DetectionMatrix {
    for (const r of notApplicable) this.cell(r).notApplicable++;
    const opOrder = new Map<string, number>();
    for (const c of this.cells.values()) if (!opOrder.has(c.op)) opOrder.set(c.op, opOrder.size);
    const out: MatrixCell[] = [...this.cells.values()]
      .sort((a, b) => opOrder.get(a.op)! - opOrder.get(b.op)! || a.severity - b.severity)
      .map(({ seen, ...c }) => ({ ...c, codes: [...seen].sort() }));
    const pass = out.every((c) => (c.kind === 'corrupting' ? c.missed === 0 : c.roundTrip === c.applied && c.withErrors === 0));
    return { cells: out, pass };
  }
}

/** Aggregates per-log checks into the detection matrix (see `DetectionMatrixBuilder`). */
export function detectionMatrix(outputs: readonly PerturbSummary[], notApplicable: readonly PerturbRecord[]): DetectionMatrix {
  const b = new DetectionMatrixBuilder();
  for (const o of outputs) b.add(o);
  return b.build(notApplicable);
}

/** The matrix as a Markdown table (the report format of the issue note). */
export function formatMatrixTable(m: DetectionMatrix): string {
  const lines = [
    '| operator | kind | sev | logs | n/a | expected code | other code | missed | round-trip | errors | codes |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const c of m.cells) {
    const corr = c.kind === 'corrupting';
    lines.push(
      `| ${c.op} | ${c.kind} | ${c.severity} | ${c.applied} | ${c.notApplicable} | ${corr ? c.expected : '–'} | ${corr ? c.other : '–'} | ${corr ? c.missed : '–'} | ${corr ? '–' : c.roundTrip} | ${corr ? '–' : c.withErrors} | ${c.codes.join(' ')} |`,
    );
  }
  return lines.join('\n');
}
