import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
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
import type { PerturbDatasetOptions, PerturbedDataset, SourceLog } from './dataset.js';
import type { DetectionMatrix } from './matrix.js';

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

/**
 * Writes a perturbed dataset: `logs/<id>.tsv` as produced (BOM and CRLF kept), `dialects/<id>.json` for files in
 * another format, `labels.jsonl`, `questions.jsonl`, `perturbations.jsonl` (one record per log, including the
 * not-applicable ones) and `manifest.json`. Every file is written atomically; outputs are in a stable order.
 */
export function writePerturbedDataset(out: string, source: string, result: PerturbedDataset, options: PerturbDatasetOptions, matrix: DetectionMatrix | null): void {
  const records: PerturbRecord[] = [];
  const labels: LogLabels[] = [];
  const items: Item[] = [];
  const logs: Array<{ log_id: string; source_log_id: string; sha256: string; bytes: number }> = [];
  for (const o of result.outputs) {
    const sha = sha256Text(o.text);
    writeFileAtomic(join(out, 'logs', `${o.record.log_id}.tsv`), o.text);
    if (o.dialect) writeJsonAtomic(join(out, o.record.dialect ?? `dialects/${o.record.log_id}.json`), o.dialect);
    records.push({ ...o.record, sha256: sha });
    if (o.labels) labels.push(o.labels);
    items.push(...o.items);
    logs.push({ log_id: o.record.log_id, source_log_id: o.record.source_log_id, sha256: sha, bytes: Buffer.byteLength(o.text, 'utf8') });
  }
  records.push(...result.notApplicable);
  writeFileAtomic(join(out, 'perturbations.jsonl'), formatJsonl(records));
  writeFileAtomic(join(out, 'labels.jsonl'), formatJsonl(labels));
  writeFileAtomic(join(out, 'questions.jsonl'), formatJsonl(items));
  if (matrix) writeJsonAtomic(join(out, 'check.json'), matrix);
  writeJsonAtomic(join(out, 'manifest.json'), {
    kind: 'cclupe-perturbed-dataset',
    tool: { name: 'cclupe-kit', version: VERSION },
    source,
    options: { ops: options.ops, severities: options.severities, seed: options.seed, rate: options.rate ?? null, cover: options.cover ?? 'all' },
    totals: { logs: logs.length, not_applicable: result.notApplicable.length, items: items.length },
    logs,
  });
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
  for (const id of logIds) out.set(id, readFileSync(join(dir, 'logs', `${id}.tsv`), 'utf8'));
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
      const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as { dataset?: { dir?: string } }) : {};
      dir = manifest.dataset?.dir;
      if (!dir) throw new InputError('the run manifest names no dataset; pass it with --clean-dataset / --perturbed-dataset', { file: manifestPath });
    }
  }
  if (!dir) throw new UsageError(`${path} is a predictions file: name its dataset with --clean-dataset / --perturbed-dataset`, '--clean-dataset');
  const items = readJsonl(join(dir, 'questions.jsonl'), Item);
  return { dataset: dir, items, predictions: readPredictionsFile(predictionsFile).predictions };
}
