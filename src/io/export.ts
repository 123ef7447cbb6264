import { existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { InputError, UsageError } from '../errors.js';
import { Item } from '../schema/item.js';
import { LogLabels } from '../schema/labels.js';
import type { Manifest } from '../schema/manifest.js';
import { LOG_FORMAT_VERSION } from '../schema/transaction-types.js';
import { writeFileAtomic } from './atomic-write.js';
import { claimOutputDir } from './output-guard.js';
import { renderDatasetCard, type CardTable } from './dataset-card.js';
import { readManifest } from './dataset-layout.js';
import { readJsonl } from './jsonl.js';
import { openDataset } from './dataset.js';
import { LABEL_COLUMNS, LOG_COLUMNS, PREDICTION_COLUMNS, ParquetTableWriter, QUESTION_COLUMNS, type TableColumn } from './parquet-tables.js';
import { checkPredictionIds, readPredictionsFile, type PredictionsFile } from './predictions.js';
import { readWholeLogFile } from './log-files.js';

/** The export layouts: plain Parquet files, or a Hugging Face datasets repository (`data/*.parquet` + card). */
export const EXPORT_FORMATS = ['parquet', 'hf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Options of `exportDataset`. */
export interface ExportOptions {
  format: ExportFormat;
  out: string;
  /** Prediction files (or eval run directories holding `predictions.jsonl`) to add as the `predictions` table. */
  predictions?: readonly string[];
  /** SPDX-style license id written to the dataset card (default `mit`, the toolkit's). */
  license?: string;
  /** Allow writing into a directory that holds other files (files of the same names are replaced, no other is removed). */
  force?: boolean;
  /** Called after each log is written. */
  onLog?: () => void;
}

/** One written table: its name, path relative to the output directory, rows and columns. */
export interface ExportedTable extends CardTable {
  path: string;
}

/** What `exportDataset` wrote. */
export interface ExportResult {
  out: string;
  format: ExportFormat;
  tables: ExportedTable[];
}

/** The prediction file a path names: the file itself, or `<run>/predictions.jsonl`, with the run's name. */
function predictionSource(path: string): { file: string; run: string } {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new InputError('no such file or directory', { file: path });
  }
  if (isDir) return { file: join(path, 'predictions.jsonl'), run: basename(path) };
  const name = basename(path).replace(/\.jsonl$/, '');
  return { file: path, run: name === 'predictions' ? basename(dirname(path)) : name };
}

/**
 * Reads the prediction sources before anything is written: two of one run name are a `UsageError`, and a prediction
 * of an item the dataset does not hold an `InputError` at its line (`checkPredictionIds`, as `cclupe score` checks).
 */
function readPredictionSources(paths: readonly string[], itemIds: ReadonlySet<string>): Array<{ run: string; read: PredictionsFile }> {
  const sources = paths.map(predictionSource);
  const runs = new Set<string>();
  for (const s of sources) {
    if (runs.has(s.run)) throw new UsageError(`two prediction sources are both named ${s.run}; give runs distinct names`, '--predictions');
    runs.add(s.run);
  }
  return sources.map((s) => {
    const read = readPredictionsFile(s.file);
    checkPredictionIds(read, itemIds);
    return { run: s.run, read };
  });
}

/**
 * Exports a dataset directory (`logs/`, `labels.jsonl`, `questions.jsonl`, `manifest.json`) as Parquet tables:
 * `logs` (one row per transaction, with `log_id`), `labels` (one per log), `questions` (one per item) and, when
 * prediction files are given, `predictions`. `hf` puts them under `data/` with a dataset card (`README.md`) whose
 * YAML `configs` name each table. Every file is written to a temporary sibling and renamed; logs stream a row group
 * at a time. The dataset is exported whole or not at all: a log named by its labels or manifest but missing, a row
 * the reader cannot read (`readWholeLogFile`), a bad labels/questions line, or a prediction of an item the dataset
 * does not hold (as `cclupe score` refuses it), is an `InputError` naming the file and line.
 */
export function exportDataset(dataset: string, options: ExportOptions): ExportResult {
  if (!existsSync(join(dataset, 'logs'))) throw new InputError('not a dataset directory (no logs/)', { file: dataset });
  const logFiles = openDataset(dataset).logFiles();
  const questionsPath = join(dataset, 'questions.jsonl');
  const items = existsSync(questionsPath) ? readJsonl(questionsPath, Item) : null;
  const predictions = readPredictionSources(options.predictions ?? [], new Set((items ?? []).map((it) => it.id)));
  const manifestPath = join(dataset, 'manifest.json');
  let manifest: Manifest | null = null;
  if (existsSync(manifestPath)) {
    try {
      manifest = readManifest(dataset);
    } catch (err) {
      throw new InputError(`not a cclupe manifest: ${(err as Error).message.split('\n')[0]}`, { file: manifestPath });
    }
  }
  // new, empty, or an export of ours (one killed half-way included), locked, with a killed run's temporary files removed
  const claim = claimOutputDir(options.out, { kind: 'export', force: options.force === true, command: 'cclupe export' });
  try {
    const result = exportInto(dataset, manifest, options, { logFiles, items, predictions });
    claim.unmark();
    return result;
  } finally {
    claim.release();
  }
}

/** What `exportDataset` read and checked before it claimed the output directory. */
interface ExportInputs {
  logFiles: readonly string[];
  items: Item[] | null;
  predictions: ReadonlyArray<{ run: string; read: PredictionsFile }>;
}

function exportInto(dataset: string, manifest: Manifest | null, options: ExportOptions, { logFiles, items, predictions }: ExportInputs): ExportResult {
  const dataDir = options.format === 'hf' ? join(options.out, 'data') : options.out;
  mkdirSync(dataDir, { recursive: true });
  const metadata: Record<string, string> = {
    'cclupe.log_format_version': String(manifest?.log_format_version ?? LOG_FORMAT_VERSION),
    ...(manifest ? { 'cclupe.master_seed': manifest.master_seed, 'cclupe.tool_version': manifest.tool.version } : {}),
  };
  const tables: ExportedTable[] = [];
  const table = <R>(name: string, columns: ReadonlyArray<TableColumn<R>>, fill: (add: (r: R) => void) => void): void => {
    const file = join(dataDir, `${name}.parquet`);
    const w = new ParquetTableWriter(file, columns, { table: name, metadata });
    try {
      fill((r) => w.add(r));
    } catch (err) {
      w.abort();
      throw err;
    }
    w.commit();
    const path = options.format === 'hf' ? `data/${name}.parquet` : `${name}.parquet`;
    tables.push({ name, path, rows: w.rows, columns: columns.map((c) => ({ name: c.name, kind: c.kind, nullable: c.nullable === true })) });
  };

  table('logs', LOG_COLUMNS, (add) => {
    for (const path of logFiles) {
      const id = basename(path).replace(/\.[^.]+$/, '');
      const log = readWholeLogFile(path, { logId: id }).logs[0];
      if (!log) throw new InputError(`log ${id} holds no rows (run cclupe validate)`, { file: path });
      for (let i = 0; i < log.rows.length; i++) add({ log, i });
      options.onLog?.();
    }
  });
  const labelsPath = join(dataset, 'labels.jsonl');
  if (existsSync(labelsPath)) {
    const labels = readJsonl(labelsPath, LogLabels);
    table('labels', LABEL_COLUMNS, (add) => labels.forEach(add));
  }
  if (items) table('questions', QUESTION_COLUMNS, (add) => items.forEach(add));
  if (predictions.length > 0) {
    table('predictions', PREDICTION_COLUMNS, (add) => {
      for (const s of predictions) for (const prediction of s.read.predictions) add({ run: s.run, prediction });
    });
  }
  if (options.format === 'hf') {
    writeFileAtomic(join(options.out, 'README.md'), renderDatasetCard({ manifest, tables, license: options.license ?? 'mit', dataset: basename(dataset) }));
  }
  return { out: options.out, format: options.format, tables };
}
