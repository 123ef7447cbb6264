import { createRng, streamKey } from '../random/rng.js';
import type { LogLabels } from '../schema/labels.js';
import type { Log, LogRow } from '../schema/log-row.js';
import type { PerturbEdit, PerturbRecord, PerturbStep } from '../schema/perturb-manifest.js';
import { CANONICAL_COLUMNS } from '../schema/transaction-types.js';
import { CANONICAL_FORMAT, isCanonicalFormat, type FormatSpec } from './format-spec.js';
import { getOperator } from './operators/index.js';
import { formatLogTsv } from '../log/format-tsv.js';
import { renderTable, serializeTable } from './render.js';
import type { CellTable, LogState, Operator, OperatorContext, SeverityLevel } from './types.js';

/** One operator to apply, at a severity; `rate` overrides the severity table's rate. */
export interface PerturbRequest {
  op: string;
  severity: SeverityLevel;
  rate?: number;
}

/** What a perturbation starts from: a canonical log, its labels when known, and a donor log for splicing. */
export interface PerturbSource {
  log: Log;
  labels: LogLabels | null;
  donor?: Log | null;
}

/** Options of `perturbLog`. */
export interface PerturbOptions {
  /** Master seed; each step draws from its own stream keyed by (seed, source log id, op, severity, attempt). */
  seed: string;
  /** Id of the perturbed log; defaults to `perturbedLogId(source id, requests)`. */
  logId?: string;
  /**
   * For steps that keep the questions: accepts or rejects the perturbed canonical log (e.g. "every signal detector
   * still says the same"). A rejected attempt is redrawn on the next stream, up to `maxAttempts` times.
   */
  guard?: (original: Log, perturbed: Log) => boolean;
  maxAttempts?: number;
}

/** A perturbed log: the file text, the canonical log it stands for, its format, labels and manifest record. */
export interface PerturbedLog {
  logId: string;
  /** The file as written (UTF-8 text; BOM and CRLF included when the format says so). */
  text: string;
  /** The canonical log after value-level steps: what a preserving file must parse back to. */
  log: Log;
  labels: LogLabels | null;
  format: FormatSpec;
  record: PerturbRecord;
}

const STAGE_ORDER = { log: 0, format: 1, cells: 2 } as const;

/** The id of a perturbed log: `<source>--<op>-s<severity>`, steps joined by `+`. */
export function perturbedLogId(sourceId: string, requests: readonly PerturbRequest[]): string {
  return `${sourceId}--${requests.map((r) => `${r.op}-s${r.severity}`).join('+')}`;
}

function rateFor(op: Operator, params: Record<string, unknown>, req: PerturbRequest): number {
  if (req.rate !== undefined) return req.rate;
  return typeof params.rate === 'number' ? params.rate : 0;
}

/**
 * The canonical text of every cell but `log_id` (which a format never changes), per row: what `formatEdits` compares
 * a formatted table with. Kept per rows array, so that the operators and severities of one source log, whose format
 * steps all leave its rows as they are, render them once.
 */
const canonicalCells = new WeakMap<LogRow[], string[][]>();

function canonicalCellsOf(rows: LogRow[]): string[][] {
  let cells = canonicalCells.get(rows);
  if (!cells) {
    cells = renderTable({ rows, logId: '' }, CANONICAL_FORMAT).rows;
    canonicalCells.set(rows, cells);
  }
  return cells;
}

/**
 * Edits that a format change implies: per column, how many cells read differently, with the first as example.
 * `now` is the log's table rendered in `format`.
 */
function formatEdits(log: Pick<Log, 'rows'>, format: FormatSpec, now: CellTable, ops: string): PerturbEdit[] {
  if (isCanonicalFormat(format)) return [];
  const edits: PerturbEdit[] = [];
  const canon = canonicalCellsOf(log.rows);
  CANONICAL_COLUMNS.forEach((c, k) => {
    const j = now.columns.indexOf(c);
    if (j !== k || format.headerNames[c] !== c) {
      edits.push({ op: ops, action: 'header', column: c, before: `${c} @${k + 1}`, after: `${format.headerNames[c]} @${j + 1}` });
    }
    if (c === 'log_id') return; // the same id in every format
    let count = 0;
    let first = -1;
    for (let i = 0; i < log.rows.length; i++) {
      if (canon[i][k] !== now.rows[i][j]) {
        count++;
        if (first < 0) first = i;
      }
    }
    if (count > 0) edits.push({ op: ops, action: 'format', column: c, row: first + 1, count, before: canon[first][k], after: now.rows[first][j] });
  });
  if (format.bom) edits.push({ op: ops, action: 'bytes', before: null, after: 'EF BB BF', note: 'UTF-8 byte-order mark' });
  if (format.lineEnding !== '\n') edits.push({ op: ops, action: 'bytes', before: 'LF', after: 'CRLF', note: 'line endings' });
  return edits;
}

/** One try at the steps; the text names its rows' log `logId` (the perturbed log's id, not the source's). */
function attempt(source: PerturbSource, requests: readonly PerturbRequest[], seed: string, attemptNo: number, logId: string) {
  const named = (log: Log): Pick<Log, 'rows' | 'logId'> => ({ rows: log.rows, logId });
  const ordered = requests
    .map((r, i) => ({ r, i, op: getOperator(r.op) }))
    .sort((a, b) => STAGE_ORDER[a.op.stage] - STAGE_ORDER[b.op.stage] || a.i - b.i);
  let state: LogState = { log: source.log, labels: source.labels, donor: source.donor ?? null };
  let format: FormatSpec = CANONICAL_FORMAT;
  let table: CellTable | null = null;
  const steps: PerturbStep[] = [];
  const edits: PerturbEdit[] = [];
  const keyParts = [seed, source.log.logId];
  for (const { r, op } of ordered) {
    const params = op.severityParams[r.severity - 1] as Record<string, unknown>;
    const key = [...keyParts, op.id, `s${r.severity}`, ...(attemptNo > 0 ? [`a${attemptNo}`] : [])];
    const ctx: OperatorContext = { rng: createRng(streamKey(...key)), severity: r.severity, rate: rateFor(op, params, r) };
    let used: Record<string, unknown>;
    if (op.stage === 'log') {
      const out = op.apply(state, params, ctx);
      if (!out) return null;
      state = out.state;
      for (const x of out.edits) edits.push(x);
      used = out.params;
    } else if (op.stage === 'format') {
      const out = op.apply(format, params, ctx);
      if (!out) return null;
      format = out.state;
      used = out.params;
    } else {
      if (!table) {
        table = renderTable(named(state.log), format);
        for (const x of formatEdits(state.log, format, table, ordered.filter((o) => o.op.stage === 'format').map((o) => o.op.id).join('+'))) edits.push(x);
      }
      const out = op.apply(table, params, ctx);
      if (!out) return null;
      table = out.state;
      for (const x of out.edits) edits.push(x);
      used = out.params;
    }
    steps.push({ op: op.id, kind: op.kind, severity: r.severity, rate: op.usesRate ? ctx.rate : 0, params: used });
  }
  let text: string;
  if (table) text = serializeTable(table);
  else if (isCanonicalFormat(format)) text = formatLogTsv(named(state.log)); // the common case: no table needed
  else {
    table = renderTable(named(state.log), format);
    for (const x of formatEdits(state.log, format, table, ordered.filter((o) => o.op.stage === 'format').map((o) => o.op.id).join('+'))) edits.push(x);
    text = serializeTable(table);
  }
  return { state, text, format: table ? table.format : format, steps, edits, ops: ordered.map((o) => o.op), seedKey: [...keyParts, ...(attemptNo > 0 ? [`a${attemptNo}`] : [])].join('/') };
}

/**
 * Applies perturbation steps to one log: value-level steps on the canonical log, then format steps, then cell steps,
 * each on its own seeded stream. Returns null when an operator finds nothing to work on in this log.
 * Pure: same source, requests and seed give byte-identical text and record.
 */
export function perturbLog(source: PerturbSource, requests: readonly PerturbRequest[], options: PerturbOptions): PerturbedLog | null {
  if (requests.length === 0) throw new RangeError('perturbLog requires at least one step');
  const logId = options.logId ?? perturbedLogId(source.log.logId, requests);
  const guarded = requests.every((r) => getOperator(r.op).keepsQuestions) && options.guard !== undefined;
  const tries = guarded ? (options.maxAttempts ?? 4) : 1;
  for (let a = 0; a < tries; a++) {
    const done = attempt(source, requests, options.seed, a, logId);
    if (!done) return null;
    if (guarded && !options.guard!(source.log, done.state.log)) continue;
    const { state, text, format, steps, edits, ops } = done;
    const touchedRows = new Set<number>();
    const touchedCols = new Set<string>();
    for (const e of edits) {
      if (e.row !== undefined && (e.action === 'update' || e.action === 'insert' || e.action === 'move')) touchedRows.add(e.row);
      if (e.column !== undefined) touchedCols.add(e.column);
    }
    const log: Log = { ...state.log, logId };
    const labels = state.labels ? { ...state.labels, log_id: logId, rows: state.log.rows.length } : null;
    const corrupting = ops.filter((o) => o.kind === 'corrupting');
    const record: PerturbRecord = {
      log_id: logId,
      source_log_id: source.log.logId,
      status: 'applied',
      seed_key: done.seedKey,
      steps,
      preserving: corrupting.length === 0,
      keeps_questions: ops.every((o) => o.keepsQuestions),
      edits,
      rows_touched: [...touchedRows].sort((x, y) => x - y),
      columns_touched: [...touchedCols].sort(),
      expected_codes: [...new Set(corrupting.flatMap((o) => o.expectedCodes))].sort(),
      integrity: [...new Set(corrupting.flatMap((o) => o.integrity))].sort(),
      dialect: null,
    };
    return { logId, text, log, labels, format, record };
  }
  return null;
}
