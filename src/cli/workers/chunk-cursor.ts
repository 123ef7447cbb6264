/**
 * The next unclaimed chunk of a run, shared by the calling thread and the worker threads through a
 * `SharedArrayBuffer`: each thread takes its next chunk with one atomic add instead of waiting for the calling
 * thread to hand it one (which the calling thread can only do between its own chunks).
 */
export class ChunkCursor {
  /** The shared memory: pass it to a worker and wrap it there with `new ChunkCursor(buffer)`. */
  readonly buffer: SharedArrayBuffer;
  // cells[0]: the next index to hand out; cells[1]: how many chunks there are (0 once closed).
  private readonly cells: Int32Array;

  /** A new cursor over `count` chunks, or, given the buffer of one, that cursor as seen from another thread. */
  constructor(source: number | SharedArrayBuffer) {
    this.buffer = typeof source === 'number' ? new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT) : source;
    this.cells = new Int32Array(this.buffer);
    if (typeof source === 'number') this.cells[1] = source;
  }

  /** Claims the next chunk: its index in the run's chunk list, or −1 when none is left (or the cursor is closed). */
  claim(): number {
    const k = Atomics.add(this.cells, 0, 1);
    return k < Atomics.load(this.cells, 1) ? k : -1;
  }

  /** Hands out no more chunks (after a failure); chunks already claimed still finish. */
  close(): void {
    Atomics.store(this.cells, 1, 0);
  }
}
