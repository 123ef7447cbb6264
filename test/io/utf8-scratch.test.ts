import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeUtf8 } from '../../src/io/utf8-scratch.js';

describe('encodeUtf8', () => {
  it('gives the bytes Buffer.from gives, for any text (lone surrogates included)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.nat(0xffff).map((c) => String.fromCharCode(c)), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 300 }), (text) => {
        expect(Buffer.compare(encodeUtf8(text), Buffer.from(text, 'utf8'))).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('grows past its first size, for texts longer than 64 KB of UTF-8', () => {
    const text = 'é€😀\t'.repeat(30_000);
    expect(Buffer.compare(encodeUtf8(text), Buffer.from(text, 'utf8'))).toBe(0);
    expect(encodeUtf8('ab').toString()).toBe('ab');
  });
});
