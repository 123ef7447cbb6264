import { closeSync, constants, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { dirname, join, relative, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialect } from '../schema/dialect.js';
import { readDialect } from './dialect-read.js';

/** Field separators the sniffer recognises, most specific first. */
export const SEPARATOR_CANDIDATES = ['\t', ';', ',', '|'] as const;
/** How a separator is named in messages. */
export const SEPARATOR_NAMES: Readonly<Record<string, string>> = { '\t': 'tab', ';': "';'", ',': "','", '|': "'|'" };

/** Occurrences of `sep` in a line outside double-quoted fields. */
function countOutsideQuotes(line: string, sep: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === sep && !quoted) n++;
  }
  return n;
}

/**
 * The field separator of a delimited text, from its first 20 non-empty lines: the candidate that appears on the first
 * line and as often on at least 80% of the lines (the most such fields wins), or null when none is consistent.
 */
export function sniffSeparator(text: string): string | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 20);
  if (lines.length === 0) return null;
  let best: { sep: string; fields: number } | null = null;
  for (const sep of SEPARATOR_CANDIDATES) {
    const head = countOutsideQuotes(lines[0], sep);
    if (head === 0) continue;
    const same = lines.filter((l) => countOutsideQuotes(l, sep) === head).length;
    if (same < 0.8 * lines.length) continue;
    if (!best || head > best.fields) best = { sep, fields: head };
  }
  return best?.sep ?? null;
}

/** The first `bytes` of a file as UTF-8 text (a cut character at the end is dropped by the split into lines). */
function readHead(path: string, bytes = 16_384): string | null {
  let fd: number | undefined;
  try {
    // non-blocking, and regular files only: a FIFO or device is never waited on (the reader reports it)
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    if (!fstatSync(fd).isFile()) return null;
    const buf = Buffer.alloc(bytes);
    const n = readSync(fd, buf, 0, bytes, 0);
    const text = buf.subarray(0, n).toString('utf8');
    // Drop a last line that the byte limit may have cut.
    return n === bytes ? text.slice(0, Math.max(0, text.lastIndexOf('\n'))) : text;
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A file whose separator is not the dialect's: what it looks like instead, and its header fields. */
export interface SeparatorMismatch {
  file: string;
  expected: string;
  found: string;
  header: string[];
}

/** Checks that a file's sniffed separator is the dialect's; null when it is, or when nothing can be told. */
export function separatorMismatch(path: string, dialect: Pick<Dialect, 'separator'>): SeparatorMismatch | null {
  const text = readHead(path);
  if (text === null) return null;
  const found = sniffSeparator(text);
  if (found === null || found === dialect.separator) return null;
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  // A line holding the expected separator as often as the found one is ambiguous: say nothing.
  if (countOutsideQuotes(first, dialect.separator) >= countOutsideQuotes(first, found)) return null;
  const header = first.split(found).map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase());
  return { file: path, expected: dialect.separator, found, header };
}

/** The dialect files shipped with the package (`dialects/`). */
export function shippedDialectsDir(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dialects');
}

/**
 * The shipped dialect that best fits a header with a given separator: same separator, and the most header names
 * among its column aliases (at least two). Returns its path, relative to `cwd` when under it.
 */
export function suggestDialect(m: Pick<SeparatorMismatch, 'found' | 'header'>, dir = shippedDialectsDir(), cwd = process.cwd()): string | null {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((f) => /\.(json|ya?ml)$/i.test(f)).sort();
  } catch {
    return null;
  }
  let best: { path: string; score: number } | null = null;
  for (const name of names) {
    const path = join(dir, name);
    let d: Dialect;
    try {
      d = readDialect(path);
    } catch {
      continue;
    }
    if (d.separator !== m.found) continue;
    const aliases = new Set(Object.values(d.columns).flat().map((a) => a.toLowerCase()));
    const score = m.header.filter((h) => aliases.has(h)).length;
    if (score >= 2 && (!best || score > best.score)) best = { path, score };
  }
  if (!best) return null;
  const rel = relative(cwd, best.path);
  return rel.startsWith('..') || isAbsolute(rel) ? best.path : rel;
}
