import type { Rng } from '../random/rng.js';

/**
 * A fast per-template stream: FNV-1a (32-bit) hash of the key seeds mulberry32 (Tommy Ettinger, public domain;
 * period 2^32, ample for shuffling a handful of options). Building the item set creates ~20 streams per log, and
 * seedrandom's Alea key setup costs ~0.1 ms each, which alone would cap the builder below 500 logs/s.
 */
export function templateRng(key: string): Rng {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
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
