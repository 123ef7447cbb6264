import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Profile } from '../schema/profile.js';
import { InputError, UsageError } from '../errors.js';
import { readRegularText } from './read-regular.js';
import { parseStructuredText } from './structured-text.js';
import { canonicalJson } from './dataset-layout.js';
import { createHash } from 'node:crypto';

/** The `profiles/` directory shipped with the package (next to `dist/`). */
export const PROFILES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'profiles');

const EXTENSIONS = ['.json', '.yaml', '.yml'];

/** Names of the shipped profiles, sorted. */
export function listProfiles(dir: string = PROFILES_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => EXTENSIONS.includes(extname(f)))
    .map((f) => basename(f, extname(f)))
    .sort();
}

/** The SHA-256 (hex) of a resolved profile's canonical JSON: what a manifest's `profile_hashes` records per name. */
export function profileHash(profile: Profile): string {
  return createHash('sha256').update(canonicalJson(profile)).digest('hex');
}

/**
 * Loads a profile by name (a file of `profiles/`) or by path (anything with a `/` or a file extension), resolves its
 * `extends` chain and validates it with zod. Objects merge key by key down the chain (an amount distribution, an
 * object with `dist`, is replaced whole); arrays of named objects
 * (`income`, `obligations`, `spending`, `loans`) merge by `name` (an entry with `"remove": true` deletes the
 * inherited one); other arrays and scalars replace. `base` is the root of the chain.
 * Throws a UsageError naming the file and the field on any problem.
 */
export function loadProfile(nameOrPath: string, dir: string = PROFILES_DIR): Profile {
  const chain: Array<{ file: string; data: Record<string, unknown> }> = [];
  let file = locate(nameOrPath, dir, undefined);
  const seen = new Set<string>();
  for (;;) {
    if (seen.has(file)) throw new UsageError(`profile ${nameOrPath}: extends: cycle through ${file}`, 'extends');
    seen.add(file);
    const data = readProfileFile(file);
    chain.push({ file, data });
    const parent = data.extends;
    if (parent === undefined) break;
    if (typeof parent !== 'string' || parent === '') throw new UsageError(`profile ${file}: extends: must be a profile name`, 'extends');
    file = locate(parent, dirname(file), file);
  }
  let merged: Record<string, unknown> = {};
  for (let i = chain.length - 1; i >= 0; i--) merged = mergeProfile(merged, chain[i].data);
  const leaf = chain[0];
  const root = chain[chain.length - 1];
  delete merged.extends;
  merged.name = typeof leaf.data.name === 'string' ? leaf.data.name : basename(leaf.file, extname(leaf.file));
  merged.base = typeof root.data.name === 'string' ? root.data.name : basename(root.file, extname(root.file));
  const parsed = Profile.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = formatPath(issue.path);
    throw new UsageError(`profile ${leaf.file}: ${field}: ${issue.message}`, field);
  }
  return parsed.data;
}

function locate(nameOrPath: string, dir: string, from: string | undefined): string {
  const isPath = nameOrPath.includes('/') || nameOrPath.includes('\\') || EXTENSIONS.includes(extname(nameOrPath));
  const candidates = isPath ? [resolve(from ? dirname(from) : process.cwd(), nameOrPath)] : EXTENSIONS.map((e) => join(dir, nameOrPath + e));
  if (!isPath && from) for (const x of EXTENSIONS.map((e) => join(PROFILES_DIR, nameOrPath + e))) candidates.push(x);
  for (const c of candidates) if (existsSync(c)) return c;
  const known = listProfiles(dir);
  const hint = isPath ? '' : ` (known: ${known.join(', ')})`;
  throw new UsageError(`${from ? `profile ${from}: extends` : '--profile'}: no profile ${nameOrPath}${hint}`, from ? 'extends' : '--profile');
}

function readProfileFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readRegularText(file);
  } catch (err) {
    throw new UsageError(`profile ${file}: cannot read: ${(err as Error).message}`, '--profile');
  }
  let data: unknown;
  try {
    data = parseStructuredText(text, file);
  } catch (err) {
    if (err instanceof InputError) throw new UsageError(`profile ${err.format()}`, '--profile');
    throw err;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new UsageError(`profile ${file}: (root): must be an object`, '(root)');
  return data as Record<string, unknown>;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function isNamedArray(v: unknown): v is Array<Record<string, unknown>> {
  return Array.isArray(v) && v.every((e) => isPlainObject(e) && typeof e.name === 'string');
}

/** Merges a child profile over its parent (see `loadProfile`). */
export function mergeProfile(parent: Record<string, unknown>, child: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...parent };
  for (const [key, value] of Object.entries(child)) {
    const prev = out[key];
    // An amount distribution (`dist`) is replaced whole: its fields depend on its kind.
    if (isPlainObject(prev) && isPlainObject(value) && !('dist' in value)) out[key] = mergeProfile(prev, value);
    else if (isNamedArray(prev) && isNamedArray(value)) out[key] = mergeNamed(prev, value);
    else out[key] = value;
  }
  return out;
}

function mergeNamed(parent: Array<Record<string, unknown>>, child: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  const out = parent.map((e) => ({ ...e }));
  for (const entry of child) {
    const i = out.findIndex((e) => e.name === entry.name);
    if (entry.remove === true) {
      if (i >= 0) out.splice(i, 1);
      continue;
    }
    if (i >= 0) out[i] = mergeProfile(out[i], entry);
    else out.push(entry);
  }
  return out;
}

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`;
  return out === '' ? '(root)' : out;
}
