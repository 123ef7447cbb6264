import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { sha256Hex } from '../hash.js';
import { InputError, UsageError } from '../errors.js';
import { AtomicFileWriter, writeJsonAtomic } from './atomic-write.js';
import { formatJsonl, jsonLine, readJsonl } from './jsonl.js';
import { listLogFiles } from './log-files.js';
import { datasetFiles, joinLabelFacts, openDataset } from './dataset.js';
import { readRegularText } from './read-regular.js';
import { withoutLogIdColumn } from '../log/format-tsv.js';
import { ITEM_FLOAT_FIELDS, type Item } from '../schema/item.js';
import { LABEL_FLOAT_FIELDS } from '../schema/labels.js';
import { PerturbRecord } from '../schema/perturb-manifest.js';
import type { Prediction } from '../schema/prediction.js';
import { readPredictionsFile } from './predictions.js';
import { baselinePredictions, type BaselineName } from '../score/baselines.js';
import { VERSION } from '../version.js';
import type { PerturbDatasetOptions, PerturbedDataset, PerturbedOutput, SourceLog, SourceLogWithItems } from '../perturb/dataset.js';
import type { DetectionMatrix } from '../perturb/matrix.js';
import { writeFileReplace } from './dataset-layout.js';
import { parseJsonText } from './json-text.js';

/** A dataset directory read for perturbation: its logs with labels, and its questions (empty when it has none). */
export interface LoadedDataset {
  dir: string;
  sources: SourceLog[];
  items: Item[];
}

/** A dataset directory opened for perturbation: how many logs it holds, and the logs to read one at a time. */
export interface PerturbSourceDataset {
  dir: string;
  /** Source logs (files under `logs/`). */
  count: number;
  /**
   * The source logs in log-id order, each read with its labels and questions only when reached, so a run holds one
   * log at a time. A log file that yields no log is an `InputError`: a perturbation source must be readable.
   */
  sources(): Generator<SourceLogWithItems>;
}

/**
 * Opens `<dir>/logs/*.tsv` (canonical reader), `labels.jsonl` and `questions.jsonl` when present, for a streaming
 * perturbation: `labels.jsonl` and `questions.jsonl` are validated now (a bad line fails before any work) and then
 * read back one log's lines at a time.
 */
export function openDatasetForPerturb(dir: string): PerturbSourceDataset {
  const ds = openDataset(dir);
  if (!existsSync(ds.files.logs)) throw new InputError('not a dataset directory (no logs/)', { file: dir });
  const labels = ds.labelsByLog();
  const questions = ds.questionsByLog();
  const logs = ds.logFilesById();
  return {
    dir,
    count: logs.length,
    *sources() {
      try {
        for (const { path, id } of logs) {
          const log = ds.readLog(id, path);
          const lab = labels.read(id).at(-1) ?? null;
          yield { log: joinLabelFacts(log, lab, true), labels: lab, items: questions.read(id) };
        }
      } finally {
        labels.close();
        questions.close();
      }
    },
  };
}

/**
 * Reads a whole dataset for perturbation into memory (`openDatasetForPerturb` streams it instead): its logs in
 * log-id order with their labels, and every question.
 */
export function readDatasetForPerturb(dir: string): LoadedDataset {
  const ds = openDatasetForPerturb(dir);
  const sources: SourceLog[] = [];
  for (const { log, labels } of ds.sources()) sources.push({ log, labels });
  const data = openDataset(dir);
  return { dir, sources, items: data.hasQuestions() ? data.questions() : [] };
}

/** One perturbed log once its files are on disk: its lines of the dataset's JSON Lines files and its manifest entry. */
export interface WrittenOutput {
  /** Its line of `perturbations.jsonl`. */
  record: string;
  /** Its line of `labels.jsonl` (empty without labels). */
  labels: string;
  /** Its lines of `questions.jsonl`. */
  questions: string;
  items: number;
  log: { log_id: string; source_log_id: string; sha256: string; bytes: number };
}

/** Directories this thread has made (or found), so that a run of tens of thousands of files asks once per directory. */
const madeDirs = new Set<string>();

/**
 * Writes the files of one perturbed log under `out` — `logs/<id>.tsv` as produced (BOM and CRLF kept) and
 * `dialects/<id>.json` — and formats its JSON Lines lines, which `PerturbedDatasetWriter.append` adds in run order.
 * Each file is written to a temporary name and renamed (a killed run never leaves a part of a file under a real
 * name), without an fsync per file: the manifest, written last with an fsync, marks the dataset whole, and an
 * interrupted run is run again. Files of different logs are independent, so worker threads call this in any order.
 */
export function writePerturbedFiles(out: string, o: PerturbedOutput): WrittenOutput {
  const bytes = Buffer.from(o.text, 'utf8');
  const sha = sha256Hex(bytes);
  writeFileReplace(join(out, 'logs', `${o.record.log_id}.tsv`), bytes);
  if (o.dialect) {
    const path = join(out, o.record.dialect ?? `dialects/${o.record.log_id}.json`);
    const dir = dirname(path);
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      madeDirs.add(dir);
    }
    writeFileReplace(path, JSON.stringify(o.dialect, null, 2) + '\n');
  }
  return {
    record: jsonLine({ ...o.record, sha256: sha }) + '\n',
    labels: o.labels ? jsonLine(o.labels, LABEL_FLOAT_FIELDS) + '\n' : '',
    questions: formatJsonl(o.items, ITEM_FLOAT_FIELDS),
    items: o.items.length,
    log: { log_id: o.record.log_id, source_log_id: o.record.source_log_id, sha256: sha, bytes: bytes.length },
  };
}

/**
 * Writes a perturbed dataset as it is produced, so memory does not grow with the output: each log's files as it
 * comes (`writePerturbedFiles`), and its lines of `labels.jsonl`, `questions.jsonl` and `perturbations.jsonl` (one
 * record per log, the not-applicable ones last); `finish` adds `manifest.json` (and `check.json`). Every file
 * appears atomically: logs are written to a temporary file and renamed, the JSONL files are renamed into place at the end.
 */
export class PerturbedDatasetWriter {
  private readonly labels: AtomicFileWriter;
  private readonly questions: AtomicFileWriter;
  private readonly records: AtomicFileWriter;
  private readonly logs: WrittenOutput['log'][] = [];
  private items = 0;

  constructor(
    private readonly out: string,
    private readonly source: string,
  ) {
    const files = datasetFiles(out);
    mkdirSync(files.logs, { recursive: true });
    this.labels = new AtomicFileWriter(files.labels);
    this.questions = new AtomicFileWriter(files.questions);
    this.records = new AtomicFileWriter(files.perturbations);
  }

  /** Writes one perturbed log and its lines. */
  add(o: PerturbedOutput): void {
    this.append(writePerturbedFiles(this.out, o));
  }

  /** Adds the lines of one perturbed log whose files are written (`writePerturbedFiles`): call in run order. */
  append(w: WrittenOutput): void {
    this.records.append(w.record);
    if (w.labels) this.labels.append(w.labels);
    if (w.questions) this.questions.append(w.questions);
    this.items += w.items;
    this.logs.push(w.log);
  }

  /** Removes the temporary JSONL files of an unfinished write (the log files already written stay). */
  abort(): void {
    for (const sink of [this.records, this.labels, this.questions]) sink.abort();
  }

  /** Adds the not-applicable records, puts the JSONL files in place and writes the manifest (and the matrix). */
  finish(notApplicable: readonly PerturbRecord[], options: PerturbDatasetOptions, matrix: DetectionMatrix | null): { logs: number; items: number } {
    if (notApplicable.length > 0) this.records.append(formatJsonl(notApplicable));
    this.records.commit();
    this.labels.commit();
    this.questions.commit();
    if (matrix) writeJsonAtomic(join(this.out, 'check.json'), matrix);
    writeJsonAtomic(datasetFiles(this.out).manifest, {
      kind: 'cclupe-perturbed-dataset',
      tool: { name: 'cclupe-kit', version: VERSION },
      source: this.source,
      options: { ops: options.ops, severities: options.severities, seed: options.seed, rate: options.rate ?? null, cover: options.cover ?? 'all' },
      totals: { logs: this.logs.length, not_applicable: notApplicable.length, items: this.items },
      logs: this.logs,
    });
    return { logs: this.logs.length, items: this.items };
  }
}

/** What a perturbation run will write, at most (operators that do not apply to a log write nothing for it). */
export interface PerturbOutputEstimate {
  logs: number;
  operators: number;
  severities: number;
  /** Perturbed log files, dialect files of preserving operators, and the dataset's own files. */
  files: number;
  /** Each perturbed log about the size of its source, each with its source's share of labels and questions. */
  bytes: number;
}

/**
 * Estimates the output of `cclupe perturb` from the source's file sizes, before any work: one log per source log ×
 * operator × severity (one severity with `cover: rotate`), a dialect file per preserving output, the source's labels
 * once per output, and its questions once per preserving output (a corrupting one gets one integrity item).
 */
export function estimatePerturbOutput(dir: string, options: Pick<PerturbDatasetOptions, 'ops' | 'severities' | 'cover'>, preservingOps: number): PerturbOutputEstimate {
  const size = (p: string) => (existsSync(p) ? statSync(p).size : 0);
  const files = listLogFiles(dir);
  const logBytes = files.reduce((s, f) => s + size(f), 0);
  const questions = size(join(dir, 'questions.jsonl'));
  // A preserving output repeats its log's questions; a corrupting one gets one integrity item instead (of ~15).
  const preservingCopy = logBytes + size(join(dir, 'labels.jsonl')) + questions;
  const corruptingCopy = preservingCopy - questions + questions / 15;
  const severities = options.cover === 'rotate' ? 1 : options.severities.length;
  const copies = options.ops.length * severities;
  const outputs = files.length * copies;
  const dialects = files.length * preservingOps * severities;
  const bytes = severities * (preservingOps * preservingCopy + (options.ops.length - preservingOps) * corruptingCopy) + dialects * 600;
  // besides the logs and dialects: labels, questions, perturbations, manifest and the output marker
  return { logs: files.length, operators: options.ops.length, severities, files: outputs + dialects + 5, bytes: Math.round(bytes) };
}

/** Writes a whole perturbed dataset held in memory (see `PerturbedDatasetWriter`). */
export function writePerturbedDataset(out: string, source: string, result: PerturbedDataset, options: PerturbDatasetOptions, matrix: DetectionMatrix | null): void {
  const w = new PerturbedDatasetWriter(out, source);
  try {
    for (const o of result.outputs) w.add(o);
    w.finish(result.notApplicable, options, matrix);
  } catch (err) {
    w.abort();
    throw err;
  }
}

/** Reads `perturbations.jsonl` of a perturbed dataset. */
export function readPerturbations(dir: string): PerturbRecord[] {
  const path = datasetFiles(dir).perturbations;
  if (!existsSync(path)) throw new InputError('not a perturbed dataset (no perturbations.jsonl)', { file: path });
  return readJsonl(path, PerturbRecord);
}

/**
 * The verbatim text of each perturbed log file, by log id, for prompts that show the file as written: less its
 * leading `log_id` column (which the canonical prompt leaves out too), cut with the separator of the log's own
 * dialect when it has one.
 */
export function readLogTexts(dir: string, logIds: Iterable<string>): Map<string, string> {
  const out = new Map<string, string>();
  const ds = openDataset(dir);
  for (const id of logIds) {
    const separator = ds.dialectOf(id)?.separator ?? '\t';
    out.set(id, withoutLogIdColumn(readRegularText(ds.logPath(id)), id, separator));
  }
  return out;
}

/** One side of a robustness comparison: the dataset's items and the predictions made on them. */
export interface RobustnessSide {
  dataset: string;
  items: Item[];
  predictions: Prediction[];
}

/**
 * Resolves one side of `cclupe robustness`: an eval run directory (its `predictions.jsonl`, dataset from its
 * `manifest.json` unless `dataset` is given), a predictions JSONL file (needs `dataset`), or — with `baseline` — a
 * dataset directory on which the offline baseline answers.
 */
export function readRobustnessSide(path: string, dataset: string | undefined, baseline: BaselineName | undefined, seed: string): RobustnessSide {
  if (baseline) {
    const dir = dataset ?? path;
    const items = openDataset(dir).questions();
    return { dataset: dir, items, predictions: baselinePredictions(baseline, items, { seed }) };
  }
  let predictionsFile = path;
  let dir = dataset;
  if (!existsSync(path)) throw new InputError('no such eval run directory or predictions file', { file: path });
  if (statSync(path).isDirectory()) {
    predictionsFile = join(path, 'predictions.jsonl');
    if (!existsSync(predictionsFile)) throw new InputError('not an eval run directory (no predictions.jsonl)', { file: path });
    if (!dir) {
      const manifestPath = join(path, 'manifest.json');
      const manifest = existsSync(manifestPath) ? (parseJsonText(readRegularText(manifestPath), manifestPath) as { dataset?: { dir?: string } } | null) : {};
      // an older manifest may hold a path relative to where eval ran: it is read relative to the run directory
      const named = manifest?.dataset?.dir;
      dir = typeof named === 'string' ? resolve(path, named) : undefined;
      if (!dir) throw new InputError('the run manifest names no dataset; pass it with --clean-dataset / --perturbed-dataset', { file: manifestPath });
    }
  }
  if (!dir) throw new UsageError(`${path} is a predictions file: name its dataset with --clean-dataset / --perturbed-dataset`, '--clean-dataset');
  const items = openDataset(dir).questions();
  return { dataset: dir, items, predictions: readPredictionsFile(predictionsFile).predictions };
}
