import { parseLogText } from '../reader/parse-log.js';
import type { Dialect } from '../schema/dialect.js';
import type { Item } from '../schema/item.js';
import type { LogLabels } from '../schema/labels.js';
import type { Log, LogRow } from '../schema/log-row.js';
import type { PerturbRecord } from '../schema/perturb-manifest.js';
import { SIGNAL_IDS } from '../schema/signal-id.js';
import { detectAll } from '../signals/index.js';
import { validateLog } from '../validate/validate-log.js';
import { perturbLog, perturbedLogId, type PerturbRequest } from './apply.js';
import { formatToDialect } from './format-dialect.js';
import { isCanonicalFormat } from './format-spec.js';
import { buildIntegrityItem } from './integrity.js';
import { getOperator } from './operators/index.js';
import type { SeverityLevel } from './types.js';

/** One source log of a dataset, with its labels (null for foreign logs). */
export interface SourceLog {
  log: Log;
  labels: LogLabels | null;
}

/** Options of `perturbDataset`. */
export interface PerturbDatasetOptions {
  ops: readonly string[];
  severities: readonly SeverityLevel[];
  seed: string;
  /** Overrides every operator's rate. */
  rate?: number;
  /**
   * `all` (default): every log × operator × severity. `rotate`: every log × operator, at one severity per pair,
   * rotating through `severities` (log k, operator j → severities[(k + j) mod n]); n times fewer files, every cell covered.
   */
  cover?: 'all' | 'rotate';
  /** Validator checks to skip (ids from the validator's registry), e.g. `labels` to save the detector re-run. */
  skipChecks?: readonly string[];
  /**
   * Read back and validate the preserving outputs too (default true): only the detection matrix needs it. False
   * leaves their `check` null and saves about half the run (two reads and a validation per file); corrupting
   * outputs are always checked, since their integrity items are built from what the validator finds.
   */
  checkPreserving?: boolean;
  /** Called after each source log is done (for a progress bar); not part of the result. */
  onLog?: (done: number, total: number) => void;
}

/** Issue counts per code, split into errors and findings (warnings and info). */
export interface IssueCounts {
  errors: Map<string, number>;
  findings: Map<string, number>;
}

function countIssues(issues: ReadonlyArray<{ code: string; severity: string }>): IssueCounts {
  const errors = new Map<string, number>();
  const findings = new Map<string, number>();
  for (const i of issues) {
    const m = i.severity === 'error' ? errors : findings;
    m.set(i.code, (m.get(i.code) ?? 0) + 1);
  }
  return { errors, findings };
}

/** Codes whose count grew from `before` to `after` (sorted): what the perturbation added. */
function grown(after: Map<string, number>, before: Map<string, number> | undefined): string[] {
  return [...after].filter(([code, n]) => n > (before?.get(code) ?? 0)).map(([code]) => code).sort();
}

/** The issues the validator raises on a source log itself: perturbation findings are counted on top of these. */
export function baselineIssues(src: SourceLog, skipChecks: readonly string[] = []): IssueCounts {
  const kind = src.labels ? { clientKind: src.labels.client_kind, businessCategory: src.labels.business_category ?? undefined } : {};
  return countIssues(validateLog({ ...src.log, ...kind }, { labels: src.labels, skip: skipChecks }));
}

/** What the validator and the reader said about one perturbed file. */
export interface PerturbCheck {
  /** Error codes the perturbation added: more such errors than on the source log (sorted). */
  errors: string[];
  /** Warning and info codes it added: format findings (sorted). */
  findings: string[];
  /** Every error code on the perturbed log, including any the source log already had (sorted). */
  allErrors: string[];
  /** For preserving logs: the file read with its dialect gives exactly the expected canonical rows. */
  roundTrip: boolean | null;
}

/** One perturbed log ready to be written. */
export interface PerturbedOutput {
  record: PerturbRecord;
  text: string;
  dialect: Dialect | null;
  labels: LogLabels | null;
  items: Item[];
  /** Null for a preserving output of a run with `checkPreserving: false`. */
  check: PerturbCheck | null;
}

/** What the detection matrix needs of one perturbed log. */
export interface PerturbSummary {
  record: PerturbRecord;
  check: PerturbCheck;
}

/**
 * The result of perturbing a dataset: the perturbed logs (empty when a `sink` took them), a summary of each, and the
 * records of (log, op, severity) that did not apply.
 */
export interface PerturbedDataset {
  outputs: PerturbedOutput[];
  summaries: PerturbSummary[];
  notApplicable: PerturbRecord[];
}

function rowsKey(rows: readonly LogRow[]): string {
  return JSON.stringify(
    rows.map((r) => [r.txn_id, r.timestamp, r.type, r.channel, r.counterparty, r.amountCents, r.balanceCents, r.status, r.location, r.remark]),
  );
}

/** True when every signal detector gives the same presence and evidence on both logs (questions stay true). */
export function sameDetections(a: Log, b: Log): boolean {
  return sameAs(detectAll(a))(b);
}

/** A predicate: does the log give these detections (presence and evidence of every signal)? */
function sameAs(expected: ReturnType<typeof detectAll>): (b: Log) => boolean {
  const key = (d: ReturnType<typeof detectAll>, id: (typeof SIGNAL_IDS)[number]) => `${d[id].present}:${[...d[id].evidence].sort().join()}`;
  const want = SIGNAL_IDS.map((id) => key(expected, id));
  return (b) => {
    const got = detectAll(b);
    return SIGNAL_IDS.every((id, i) => key(got, id) === want[i]);
  };
}

/**
 * Reads a perturbed file back and validates it (SPEC §9 detection): the reader's issues plus `validateLog` with the
 * perturbed labels. Preserving files are read with their own dialect for the round trip, and with the canonical
 * reader for the findings (what a user who does not know the format sees).
 */
export function checkPerturbed(
  text: string,
  file: string,
  expected: Log,
  labels: LogLabels | null,
  dialect: Dialect | null,
  preserving: boolean,
  opts: { baseline?: IssueCounts; skipChecks?: readonly string[] } = {},
): PerturbCheck {
  const canonical = parseLogText(text, { file, logId: expected.logId });
  const issues: Array<{ code: string; severity: string }> = [...canonical.issues];
  const kind = labels ? { clientKind: labels.client_kind, businessCategory: labels.business_category ?? undefined } : {};
  for (const log of canonical.logs) for (const x of validateLog({ ...log, ...kind }, { labels, file, skip: opts.skipChecks ?? [] })) issues.push(x);
  let roundTrip: boolean | null = null;
  if (preserving) {
    const own = dialect ? parseLogText(text, { file, dialect, logId: expected.logId }) : canonical;
    roundTrip = own.logs.length === 1 && rowsKey(own.logs[0].rows) === rowsKey(expected.rows);
  }
  const counts = countIssues(issues);
  return {
    errors: grown(counts.errors, opts.baseline?.errors),
    findings: grown(counts.findings, opts.baseline?.findings),
    allErrors: [...counts.errors.keys()].sort(),
    roundTrip,
  };
}

/** Item ids on a perturbed log: the source item id, `--`, and the perturbation suffix. */
export function perturbedItemId(sourceItemId: string, perturbedLog: string, sourceLog: string): string {
  return `${sourceItemId}--${perturbedLog.slice(sourceLog.length + 2)}`;
}

/** One source log with its questions, as `perturbSourceStream` takes them. */
export interface SourceLogWithItems extends SourceLog {
  /** The questions on this log, in dataset order. */
  items: readonly Item[];
}

/**
 * Perturbs every source log with every operator at every severity (one operator per perturbed log, so detection is
 * attributable), checks each result, carries the source questions over where they stay true, and adds an integrity
 * item to corrupted logs. Sources are taken in log-id order; the donor for splicing is the next log.
 * With a `sink`, each perturbed log is handed over as soon as it is made and not kept (large datasets stream).
 * Pure apart from the sink: same inputs and options give the same outputs, in the same order.
 */
export function perturbDataset(
  sources: readonly SourceLog[],
  items: readonly Item[],
  options: PerturbDatasetOptions,
  sink?: (output: PerturbedOutput) => void,
): PerturbedDataset {
  const sorted = [...sources].sort((a, b) => (a.log.logId < b.log.logId ? -1 : a.log.logId > b.log.logId ? 1 : 0));
  const itemsByLog = new Map<string, Item[]>();
  for (const it of items) {
    const list = itemsByLog.get(it.log_id);
    if (list) list.push(it);
    else itemsByLog.set(it.log_id, [it]);
  }
  const outputs: PerturbedOutput[] = [];
  const summaries: PerturbSummary[] = [];
  const notApplicable = perturbSourceStream(
    sorted.map((src) => ({ ...src, items: itemsByLog.get(src.log.logId) ?? [] })),
    sorted.length,
    options,
    (output) => {
      if (output.check) summaries.push({ record: output.record, check: output.check });
      if (sink) sink(output);
      else outputs.push(output);
    },
  );
  return { outputs, summaries, notApplicable };
}

/**
 * `perturbDataset` over sources that arrive one at a time, in log-id order (`total` of them), each with its own
 * questions: every perturbed log goes to `sink` as soon as it is made, and at most three sources are held at once
 * (the one being perturbed, its donor — the next — and the first, the last one's donor). Returns the records of
 * (log, op, severity) that did not apply. Gives the same outputs, in the same order, as `perturbDataset`.
 */
export function perturbSourceStream(
  sources: Iterable<SourceLogWithItems>,
  total: number,
  options: PerturbDatasetOptions,
  sink: (output: PerturbedOutput) => void,
): PerturbRecord[] {
  for (const op of options.ops) getOperator(op);
  const notApplicable: PerturbRecord[] = [];
  let firstLog: Log | null = null;
  let pending: SourceLogWithItems | null = null;
  let k = 0;
  for (const src of sources) {
    if (pending && src.log.logId < pending.log.logId) throw new Error(`perturbSourceStream: source ${src.log.logId} comes after ${pending.log.logId}; sources must be in log-id order`);
    if (pending) {
      for (const r of perturbSource(pending, k++, src.log, options, sink)) notApplicable.push(r);
      options.onLog?.(k, total);
    } else firstLog = src.log;
    pending = src;
  }
  if (pending) {
    for (const r of perturbSource(pending, k, k > 0 ? firstLog : null, options, sink)) notApplicable.push(r);
    options.onLog?.(k + 1, total);
  }
  return notApplicable;
}

/**
 * Perturbs source log number `k` (0-based, in log-id order) with every operator and severity, handing each perturbed
 * log to `sink` in order; `donor` is the next log (the first for the last; null when alone). Returns the records of
 * (op, severity) that did not apply. A pure function of its arguments, so sources can be perturbed in any order or
 * on any thread and give the same outputs.
 */
export function perturbSource(
  src: SourceLogWithItems,
  k: number,
  donor: Log | null,
  options: Omit<PerturbDatasetOptions, 'onLog'>,
  sink: (output: PerturbedOutput) => void,
): PerturbRecord[] {
  const notApplicable: PerturbRecord[] = [];
  const kind = src.labels ? { clientKind: src.labels.client_kind, businessCategory: src.labels.business_category ?? undefined } : {};
  let baselineCounts: IssueCounts | null = null; // the source's own issues, computed on first use
  const baseline = (): IssueCounts => (baselineCounts ??= baselineIssues(src, options.skipChecks));
  let unchanged: ((b: Log) => boolean) | null = null; // detections of the source, computed on first use
  options.ops.forEach((op, j) => {
    const severities = options.cover === 'rotate' ? [options.severities[(k + j) % options.severities.length]] : options.severities;
    for (const severity of severities) {
      const req: PerturbRequest = { op, severity, ...(options.rate !== undefined ? { rate: options.rate } : {}) };
      const p = perturbLog({ log: src.log, labels: src.labels, donor }, [req], {
        seed: options.seed,
        // format and cell steps leave the canonical log as it was (the same object): its detections cannot change
        guard: (a, b) => a === b || (unchanged ??= sameAs(detectAll({ ...a, ...kind })))({ ...b, ...kind }),
        maxAttempts: 8,
      });
      if (!p) {
        const operator = getOperator(op);
        notApplicable.push({
          log_id: perturbedLogId(src.log.logId, [req]),
          source_log_id: src.log.logId,
          status: 'not_applicable',
          seed_key: [options.seed, src.log.logId, op, `s${severity}`].join('/'),
          steps: [{ op, kind: operator.kind, severity, rate: req.rate ?? 0, params: {} }],
          preserving: operator.kind === 'preserving',
          keeps_questions: operator.keepsQuestions,
          edits: [],
          rows_touched: [],
          columns_touched: [],
          expected_codes: [...operator.expectedCodes],
          integrity: [...operator.integrity],
          dialect: null,
        });
        continue;
      }
      // every preserving file (and any file in another format) comes with the dialect it reads back under
      const dialect = p.record.preserving || !isCanonicalFormat(p.format) ? formatToDialect(p.format, p.logId) : null;
      const record: PerturbRecord = { ...p.record, dialect: dialect ? `dialects/${p.logId}.json` : null };
      const file = `logs/${p.logId}.tsv`;
      const check =
        record.preserving && options.checkPreserving === false
          ? null
          : checkPerturbed(p.text, file, p.log, p.labels, dialect, record.preserving, { baseline: baseline(), skipChecks: options.skipChecks });
      const outItems: Item[] = [];
      const itemRefs: Array<{ id: string; source_id: string | null }> = [];
      if (record.keeps_questions) {
        for (const it of src.items) {
          const id = perturbedItemId(it.id, p.logId, src.log.logId);
          outItems.push({ ...it, id, log_id: p.logId });
          itemRefs.push({ id, source_id: it.id });
        }
      }
      if (!record.preserving && check) {
        const integrity = buildIntegrityItem({
          log: { ...p.log, ...kind },
          record,
          foundCodes: check.errors,
          allCodes: check.allErrors,
          clientKind: src.labels?.client_kind ?? src.log.clientKind ?? 'personal',
          seed: options.seed,
        });
        if (integrity) {
          outItems.push(integrity);
          itemRefs.push({ id: integrity.id, source_id: null });
        }
      }
      const output: PerturbedOutput = { record: { ...record, items: itemRefs }, text: p.text, dialect, labels: p.labels, items: outItems, check };
      sink(output);
    }
  });
  return notApplicable;
}
