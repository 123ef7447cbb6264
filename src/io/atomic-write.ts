import { closeSync, fsync, fsyncSync, openSync, renameSync, rmSync, writeSync, mkdirSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Writes a file so that readers see either the old content or the whole new content, never a part:
 * write to a temporary sibling, fsync, then rename over the target (atomic on POSIX within one file system).
 * Temporary files are named `.<name>.tmp-<random>` so that a crash leaves nothing that looks like a real output.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  writeFileAtomicWith(path, (append) => append(data));
}

/**
 * `writeFileAtomic` for content made in pieces: `fill` gets a function that appends bytes to the temporary file, so
 * that the whole content never has to be in memory at once.
 */
export function writeFileAtomicWith(path: string, fill: (append: (data: string | Uint8Array) => void) => void): void {
  const file = new AtomicFileWriter(path);
  try {
    fill((data) => file.append(data));
  } catch (err) {
    file.abort();
    throw withPath(err, path);
  }
  file.commit();
}

/**
 * A file written atomically by appends spread over time (a JSON Lines file filled as records are made): appends go
 * to a temporary sibling, `commit` fsyncs it and renames it into place, `abort` removes it. A failed append or commit
 * removes the temporary file too, so that nothing is left behind under either name.
 */
export class AtomicFileWriter {
  private readonly tmp: string;
  private fd: number | undefined;

  constructor(readonly path: string) {
    this.tmp = tempSibling(path);
    this.fd = openSync(this.tmp, 'w');
  }

  /** Appends all of `data` (UTF-8 for a string). */
  append(data: string | Uint8Array): void {
    if (this.fd === undefined) throw new Error(`${this.path}: append after commit or abort`);
    try {
      writeAllSync(this.fd, data);
    } catch (err) {
      this.abort();
      throw err;
    }
  }

  /** Fsyncs the temporary file and renames it over `path`. */
  commit(): void {
    if (this.fd === undefined) throw new Error(`${this.path}: commit after commit or abort`);
    const fd = this.fd;
    try {
      fsyncSync(fd);
      closeSync(fd);
      this.fd = undefined;
      renameSync(this.tmp, this.path);
    } catch (err) {
      this.abort();
      throw err;
    }
  }

  /** Closes and removes the temporary file (nothing appears under `path`); a no-op after `commit`. */
  abort(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.tmp, { force: true });
  }
}

/**
 * Names the file a system error was about when the failing call had only a descriptor (`write`, `fsync`: ENOSPC,
 * EIO, EDQUOT carry no path), so that the error line can say which file could not be written.
 */
export function withPath(err: unknown, path: string): unknown {
  const e = err as NodeJS.ErrnoException;
  if (e && typeof e === 'object' && typeof e.code === 'string' && e.path === undefined) e.path = path;
  return err;
}

/**
 * `writeFileAtomic` with the fsync on the libuv thread pool: the temporary file is written before this returns, and
 * the promise resolves once it is fsynced and renamed over `path`, so that the calling thread can go on working
 * during the fsync (a wait of several milliseconds on a busy disk). Readers see no new file or all of it, as with
 * `writeFileAtomic`; on failure the temporary file is removed and the promise rejects.
 */
export function writeFileAtomicAsync(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = tempSibling(path);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'w');
    writeAllSync(fd, data);
  } catch (err) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    return Promise.reject(withPath(err, path));
  }
  const opened = fd;
  return new Promise((resolve, reject) => {
    fsync(opened, (syncErr) => {
      try {
        closeSync(opened);
        if (syncErr) throw syncErr;
        renameSync(tmp, path);
        resolve();
      } catch (err) {
        rmSync(tmp, { force: true });
        reject(withPath(err, path));
      }
    });
  });
}

/** A fresh temporary name next to `path` (creating its directory): `.<name>.tmp-<pid>-<random>`. */
function tempSibling(path: string): string {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  return join(dir, `.${basename(path)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
}

/** Writes all of `data` (UTF-8 for a string) at `fd`'s position, however many `write` calls that takes. */
export function writeAllSync(fd: number, data: string | Uint8Array): void {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let off = 0;
  while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
}

/** Serialises a value as pretty JSON with a trailing newline and writes it atomically. */
export function writeJsonAtomic(path: string, value: unknown): void {
  writeFileAtomic(path, JSON.stringify(value, null, 2) + '\n');
}
