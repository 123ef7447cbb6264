import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import type { ColumnSource } from 'hyparquet-writer';
import type { SchemaElement } from 'hyparquet';
import type { Item } from '../schema/item.js';
import type { LogLabels } from '../schema/labels.js';
import type { Log } from '../schema/log-row.js';
import type { Prediction } from '../schema/prediction.js';
import { SIGNAL_IDS } from '../schema/signal-id.js';
import { VERSION } from '../version.js';

/**
 * The column types of the exported tables, as Parquet schema elements: text is UTF-8 `STRING`; money is
 * `DECIMAL(18, 2)` stored as INT64 cents (exact, read as a decimal by pandas/pyarrow, DuckDB and polars); a
 * timestamp is `TIMESTAMP(MILLIS)` not adjusted to UTC (the logs' local time, read as a naive datetime); dates are
 * `DATE`; nested values (options, loans, evidence lists) are `JSON` text.
 */
export type ColumnKind = 'string' | 'money' | 'timestamp' | 'date' | 'int32' | 'double' | 'boolean' | 'json';

/** One column of an exported table: its name, kind, whether it may be null, and how a record gives its value. */
export interface TableColumn<R> {
  name: string;
  kind: ColumnKind;
  nullable?: boolean;
  value: (record: R) => unknown;
}

function schemaElement(c: TableColumn<unknown>): SchemaElement {
  const repetition_type = c.nullable ? 'OPTIONAL' : 'REQUIRED';
  switch (c.kind) {
    case 'string':
      return { name: c.name, type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' }, repetition_type };
    case 'json':
      return { name: c.name, type: 'BYTE_ARRAY', converted_type: 'JSON', logical_type: { type: 'JSON' }, repetition_type };
    case 'money':
      return { name: c.name, type: 'INT64', converted_type: 'DECIMAL', scale: 2, precision: 18, logical_type: { type: 'DECIMAL', scale: 2, precision: 18 }, repetition_type };
    case 'timestamp':
      return { name: c.name, type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: false, unit: 'MILLIS' }, repetition_type };
    case 'date':
      return { name: c.name, type: 'INT32', converted_type: 'DATE', logical_type: { type: 'DATE' }, repetition_type };
    case 'int32':
      return { name: c.name, type: 'INT32', repetition_type };
    case 'double':
      return { name: c.name, type: 'DOUBLE', repetition_type };
    case 'boolean':
      return { name: c.name, type: 'BOOLEAN', repetition_type };
  }
}

/** Milliseconds since 1970 of a canonical `YYYY-MM-DD HH:MM:SS` read as a naive (wall-clock) time. */
export function naiveTimestampMillis(ts: string): bigint {
  const ms = Date.UTC(+ts.slice(0, 4), +ts.slice(5, 7) - 1, +ts.slice(8, 10), +ts.slice(11, 13), +ts.slice(14, 16), +ts.slice(17, 19));
  return BigInt(ms);
}

/** A `YYYY-MM-DD` date as a `Date` at UTC midnight (Parquet `DATE` counts days since 1970). */
function utcDate(day: string): Date {
  return new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)));
}

/** Rows of the logs table: one per transaction, with the log it belongs to. */
export interface LogTableRow {
  log: Log;
  i: number;
}

/** `logs`: log_id, txn_id, timestamp, type, channel, counterparty, amount, balance, status, location, remark. */
export const LOG_COLUMNS: ReadonlyArray<TableColumn<LogTableRow>> = [
  { name: 'log_id', kind: 'string', value: (r) => r.log.logId },
  { name: 'txn_id', kind: 'string', value: (r) => r.log.rows[r.i].txn_id },
  { name: 'timestamp', kind: 'timestamp', value: (r) => naiveTimestampMillis(r.log.rows[r.i].timestamp) },
  { name: 'type', kind: 'string', value: (r) => r.log.rows[r.i].type },
  { name: 'channel', kind: 'string', value: (r) => r.log.rows[r.i].channel },
  { name: 'counterparty', kind: 'string', value: (r) => r.log.rows[r.i].counterparty },
  { name: 'amount', kind: 'money', value: (r) => BigInt(r.log.rows[r.i].amountCents) },
  { name: 'balance', kind: 'money', value: (r) => BigInt(r.log.rows[r.i].balanceCents) },
  { name: 'status', kind: 'string', value: (r) => r.log.rows[r.i].status },
  { name: 'location', kind: 'string', value: (r) => r.log.rows[r.i].location },
  { name: 'remark', kind: 'string', value: (r) => r.log.rows[r.i].remark },
];

/**
 * `labels`: one row per log; each of the sixteen signals as four flat columns (`<signal>_injected`,
 * `_intensity`, `_present`, `_strength`), the evidence of every signal as one JSON object, refund pairs and loan
 * schedules as JSON.
 */
export const LABEL_COLUMNS: ReadonlyArray<TableColumn<LogLabels>> = [
  { name: 'log_id', kind: 'string', value: (l) => l.log_id },
  { name: 'profile', kind: 'string', value: (l) => l.profile },
  { name: 'base', kind: 'string', value: (l) => l.base },
  { name: 'client_kind', kind: 'string', value: (l) => l.client_kind },
  { name: 'business_category', kind: 'string', nullable: true, value: (l) => l.business_category },
  { name: 'seed_key', kind: 'string', value: (l) => l.seed_key },
  { name: 'period_start', kind: 'date', value: (l) => utcDate(l.period.start) },
  { name: 'period_end', kind: 'date', value: (l) => utcDate(l.period.end) },
  { name: 'rows', kind: 'int32', value: (l) => l.rows },
  { name: 'opening_balance', kind: 'money', value: (l) => BigInt(l.opening_balance_cents) },
  ...SIGNAL_IDS.flatMap((s): Array<TableColumn<LogLabels>> => [
    { name: `${s}_injected`, kind: 'boolean', value: (l) => l.signals[s]?.injected ?? false },
    { name: `${s}_intensity`, kind: 'double', value: (l) => l.signals[s]?.intensity ?? 0 },
    { name: `${s}_present`, kind: 'boolean', value: (l) => l.signals[s]?.present ?? false },
    { name: `${s}_strength`, kind: 'double', value: (l) => l.signals[s]?.strength ?? 0 },
  ]),
  { name: 'signal_evidence', kind: 'json', value: (l) => Object.fromEntries(SIGNAL_IDS.map((s) => [s, l.signals[s]?.evidence ?? []])) },
  { name: 'refund_pairs', kind: 'json', value: (l) => l.refund_pairs },
  { name: 'loans', kind: 'json', value: (l) => l.loans },
];

/** `questions`: one row per item; options, answer keys, evidence and program as JSON. */
export const QUESTION_COLUMNS: ReadonlyArray<TableColumn<Item>> = [
  { name: 'id', kind: 'string', value: (q) => q.id },
  { name: 'log_id', kind: 'string', value: (q) => q.log_id },
  { name: 'client_kind', kind: 'string', value: (q) => q.client_kind },
  { name: 'format', kind: 'string', value: (q) => q.format },
  { name: 'domain', kind: 'string', value: (q) => q.domain },
  { name: 'sub_domain', kind: 'string', value: (q) => q.sub_domain },
  { name: 'perspective', kind: 'string', value: (q) => q.perspective },
  { name: 'logic', kind: 'string', value: (q) => q.logic },
  { name: 'cognition', kind: 'string', value: (q) => q.cognition },
  { name: 'difficulty', kind: 'string', value: (q) => q.difficulty },
  { name: 'steps', kind: 'int32', value: (q) => q.steps },
  { name: 'stem', kind: 'string', value: (q) => q.stem },
  { name: 'stem_first_person', kind: 'string', value: (q) => q.stem_first_person },
  { name: 'options', kind: 'json', value: (q) => q.options },
  { name: 'answer', kind: 'json', value: (q) => q.answer },
  { name: 'numeric_answer', kind: 'double', nullable: true, value: (q) => q.numeric_answer ?? null },
  { name: 'evidence', kind: 'json', value: (q) => q.evidence },
  { name: 'template_id', kind: 'string', value: (q) => q.template.id },
  { name: 'template_version', kind: 'int32', value: (q) => q.template.version },
  { name: 'program', kind: 'json', value: (q) => q.program },
];

/** One prediction with the run it came from. */
export interface PredictionTableRow {
  run: string;
  prediction: Prediction;
}

/** `predictions`: one row per (run, item); `selected` as JSON, `value` a nullable double. */
export const PREDICTION_COLUMNS: ReadonlyArray<TableColumn<PredictionTableRow>> = [
  { name: 'run', kind: 'string', value: (r) => r.run },
  { name: 'item_id', kind: 'string', value: (r) => r.prediction.item_id },
  { name: 'status', kind: 'string', value: (r) => r.prediction.status ?? 'answered' },
  { name: 'selected', kind: 'json', nullable: true, value: (r) => r.prediction.selected ?? null },
  { name: 'value', kind: 'double', nullable: true, value: (r) => r.prediction.value ?? null },
  { name: 'raw', kind: 'string', nullable: true, value: (r) => r.prediction.raw ?? null },
];

/** Rows per Parquet row group: large enough for fast scans, small enough to hold one group's columns in memory. */
export const ROW_GROUP_ROWS = 100_000;

/** Key-value metadata every exported file carries. */
export interface ParquetFileInfo {
  table: string;
  metadata: Record<string, string>;
}

/**
 * Writes one Parquet table from records fed in order (`add`), a row group at a time, into a temporary sibling that
 * `commit` renames into place (an interrupted export leaves no half file). Deterministic: the same records give the
 * same bytes (no clock; the writer is named with the package versions).
 */
export class ParquetTableWriter<R> {
  private readonly tmp: string;
  private readonly fd: number;
  private readonly writer: ParquetWriter;
  private readonly byteWriter: ByteWriter;
  private pending: R[] = [];
  rows = 0;

  constructor(
    private readonly path: string,
    private readonly columns: ReadonlyArray<TableColumn<R>>,
    info: ParquetFileInfo,
  ) {
    this.tmp = join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
    this.fd = openSync(this.tmp, 'w');
    this.byteWriter = new ByteWriter();
    const schema: SchemaElement[] = [{ name: 'root', num_children: columns.length }, ...columns.map((c) => schemaElement(c as TableColumn<unknown>))];
    this.writer = new ParquetWriter({
      writer: this.byteWriter,
      schema,
      createdBy: `cclupe-kit ${VERSION} (hyparquet-writer)`,
      kvMetadata: Object.entries({ 'cclupe.table': info.table, ...info.metadata }).map(([key, value]) => ({ key, value })),
    });
  }

  add(record: R): void {
    this.pending.push(record);
    if (this.pending.length >= ROW_GROUP_ROWS) this.flushGroup();
  }

  private flushGroup(): void {
    if (this.pending.length === 0) return;
    const records = this.pending;
    this.pending = [];
    const columnData: ColumnSource[] = this.columns.map((c) => ({
      name: c.name,
      data: records.map((r) => {
        const v = c.value(r);
        return c.kind === 'json' && v !== null ? JSON.stringify(v) : v;
      }),
      nullable: c.nullable === true,
    }));
    void this.writer.write({ columnData, rowGroupSize: ROW_GROUP_ROWS });
    this.rows += records.length;
    this.drain();
  }

  /** Moves what the writer has encoded so far to the file. */
  private drain(): void {
    const w = this.byteWriter;
    if (w.index > 0) {
      writeSync(this.fd, new Uint8Array(w.buffer, 0, w.index));
      w.index = 0;
    }
  }

  /** Writes the last row group and the footer, syncs and renames the file into place. */
  commit(): void {
    try {
      this.flushGroup();
      this.writer.finish();
      this.drain();
      fsyncSync(this.fd);
      closeSync(this.fd);
      renameSync(this.tmp, this.path);
    } catch (err) {
      this.abort();
      throw err;
    }
  }

  /** Drops the temporary file. */
  abort(): void {
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
    rmSync(this.tmp, { force: true });
  }
}
