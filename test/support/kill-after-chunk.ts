import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CLI } from './cli.js';

/**
 * Runs `cclupe generate` (`args`, writing into `out`) as a process and kills it with SIGKILL once at least one chunk is
 * committed under `out/.parts/`; resolves when it has exited (it may have finished first on a fast machine).
 */
export function generateKilledAfterChunk(args: readonly string[], out: string): Promise<void> {
  const child = spawn(process.execPath, [CLI, ...args, '--out', out], { stdio: 'ignore', env: { ...process.env, CI: '1' } });
  return new Promise<void>((done, fail) => {
    const timer = setInterval(() => {
      const parts = join(out, '.parts');
      if (existsSync(parts) && readdirSync(parts).some((f) => /^chunk-.*\.jsonl$/.test(f))) {
        child.kill('SIGKILL');
        clearInterval(timer);
      }
    }, 5);
    child.on('exit', () => {
      clearInterval(timer);
      done();
    });
    child.on('error', fail);
  });
}
