import { realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InputError } from '../errors.js';

/** Whether `path` is `root` or lies under it (both absolute and normalised). */
function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

/**
 * The path of `parts` under the dataset directory `root`, resolved, and refused (`InputError` naming `what`) when it
 * leaves the directory, lexically or through a symlink: a path built from data (a `log_id` in `questions.jsonl`)
 * must never make a command read, or send to a model, a file outside its dataset.
 */
export function insideDataset(root: string, what: string, ...parts: string[]): string {
  const base = resolve(root);
  const path = resolve(join(base, ...parts));
  if (!within(base, path)) throw new InputError(`${what} points outside the dataset directory`, { file: path });
  let real: string | null = null;
  try {
    real = realpathSync(path);
  } catch {
    return path; // missing: the caller reports it
  }
  const realBase = realpathSync(base);
  if (!within(realBase, real)) throw new InputError(`${what} is a symlink out of the dataset directory (to ${real})`, { file: path });
  return path;
}
