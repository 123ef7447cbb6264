import { parentPort, workerData } from 'node:worker_threads';
import { writeChunk, type ChunkJob } from '../../io/dataset-chunk.js';

/**
 * Worker-thread entry of `cclupe generate`: receives the run's fixed settings as `workerData` and chunk ranges as
 * messages, writes each chunk (`writeChunk`) and answers with its log and row counts, or with the error.
 */
type Settings = Omit<ChunkJob, 'start' | 'end'>;
const settings = workerData as Settings;

parentPort?.on('message', (msg: { start: number; end: number }) => {
  try {
    const meta = writeChunk({ ...settings, start: msg.start, end: msg.end });
    let rows = 0;
    for (const l of meta.logs) rows += l.rows;
    parentPort?.postMessage({ ok: true, start: msg.start, logs: meta.logs.length, rows });
  } catch (err) {
    parentPort?.postMessage({ ok: false, start: msg.start, error: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) });
  }
});
