import { describe, expect, it } from 'vitest';
import { Semaphore } from '../../src/eval/semaphore.js';

describe('Semaphore', () => {
  it('never lets more than limit holders run at once', async () => {
    const sem = new Semaphore(3);
    let active = 0;
    let peak = 0;
    const task = async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setImmediate(r));
      active--;
    };
    await Promise.all(Array.from({ length: 20 }, () => sem.run(task)));
    expect(peak).toBe(3);
    expect(sem.inUse).toBe(0);
  });

  it('serves waiters first come, first served', async () => {
    const sem = new Semaphore(1);
    const order: number[] = [];
    await Promise.all([0, 1, 2, 3].map((i) => sem.run(async () => void order.push(i))));
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it('refuses a zero limit', () => {
    expect(() => new Semaphore(0)).toThrow('Semaphore requires a positive integer limit');
  });
});
