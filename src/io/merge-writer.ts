import { Worker } from 'node:worker_threads';
import { CclupeError } from '../errors.js';

/** Shared memory of a `MergeWriter` and its thread: [bytes pending, files pending, failed, error length] + error text. */
export interface WriterShared {
  control: SharedArrayBuffer;
  error: SharedArrayBuffer;
}

/** Bytes handed to the writing thread and not yet written, above which `write` waits. */
export const WRITER_BUDGET = 32 * 1024 * 1024;

/**
 * Writes files on a thread of its own while the calling thread goes on reading and hashing: on two cores a merge's
 * copy then takes about the time of its reads instead of their sum. `write` blocks (Atomics.wait, never the event
 * loop) while more than `WRITER_BUDGET` bytes wait, so memory stays flat; `finish` waits until every file is
 * written and throws the first write error.
 */
export class MergeWriter {
  private readonly worker: Worker;
  private readonly ctl: Int32Array;
  private readonly shared: WriterShared;

  constructor() {
    this.shared = { control: new SharedArrayBuffer(16), error: new SharedArrayBuffer(1024) };
    this.ctl = new Int32Array(this.shared.control);
    this.worker = new Worker(new URL('./merge-writer-thread.js', import.meta.url), { workerData: this.shared });
  }

  /** Queues `data` to be written to `path` (a new file). */
  write(path: string, data: Uint8Array): void {
    this.check();
    Atomics.add(this.ctl, 0, data.byteLength);
    Atomics.add(this.ctl, 1, 1);
    this.worker.postMessage({ path, data });
    while (Atomics.load(this.ctl, 0) > WRITER_BUDGET) this.waitForOne();
  }

  /** Waits until every queued file is written, stops the thread, and throws the first write error. */
  async finish(): Promise<void> {
    try {
      while (Atomics.load(this.ctl, 1) > 0) this.waitForOne();
      this.check();
    } finally {
      await this.worker.terminate();
    }
  }

  /** Stops the thread without waiting for what is queued (after a refusal: the output is discarded). */
  async abort(): Promise<void> {
    Atomics.store(this.ctl, 2, 1);
    await this.worker.terminate();
  }

  private waitForOne(): void {
    const files = Atomics.load(this.ctl, 1);
    if (files > 0) Atomics.wait(this.ctl, 1, files, 1000);
  }

  private check(): void {
    if (Atomics.load(this.ctl, 2) === 0) return;
    const n = Atomics.load(this.ctl, 3);
    throw new CclupeError(`cannot write a merged file: ${Buffer.from(new Uint8Array(this.shared.error, 0, n)).toString('utf8')}`);
  }
}
