import { Worker } from 'node:worker_threads';
import { writeChunk, type ChunkJob } from '../../io/dataset-chunk.js';
import type { ChunkMeta } from '../../io/dataset-layout.js';
import { CclupeError } from '../../errors.js';
import { ChunkCursor } from './chunk-cursor.js';

/** What `generate-worker.js` receives as `workerData`. */
export interface WorkerSetup {
  settings: Omit<ChunkJob, 'start' | 'end'>;
  chunks: ReadonlyArray<{ start: number; end: number }>;
  /** The `ChunkCursor` buffer shared by all threads of the run. */
  cursor: SharedArrayBuffer;
}

/** What a worker posts: one message per finished chunk, then `finished` once the cursor is exhausted; or the error. */
export type WorkerMessage =
  | { kind: 'chunk'; meta: ChunkMeta }
  | { kind: 'finished' }
  | { kind: 'failed'; start: number; error: string; code?: string; path?: string; syscall?: string };

/**
 * Writes the chunks with `workers` threads of execution: the calling thread (which has the code loaded and warm)
 * plus `workers − 1` worker threads running the compiled `generate-worker.js`. Every thread claims its next chunk
 * from one shared `ChunkCursor`, so no thread waits for another to hand it work (the calling thread only looks at
 * worker messages between its own chunks) and the run ends with at most one chunk of imbalance. A chunk counts as
 * done once committed (`writeChunk`'s promise), when `onDone` gets its meta (an error it throws fails the run);
 * threads generate the next one meanwhile.
 * The output does not depend on the schedule: each chunk is a pure function of its indices. Resolves when all are
 * done; the first failure rejects (and stops the workers).
 */
export async function runChunks(
  settings: Omit<ChunkJob, 'start' | 'end'>,
  chunks: ReadonlyArray<{ start: number; end: number }>,
  workers: number,
  onDone: (meta: ChunkMeta) => void,
): Promise<void> {
  if (chunks.length === 0) return;
  const threads = Math.max(0, Math.min(workers - 1, chunks.length - 1));
  const cursor = new ChunkCursor(chunks.length);
  let failure: unknown = null;
  const pool: Worker[] = [];
  let running = threads;
  let settleWorkers: () => void = () => {};
  let failWorkers: (err: unknown) => void = () => {};
  const workersDone = new Promise<void>((resolve, reject) => {
    settleWorkers = resolve;
    failWorkers = reject;
  });
  const fail = (err: unknown): void => {
    if (failure !== null) return;
    failure = err;
    cursor.close();
    failWorkers(err);
  };
  const setup: WorkerSetup = { settings, chunks, cursor: cursor.buffer };
  for (let i = 0; i < threads; i++) {
    const w = new Worker(new URL('./generate-worker.js', import.meta.url), { workerData: setup });
    pool.push(w);
    let finished = false;
    w.on('message', (msg: WorkerMessage) => {
      if (msg.kind === 'failed') fail(new CclupeError(`worker failed on chunk ${msg.start}: ${msg.error}`, { cause: { code: msg.code, path: msg.path, syscall: msg.syscall } }));
      else if (msg.kind === 'chunk') {
        try {
          onDone(msg.meta);
        } catch (err) {
          fail(err);
        }
      } else {
        finished = true;
        if (--running === 0 && failure === null) settleWorkers();
      }
    });
    w.on('error', fail);
    // A worker's messages are all delivered before its exit event.
    w.on('exit', (code) => {
      if (!finished) fail(new CclupeError(`worker exited with code ${code} before finishing`));
    });
  }
  workersDone.catch(() => {});
  const commits: Array<Promise<void>> = [];
  try {
    // The calling thread works too, yielding between chunks so that worker messages, commits and signals are handled.
    // A failed commit closes the cursor (through `fail`), which ends this loop at its next claim.
    for (let k = cursor.claim(); k >= 0; k = cursor.claim()) {
      const c = chunks[k];
      commits.push(
        writeChunk({ ...settings, start: c.start, end: c.end })
          .then(onDone)
          .catch(fail),
      );
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(commits);
    if (threads > 0 && failure === null) await workersDone;
    if (failure !== null) throw failure;
  } catch (err) {
    fail(err);
    throw failure;
  } finally {
    await Promise.all(commits);
    await Promise.all(pool.map((w) => w.terminate()));
  }
}
