import { Worker } from 'node:worker_threads';
import { writeChunk, type ChunkJob } from '../../io/dataset-chunk.js';
import { CclupeError } from '../../errors.js';

/** What a finished chunk reports. */
export interface ChunkDone {
  start: number;
  logs: number;
  rows: number;
}

/** Chunks handed to a worker ahead of time, so that it never waits for the main thread between chunks. */
const IN_FLIGHT = 2;

/**
 * Writes the chunks with `workers` threads of execution: the calling thread (which has the code loaded and warm)
 * plus `workers − 1` worker threads running the compiled `generate-worker.js`. Each worker holds up to `IN_FLIGHT`
 * chunks; the calling thread takes the next free chunk between its own. The output does not depend on the
 * schedule: each chunk is a pure function of its indices. Resolves when all are done; the first failure rejects
 * (and stops the workers).
 */
export async function runChunks(
  settings: Omit<ChunkJob, 'start' | 'end'>,
  chunks: ReadonlyArray<{ start: number; end: number }>,
  workers: number,
  onDone: (d: ChunkDone) => void,
): Promise<void> {
  if (chunks.length === 0) return;
  const threads = Math.max(0, Math.min(workers - 1, chunks.length - 1));
  let next = 0;
  let failure: unknown = null;
  const pool: Worker[] = [];
  let settleWorkers: () => void = () => {};
  let failWorkers: (err: unknown) => void = () => {};
  let outstanding = 0;
  const workersDone = new Promise<void>((resolve, reject) => {
    settleWorkers = resolve;
    failWorkers = reject;
  });
  const checkDone = (): void => {
    if (failure === null && next >= chunks.length && outstanding === 0) settleWorkers();
  };
  const feed = (w: Worker): void => {
    if (failure !== null || next >= chunks.length) return;
    const c = chunks[next++];
    outstanding++;
    w.postMessage({ start: c.start, end: c.end });
  };
  const fail = (err: unknown): void => {
    if (failure !== null) return;
    failure = err;
    failWorkers(err);
  };
  for (let i = 0; i < threads; i++) {
    const w = new Worker(new URL('./generate-worker.js', import.meta.url), { workerData: settings });
    pool.push(w);
    w.on('message', (msg: { ok: boolean; start: number; logs?: number; rows?: number; error?: string }) => {
      outstanding--;
      if (!msg.ok) {
        fail(new CclupeError(`worker failed on chunk ${msg.start}: ${msg.error}`));
        return;
      }
      onDone({ start: msg.start, logs: msg.logs ?? 0, rows: msg.rows ?? 0 });
      feed(w);
      checkDone();
    });
    w.on('error', fail);
    w.on('exit', (code) => {
      if (code !== 0) fail(new CclupeError(`worker exited with code ${code}`));
    });
    for (let k = 0; k < IN_FLIGHT; k++) feed(w);
  }
  workersDone.catch(() => {});
  try {
    // The calling thread works too, yielding between chunks so worker messages and signals are handled.
    while (failure === null && next < chunks.length) {
      const c = chunks[next++];
      const meta = writeChunk({ ...settings, start: c.start, end: c.end });
      onDone({ start: c.start, logs: meta.logs.length, rows: meta.logs.reduce((a, l) => a + l.rows, 0) });
      await new Promise((r) => setImmediate(r));
    }
    checkDone();
    if (threads > 0) await workersDone;
    if (failure !== null) throw failure;
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}
