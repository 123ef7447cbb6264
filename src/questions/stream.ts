import type { Rng } from '../random/rng.js';

const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a (32-bit) of `key` continued from the state `h` (start from `FNV_OFFSET`). */
function fnv(h: number, key: string): number {
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** mulberry32 (Tommy Ettinger, public domain) from the seed `h`. */
function mulberry32(h: number): Rng {
  let a = h >>> 0;
  return {
    next(): number {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

/**
 * A fast per-template stream: FNV-1a (32-bit) hash of the key seeds mulberry32 (Tommy Ettinger, public domain;
 * period 2^32, ample for shuffling a handful of options). Building the item set creates ~20 streams per log, and
 * seedrandom's Alea key setup costs ~0.1 ms each, which alone would cap the builder below 500 logs/s.
 */
export function templateRng(key: string): Rng {
  return mulberry32(fnv(FNV_OFFSET, key));
}

/**
 * The streams of many keys sharing one prefix: `streams(prefix)(suffix)` = `templateRng(prefix + suffix)`, with the
 * prefix hashed once (a log's template streams share the log's key).
 */
export function templateRngs(prefix: string): (suffix: string) => Rng {
  const h = fnv(FNV_OFFSET, prefix);
  return (suffix) => mulberry32(fnv(h, suffix));
}
