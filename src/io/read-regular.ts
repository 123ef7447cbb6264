import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { InputError } from '../errors.js';

/** The largest file read whole by default (1 GiB); `--max-file-bytes` changes it. */
export const DEFAULT_MAX_FILE_BYTES = 1024 ** 3;

/** What a path is when it is not a regular file, in words for an error line. */
export function fileKind(st: Stats): string {
  if (st.isFile()) return 'a regular file';
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** A file that is not a regular file, or is larger than allowed: reading it would hang, never end or exhaust memory. */
export class UnreadableFileError extends InputError {
  override name = 'UnreadableFileError';
  constructor(
    message: string,
    file: string,
    /** A short reason for an issue note: `FIFO`, `directory`, `too large` … */
    readonly reason: string,
  ) {
    super(message, { file });
  }
}

/**
 * Reads a whole file, only when it is a regular file of at most `maxBytes` bytes. The file is opened without
 * blocking (a FIFO with no writer would otherwise block the open for ever) and checked with `fstat` on the open
 * descriptor (so a symlink swapped after a check cannot slip a FIFO or `/dev/zero` in). Reads stop at `maxBytes`
 * even when the file grows while it is read. Throws `UnreadableFileError` for a special or too large file, and the
 * system error (ENOENT, EACCES …) otherwise.
 */
export function readRegularFile(path: string, opts: { maxBytes?: number; display?: string } = {}): Buffer {
  const max = opts.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  const display = opts.display ?? path;
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UnreadableFileError(`${fileKind(st)}, not a regular file; only regular files are read`, display, fileKind(st).replace(/^an? /, '').replace(/ \(.*\)$/, ''));
    if (st.size > max) throw new UnreadableFileError(`file is ${st.size} bytes, over the limit of ${max} (--max-file-bytes)`, display, `${st.size} bytes, over --max-file-bytes ${max}`);
    const buf = Buffer.allocUnsafe(st.size);
    let got = 0;
    while (got < st.size) {
      const n = readSync(fd, buf, got, st.size - got, null);
      if (n === 0) break;
      got += n;
    }
    return got === st.size ? buf : buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/** `readRegularFile` decoded as UTF-8. */
export function readRegularText(path: string, opts: { maxBytes?: number; display?: string } = {}): string {
  return readRegularFile(path, opts).toString('utf8');
}
