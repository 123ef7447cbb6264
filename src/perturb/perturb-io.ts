import { createHash } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError, UsageError } from '../errors.js';
import { writeFileAtomic, writeJsonAtomic } from '../io/atomic-write.js';
import { formatJsonl, readJsonl } from '../io/jsonl.js';
import { listLogFiles } from '../io/log-files.js';
import { readLogFile } from '../io/read-log.js';
import { Item } from '../schema/item.js';
import { LogLabels } from '../schema/labels.js';
import { PerturbRecord } from '../schema/perturb-manifest.js';
import type { Prediction } from '../schema/prediction.js';
import { readPredictionsFile } from '../io/predictions.js';
import { baselinePredictions, type BaselineName } from '../score/baselines.js';
import { VERSION } from '../version.js';
import type { PerturbDatasetOptions, PerturbedDataset, PerturbedOutput, SourceLog } from './dataset.js';
import type { DetectionMatrix } from './matrix.js';
import { readRegularText } from '../io/read-regular.js';
import { insideDataset } from '../io/contained-path.js';
import { writeFileReplace } from '../io/dataset-layout.js';

/** A dataset directory read for perturbation: its logs with labels, and its questions (empty when it has none). */
export interface LoadedDataset {
  dir: string;
  sources: SourceLog[];
  items: Item[];
}

/**
 * Reads `<dir>/logs/*.tsv` (canonical reader), `labels.jsonl` and `questions.jsonl` when present.
 * A log file that yields no log is an `InputError`: a perturbation source must be readable.
 */
export function readDatasetForPerturb(dir: string): LoadedDataset {
  if (!existsSync(join(dir, 'logs'))) throw new InputError('not a dataset directory (no logs/)', { file: dir });
  const labelsPath = join(dir, 'labels.jsonl');
  const labels = existsSync(labelsPath) ? readJsonl(labelsPath, LogLabels) : [];
  const byId = new Map(labels.map((l) => [l.log_id, l]));
  const sources: SourceLog[] = [];
  for (const path of listLogFiles(dir)) {
    const id = basename(path).replace(/\.[^.]+$/, '');
    const parsed = readLogFile(path, { logId: id });
    const log = parsed.logs[0];
    if (!log) throw new InputError(`log ${id} could not be read${parsed.issues[0] ? `: ${parsed.issues[0].message}` : ''}`, { file: path });
    const lab = byId.get(id) ?? null;
    sources.push({ log: { ...log, ...(lab ? { clientKind: lab.client_kind, businessCategory: lab.business_category ?? undefined } : {}) }, labels: lab });
  }
  const qPath = join(dir, 'questions.jsonl');
  const items = existsSync(qPath) ? readJsonl(qPath, Item) : [];
  return { dir, sources, items };
}

/** SHA-256 of a text's UTF-8 bytes, hex. */
export function sha256Text(text: string): string {
  return createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
}

/** A JSON Lines file written line by line into a hidden temporary sibling and renamed into place on `commit`. */
class JsonlSink {
  private readonly tmp: string;
  private readonly fd: number;
  constructor(private readonly path: string) {
    this.tmp = join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
    this.fd = openSync(this.tmp, 'w');
  }
  write(records: readonly unknown[]): void {
    if (records.length > 0) writeSync(this.fd, formatJsonl(records));
  }
  commit(): void {
    fsyncSync(this.fd);
    closeSync(this.fd);
    renameSync(this.tmp, this.path);
  }
}

/**
 * Writes a perturbed dataset as it is produced, so memory does not grow with the output: `logs/<id>.tsv` as produced
 * (BOM and CRLF kept), `dialects/<id>.json`, and lines of `labels.jsonl`, `questions.jsonl` and `perturbations.jsonl`
 * (one record per log, the not-applicable ones last); `finish` adds `manifest.json` (and `check.json`). Every file
 * appears atomically: logs are written to a temporary file and renamed, the JSONL files are renamed into place at the end.
 */
export class PerturbedDatasetWriter {
  private readonly labels: JsonlSink;
  private readonly questions: JsonlSink;
  private readonly records: JsonlSink;
  private readonly logs: Array<{ log_id: string; source_log_id: string; sha256: string; bytes: number }> = [];
  private items = 0;

  constructor(
    private readonly out: string,
    private readonly source: string,
  ) {
    mkdirSync(join(out, 'logs'), { recursive: true });
    this.labels = new JsonlSink(join(out, 'labels.jsonl'));
    this.questions = new JsonlSink(join(out, 'questions.jsonl'));
    this.records = new JsonlSink(join(out, 'perturbations.jsonl'));
  }

  /** Writes one perturbed log and its lines. */
  add(o: PerturbedOutput): void {
    const sha = sha256Text(o.text);
    // temp + rename without an fsync per file (tens of thousands of files): the manifest, written last with an
    // fsync, marks the dataset whole, and an interrupted run is simply run again
    writeFileReplace(join(this.out, 'logs', `${o.record.log_id}.tsv`), o.text);
    if (o.dialect) {
      const path = join(this.out, o.record.dialect ?? `dialects/${o.record.log_id}.json`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileReplace(path, JSON.stringify(o.dialect, null, 2) + '\n');
    }
    this.records.write([{ ...o.record, sha256: sha }]);
    if (o.labels) this.labels.write([o.labels]);
    this.questions.write(o.items);
    this.items += o.items.length;
    this.logs.push({ log_id: o.record.log_id, source_log_id: o.record.source_log_id, sha256: sha, bytes: Buffer.byteLength(o.text, 'utf8') });
  }

  /** Adds the not-applicable records, puts the JSONL files in place and writes the manifest (and the matrix). */
  finish(notApplicable: readonly PerturbRecord[], options: PerturbDatasetOptions, matrix: DetectionMatrix | null): { logs: number; items: number } {
    this.records.write(notApplicable);
    this.records.commit();
    this.labels.commit();
    this.questions.commit();
    if (matrix) writeJsonAtomic(join(this.out, 'check.json'), matrix);
    writeJsonAtomic(join(this.out, 'manifest.json'), {
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

/** Writes a whole perturbed dataset held in memory (see `PerturbedDatasetWriter`). */
export function writePerturbedDataset(out: string, source: string, result: PerturbedDataset, options: PerturbDatasetOptions, matrix: DetectionMatrix | null): void {
  const w = new PerturbedDatasetWriter(out, source);
  for (const o of result.outputs) w.add(o);
  w.finish(result.notApplicable, options, matrix);
}

/** Reads `perturbations.jsonl` of a perturbed dataset. */
export function readPerturbations(dir: string): PerturbRecord[] {
  const path = join(dir, 'perturbations.jsonl');
  if (!existsSync(path)) throw new InputError('not a perturbed dataset (no perturbations.jsonl)', { file: path });
  return readJsonl(path, PerturbRecord);
}

/** The verbatim text of each perturbed log file, by log id (for prompts that show the file as written). */
export function readLogTexts(dir: string, logIds: Iterable<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const id of logIds) out.set(id, readRegularText(insideDataset(dir, `log ${id}`, 'logs', `${id}.tsv`)));
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
    const items = readJsonl(join(dir, 'questions.jsonl'), Item);
    return { dataset: dir, items, predictions: baselinePredictions(baseline, items, { seed }) };
  }
  let predictionsFile = path;
  let dir = dataset;
  if (existsSync(path) && statSync(path).isDirectory()) {
    predictionsFile = join(path, 'predictions.jsonl');
    if (!existsSync(predictionsFile)) throw new InputError('not an eval run directory (no predictions.jsonl)', { file: path });
    if (!dir) {
      const manifestPath = join(path, 'manifest.json');
      const manifest = existsSync(manifestPath) ? (JSON.parse(readRegularText(manifestPath)) as { dataset?: { dir?: string } }) : {};
      // an older manifest may hold a path relative to where eval ran: it is read relative to the run directory
      dir = manifest.dataset?.dir === undefined ? undefined : resolve(path, manifest.dataset.dir);
      if (!dir) throw new InputError('the run manifest names no dataset; pass it with --clean-dataset / --perturbed-dataset', { file: manifestPath });
    }
  }
  if (!dir) throw new UsageError(`${path} is a predictions file: name its dataset with --clean-dataset / --perturbed-dataset`, '--clean-dataset');
  const items = readJsonl(join(dir, 'questions.jsonl'), Item);
  return { dataset: dir, items, predictions: readPredictionsFile(predictionsFile).predictions };
}
