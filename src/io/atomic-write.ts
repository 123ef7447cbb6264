import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync, mkdirSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Writes a file so that readers see either the old content or the whole new content, never a part:
 * write to a temporary sibling, fsync, then rename over the target (atomic on POSIX within one file system).
 * Temporary files are named `.<name>.tmp-<random>` so that a crash leaves nothing that looks like a real output.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'w');
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (err) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** Serialises a value as pretty JSON with a trailing newline and writes it atomically. */
export function writeJsonAtomic(path: string, value: unknown): void {
  writeFileAtomic(path, JSON.stringify(value, null, 2) + '\n');
}
