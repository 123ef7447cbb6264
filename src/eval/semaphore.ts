import { CclupeError } from '../errors.js';

/** A counting semaphore: at most `limit` holders at once, waiters served first come, first served. */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new CclupeError('Semaphore requires a positive integer limit');
  }

  /** Holders right now. */
  get inUse(): number {
    return this.active;
  }

  /** Waits for a slot. Pair every acquire with one release. */
  async acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Frees a slot, handing it straight to the oldest waiter if there is one. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.active--;
  }

  /** Runs `fn` holding a slot. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await fn();
    } finally {
      this.release();
    }
  }
}
