import { parentPort, workerData } from 'node:worker_threads';
import { writeChunk } from '../../io/dataset-chunk.js';
import { ChunkCursor } from './chunk-cursor.js';
import type { WorkerMessage, WorkerSetup } from './pool.js';

/**
 * Worker-thread entry of `cclupe generate`: claims chunks from the run's shared cursor until none is left, writes
 * each (`writeChunk`) and posts its log and row counts, then `finished`; or posts the error and stops.
 */
const { settings, chunks, cursor: shared } = workerData as WorkerSetup;
const cursor = new ChunkCursor(shared);
const post = (msg: WorkerMessage): void => parentPort?.postMessage(msg);

let k = cursor.claim();
try {
  for (; k >= 0; k = cursor.claim()) {
    const c = chunks[k];
    const meta = writeChunk({ ...settings, start: c.start, end: c.end });
    let rows = 0;
    for (const l of meta.logs) rows += l.rows;
    post({ kind: 'chunk', start: c.start, logs: meta.logs.length, rows });
  }
  post({ kind: 'finished' });
} catch (err) {
  post({ kind: 'failed', start: chunks[k].start, error: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) });
}
