import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCents, parseCents, toCents } from '../../src/log/money.js';

describe('formatCents', () => {
  it('writes exactly two decimals with the sign in front', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-12345)).toBe('-123.45');
    expect(formatCents(100)).toBe('1.00');
  });
});

describe('parseCents', () => {
  it('reads canonical decimals and rejects anything else', () => {
    expect(parseCents('-123.45')).toBe(-12345);
    expect(parseCents('0.05')).toBe(5);
    expect(parseCents('-0.00')).toBe(0);
    for (const bad of ['1.5', '1,50', '+1.00', '1.000', '', 'abc', '1e3', ' 1.00']) expect(parseCents(bad)).toBeNull();
  });
  it('round-trips every safe amount', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => parseCents(formatCents(c)) === c));
  });
});

describe('toCents', () => {
  it('rounds half away from zero', () => {
    // 0.125 and 0.375 are exact in binary, so ×100 lands exactly on a half cent.
    expect(toCents(0.125)).toBe(13);
    expect(toCents(-0.125)).toBe(-13);
    expect(toCents(0.375)).toBe(38);
    expect(toCents(19.99)).toBe(1999);
  });
});
