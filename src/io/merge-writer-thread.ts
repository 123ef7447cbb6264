import { parentPort, workerData } from 'node:worker_threads';
import { writeFileSync } from 'node:fs';
import type { WriterShared } from './merge-writer.js';

/**
 * The thread of `MergeWriter`: writes each file it is sent, then gives its bytes back to the shared budget (and
 * wakes the merging thread, which may be waiting on it). The first failure is kept in shared memory, since the
 * merging thread does not turn its event loop until the merge ends.
 */
const shared = workerData as WriterShared;
const ctl = new Int32Array(shared.control);
const errorText = new Uint8Array(shared.error);

parentPort?.on('message', (m: { path: string; data: Uint8Array }) => {
  try {
    if (Atomics.load(ctl, 2) === 0) writeFileSync(m.path, m.data);
  } catch (err) {
    const text = Buffer.from(String((err as Error).message ?? err)).subarray(0, errorText.length);
    errorText.set(text);
    Atomics.store(ctl, 3, text.length);
    Atomics.store(ctl, 2, 1);
  }
  Atomics.sub(ctl, 0, m.data.byteLength);
  Atomics.sub(ctl, 1, 1);
  Atomics.notify(ctl, 1);
});
