import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import { AtomicFileWriter } from './atomic-write.js';
import { renderLog, type ChunkJob, type RenderedLog } from './dataset-chunk.js';
import { datasetPaths, writeFileReplace } from './dataset-layout.js';
import { readManifestStream, type ManifestHeader } from './manifest-stream.js';
import { readLines } from './shard-manifest.js';

/** What `repairDataset` found: the manifest's header, the logs it lists, and the files it wrote again (relative paths). */
export interface DatasetRepair {
  header: ManifestHeader;
  logs: number;
  /** Logs generated again: the damaged ones, and every other one too when `labels.jsonl` was rebuilt whole. */
  generated: number;
  repaired: string[];
}

/**
 * Checks a finished dataset against its `manifest.json` and regenerates what is missing or differs, so that a re-run
 * of `cclupe generate` on a damaged directory ends byte-identical to an uninterrupted run. Every log the manifest
 * lists is hashed (SHA-256; the whole check of 1,000 logs of the default size, 26 MB, with their labels took
 * 0.26–0.49 s, so 100,000 take about half a minute) and one that is missing or differs is generated again alone (each
 * log has its own stream). `labels.jsonl` must hold one line per listed log, in order, each starting with that log's
 * id, and match its SHA-256 (`labels_sha256` of the manifest, or a shard's `shard.json`, `expect.labelsSha256`) when
 * one is recorded; the lines of regenerated logs are put back as generated, and a file that is missing or out of
 * shape is rebuilt whole (which generates every log once more). A log that generates again to other bytes than the
 * manifest lists (a dataset made by another version) is an `InputError` naming the manifest: it cannot be repaired.
 */
export function repairDataset(job: Omit<ChunkJob, 'start' | 'end'>, expect: { labelsSha256?: string } = {}): DatasetRepair {
  const p = datasetPaths(job.out);
  const entries: ListedLog[] = [];
  const bad: ListedLog[] = [];
  const { header } = readManifestStream(p.manifest, (entry) => {
    entries.push({ index: entry.index, log_id: entry.log_id, sha256: entry.sha256 });
    let bytes: Buffer | null = null;
    try {
      bytes = readFileSync(join(p.logs, `${entry.log_id}.tsv`));
    } catch {
      // missing (or unreadable): regenerated below
    }
    if (bytes === null || createHash('sha256').update(bytes).digest('hex') !== entry.sha256) bad.push(entries[entries.length - 1]);
  });
  const repaired: string[] = [];
  const fresh = new Map<number, RenderedLog>();
  if (bad.length > 0) mkdirSync(p.logs, { recursive: true });
  for (const entry of bad) {
    const r = regenerate(job, entry, p.manifest);
    writeFileReplace(join(p.logs, `${r.log_id}.tsv`), r.tsv);
    fresh.set(entry.index, r);
    repaired.push(`logs/${r.log_id}.tsv`);
  }
  // the manifest lists the labels' SHA-256 (manifests written before it did: the shape of each line is checked alone)
  const labels = repairLabels(job, p.labels, p.manifest, entries, fresh, expect.labelsSha256 ?? header.labels_sha256);
  if (labels.written) repaired.push('labels.jsonl');
  return { header, logs: entries.length, generated: bad.length + labels.generated, repaired };
}

/** A log as the manifest lists it. */
interface ListedLog {
  index: number;
  log_id: string;
  sha256: string;
}

/** Generates a listed log again; bytes other than the manifest's are an `InputError` naming it. */
function regenerate(job: Omit<ChunkJob, 'start' | 'end'>, entry: ListedLog, manifest: string): RenderedLog {
  const r = renderLog(job, entry.index);
  if (r.log_id !== entry.log_id || r.sha256 !== entry.sha256) {
    throw new InputError(`log ${entry.log_id} (index ${entry.index}) generates again to other bytes than the manifest lists (made by another version?); cannot repair the dataset`, { file: manifest });
  }
  return r;
}

/**
 * Puts `labels.jsonl` right: says whether it was written again, and how many logs that generated again. Its lines are read in pieces (about 5 KB a log,
 * so 500 MB at 100,000 logs), each only checked for its log id, and copied over only when one must change.
 */
function repairLabels(
  job: Omit<ChunkJob, 'start' | 'end'>,
  path: string,
  manifest: string,
  entries: readonly ListedLog[],
  fresh: ReadonlyMap<number, RenderedLog>,
  sha256: string | undefined,
): { written: boolean; generated: number } {
  let shaped = existsSync(path);
  let differs = false;
  if (shaped) {
    let i = 0;
    const hash = createHash('sha256');
    const { whole } = readLines(path, (line) => {
      hash.update(line + '\n');
      const e = entries[i++];
      if (e === undefined || !line.startsWith(`{"log_id":${JSON.stringify(e.log_id)},`)) shaped = false;
      else if (fresh.has(e.index) && line + '\n' !== fresh.get(e.index)!.labels) differs = true;
    });
    if (!whole || i !== entries.length) shaped = false;
    // a shard's shard.json lists the file's SHA-256: then a changed line shows too, and the file is rebuilt whole
    if (sha256 !== undefined && hash.digest('hex') !== sha256) shaped = false;
  }
  if (shaped && !differs) return { written: false, generated: 0 };
  let generated = 0;
  const out = new AtomicFileWriter(path);
  try {
    if (shaped) {
      let i = 0;
      readLines(path, (line) => out.append(fresh.get(entries[i++].index)?.labels ?? line + '\n'));
    } else {
      for (const e of entries) {
        let r = fresh.get(e.index);
        if (r === undefined) {
          r = regenerate(job, e, manifest);
          generated++;
        }
        out.append(r.labels);
      }
    }
  } catch (err) {
    out.abort();
    throw err;
  }
  out.commit();
  return { written: true, generated };
}
