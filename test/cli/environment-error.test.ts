import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { environmentErrorLine } from '../../src/cli/environment-error.js';
import { withPath } from '../../src/io/atomic-write.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');

function sysError(code: string, extra: Partial<NodeJS.ErrnoException> = {}): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: something`), { code, ...extra });
}

describe('environmentErrorLine (D10)', () => {
  it('names the path, what went wrong and the code, for each environment error', () => {
    expect(environmentErrorLine(sysError('ENOSPC', { path: '/d/logs/a.tsv', syscall: 'write' }))).toBe('/d/logs/a.tsv: no space left on the device (ENOSPC, write)');
    expect(environmentErrorLine(sysError('EACCES', { path: '/d', syscall: 'open' }))).toBe('/d: permission denied (EACCES, open)');
    expect(environmentErrorLine(sysError('EROFS', { path: '/ro/x', syscall: 'mkdir' }))).toBe('/ro/x: read-only file system (EROFS, mkdir)');
    expect(environmentErrorLine(sysError('EMFILE', { path: '/d/f', syscall: 'open' }))).toBe('/d/f: too many open files in this process (EMFILE, open)');
    expect(environmentErrorLine(sysError('EXDEV', { path: '/a', dest: '/b', syscall: 'rename' } as Partial<NodeJS.ErrnoException>))).toBe('/a → /b: cannot rename across file systems (EXDEV, rename)');
  });

  it('finds the system error along the cause chain (a worker thread’s failure), and leaves other errors alone', () => {
    const wrapped = new Error('worker failed on chunk 0', { cause: { code: 'ENOSPC', path: '/d/logs/b.tsv', syscall: 'write' } });
    expect(environmentErrorLine(wrapped)).toBe('/d/logs/b.tsv: no space left on the device (ENOSPC, write)');
    expect(environmentErrorLine(new Error('meanBalance requires at least one row'))).toBeNull();
    expect(environmentErrorLine(sysError('ERR_SOMETHING'))).toBeNull();
  });

  it('withPath names the file a descriptor-only failure (write, fsync) was about, and keeps a path already there', () => {
    expect((withPath(sysError('ENOSPC', { syscall: 'write' }), '/d/x') as NodeJS.ErrnoException).path).toBe('/d/x');
    expect((withPath(sysError('EACCES', { path: '/a' }), '/d/x') as NodeJS.ErrnoException).path).toBe('/a');
  });
});

// A full disk for real: a 300 KB tmpfs, where the system allows mounting one (root in a container); skipped otherwise.
const mountDir = mkdtempSync(join(tmpdir(), 'cclupe-enospc-'));
const small = join(mountDir, 'small');
mkdirSync(small);
const mounted = process.getuid?.() === 0 && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=300k', 'tmpfs', small]).status === 0;

describe.skipIf(!mounted)('a full disk (tmpfs of 300 KB)', () => {
  afterAll(() => {
    spawnSync('umount', [small]);
  });

  it('generate, with one thread or two, ends with one line naming the file and exit 1, never 70', () => {
    for (const workers of ['1', '2']) {
      const out = join(small, `ds${workers}`);
      const r = spawnSync(process.execPath, [CLI, 'generate', '--count', '4100', '--workers', workers, '--out', out], { encoding: 'utf8', timeout: 120_000 });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^cclupe: ${out}/\\S+: no space left on the device \\(ENOSPC, \\w+\\)\\n$`));
      spawnSync('sh', ['-c', `rm -rf ${out}`]);
    }
  }, 240_000);
});
