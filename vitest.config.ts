import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // vitest's default is one fork less than the CPUs: a single fork on a 2-core machine, which leaves a core idle
    // while a test waits on the CLI it spawned (a third of the suite's time). Two forks at least keep both busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
