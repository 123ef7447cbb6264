import { parentPort, workerData } from 'node:worker_threads';
import { writeChunk } from '../../io/dataset-chunk.js';
import { ChunkCursor } from './chunk-cursor.js';
import type { WorkerMessage, WorkerSetup } from './pool.js';

/**
 * Worker-thread entry of `cclupe generate`: claims chunks from the run's shared cursor until none is left, writes
 * each (`writeChunk`) and posts its meta once committed, then `finished`; or posts the first error and stops.
 */
const { settings, chunks, cursor: shared } = workerData as WorkerSetup;
const cursor = new ChunkCursor(shared);
const post = (msg: WorkerMessage): void => parentPort?.postMessage(msg);
let failed = false;

function fail(start: number, err: unknown): void {
  if (failed) return;
  failed = true;
  const sys = err as NodeJS.ErrnoException;
  // a system error's code and path cross to the main thread, which prints an environment error as one line
  post({ kind: 'failed', start, error: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err), code: sys?.code, path: sys?.path, syscall: sys?.syscall });
}

async function work(): Promise<void> {
  const commits: Array<Promise<void>> = [];
  for (let k = cursor.claim(); k >= 0 && !failed; k = cursor.claim()) {
    const c = chunks[k];
    try {
      const committed = writeChunk({ ...settings, start: c.start, end: c.end });
      commits.push(
        committed.then(
          (meta) => post({ kind: 'chunk', meta }),
          (err: unknown) => fail(c.start, err),
        ),
      );
    } catch (err) {
      fail(c.start, err);
    }
    // Let the event loop run so that commits (fsync on the thread pool) finish while the next chunk is generated.
    await new Promise((r) => setImmediate(r));
  }
  await Promise.all(commits);
  if (!failed) post({ kind: 'finished' });
}

void work();
