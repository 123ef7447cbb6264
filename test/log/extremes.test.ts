import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maxOf, minOf } from '../../src/log/extremes.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** Calls that take their arguments on the stack: spreading a list of a user's rows or issues into one overflows it. */
const SPREAD_CALL_RE = /\b(?:push|unshift|splice|Math\.max|Math\.min|fromCharCode|fromCodePoint)\(\s*(?:[^(){}[\]]*,\s*)?\.\.\./;

describe('maxOf / minOf', () => {
  it('give what Math.max / Math.min of the spread list give, on empty lists and NaN too', () => {
    for (const xs of [[], [3], [1, 5, -2], [2, Number.NaN, 1], [-0, 0]]) {
      expect(Object.is(maxOf(xs), Math.max(...xs))).toBe(true);
      expect(Object.is(minOf(xs), Math.min(...xs))).toBe(true);
    }
  });

  it('take a million values, where a spread overflows the stack', () => {
    const xs = Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_003);
    expect(() => Math.max(...xs)).toThrow(RangeError);
    expect(maxOf(xs)).toBe(1_000_002);
    expect(minOf(xs)).toBe(0);
  });
});

describe('no array spread into a call anywhere in src/', () => {
  it('finds no push(...xs), Math.max(...xs), fromCharCode(...xs) and the like', () => {
    const hits: string[] = [];
    for (const file of sources(SRC)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, k) => {
          if (!/^\s*(\/\/|\*)/.test(line) && SPREAD_CALL_RE.test(line)) hits.push(`${relative(SRC, file)}:${k + 1}: ${line.trim()}`);
        });
    }
    expect(hits).toEqual([]);
  });
});
