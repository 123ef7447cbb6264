import { Worker } from 'node:worker_threads';
import { writeChunk, type ChunkJob } from '../../io/dataset-chunk.js';
import { CclupeError } from '../../errors.js';

/** What a finished chunk reports. */
export interface ChunkDone {
  start: number;
  logs: number;
  rows: number;
}

/**
 * Writes the chunks with `workers` worker threads (compiled `generate-worker.js`), handing the next chunk to whichever
 * worker is free. The output does not depend on the schedule: each chunk is a pure function of its indices.
 * With one worker the chunks run on the calling thread. Resolves when all are done; the first failure rejects
 * (and stops the other workers).
 */
export async function runChunks(
  settings: Omit<ChunkJob, 'start' | 'end'>,
  chunks: ReadonlyArray<{ start: number; end: number }>,
  workers: number,
  onDone: (d: ChunkDone) => void,
): Promise<void> {
  if (chunks.length === 0) return;
  if (workers <= 1 || chunks.length === 1) {
    for (const c of chunks) {
      const meta = writeChunk({ ...settings, start: c.start, end: c.end });
      onDone({ start: c.start, logs: meta.logs.length, rows: meta.logs.reduce((a, l) => a + l.rows, 0) });
      // Let the event loop breathe so that progress output and signals are handled.
      await new Promise((r) => setImmediate(r));
    }
    return;
  }
  const n = Math.min(workers, chunks.length);
  let next = 0;
  const pool: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let running = 0;
      let failed = false;
      const feed = (w: Worker): void => {
        if (failed) return;
        if (next >= chunks.length) {
          if (running === 0) resolve();
          return;
        }
        const c = chunks[next++];
        running++;
        w.postMessage({ start: c.start, end: c.end });
      };
      for (let i = 0; i < n; i++) {
        const w = new Worker(new URL('./generate-worker.js', import.meta.url), { workerData: settings });
        pool.push(w);
        w.on('message', (msg: { ok: boolean; start: number; logs?: number; rows?: number; error?: string }) => {
          running--;
          if (!msg.ok) {
            failed = true;
            reject(new CclupeError(`worker failed on chunk ${msg.start}: ${msg.error}`));
            return;
          }
          onDone({ start: msg.start, logs: msg.logs ?? 0, rows: msg.rows ?? 0 });
          feed(w);
        });
        w.on('error', (err) => {
          failed = true;
          reject(err);
        });
        w.on('exit', (code) => {
          if (code !== 0 && !failed) {
            failed = true;
            reject(new CclupeError(`worker exited with code ${code}`));
          }
        });
      }
      for (const w of pool) feed(w);
    });
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}
