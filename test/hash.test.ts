import { describe, expect, it } from 'vitest';
import { hashValue, sha256Hex, stableStringify } from '../src/hash.js';

describe('stableStringify', () => {
  it('sorts object keys at every depth and drops undefined members, like JSON.stringify otherwise', () => {
    expect(stableStringify({ b: 1, a: { d: [1, { z: null, y: 'x' }], c: undefined } })).toBe('{"a":{"d":[1,{"y":"x","z":null}]},"b":1}');
    expect(stableStringify([undefined, 'é\n"'])).toBe(JSON.stringify([undefined, 'é\n"']));
  });
  it('gives equal text for objects that differ only in key order', () => {
    expect(stableStringify({ x: 1, y: [2] })).toBe(stableStringify({ y: [2], x: 1 }));
  });
});

describe('sha256Hex', () => {
  // Digest of "abc" from FIPS 180-2, appendix B.1.
  it('matches the FIPS 180-2 test vector', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('hashValue', () => {
  it('ignores key order', () => {
    expect(hashValue({ a: 1, b: 2 })).toBe(hashValue({ b: 2, a: 1 }));
  });
});
