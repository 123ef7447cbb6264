/**
 * Errors of the environment rather than of the toolkit or its input: a full disk, a read-only file system, no
 * permission, too many open files. The CLI prints each as one line naming the path and exits 1, never 70.
 */
const ENVIRONMENT_ERRORS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large for the file system',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EMFILE: 'too many open files in this process',
  ENFILE: 'too many open files in the system',
  EIO: 'input/output error',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'is a directory',
  ENAMETOOLONG: 'name too long',
  ELOOP: 'too many levels of symbolic links',
  EXDEV: 'cannot rename across file systems',
  EBUSY: 'resource busy',
  ETXTBSY: 'text file busy',
  ENOMEM: 'out of memory',
};

/** The system error inside `err` (itself, or along its `cause` chain), when it is one of the environment's. */
function systemError(err: unknown): NodeJS.ErrnoException | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code in ENVIRONMENT_ERRORS) return e as NodeJS.ErrnoException;
  }
  return null;
}

/** One line for an environment error (`<path>: no space left on the device (ENOSPC, write)`), or null for any other error. */
export function environmentErrorLine(err: unknown): string | null {
  const e = systemError(err);
  if (!e) return null;
  const code = e.code as string;
  const where = [e.path, (e as { dest?: string }).dest].filter((p): p is string => typeof p === 'string' && p !== '').join(' → ');
  return `${where || '(no path given by the system)'}: ${ENVIRONMENT_ERRORS[code]} (${code}${e.syscall ? `, ${e.syscall}` : ''})`;
}
