import { UsageError } from '../errors.js';

/** The most bootstrap replicates a command takes: each is a pass over every item, and 10⁶ already takes hours. */
export const MAX_REPLICATES = 1_000_000;

/**
 * Parses a whole-number option in [min, max] (digits only: `1e3`, `2.5`, `0x10` and signs are refused). A number past
 * `Number.MAX_SAFE_INTEGER` (2⁵³ − 1) is refused by name rather than rounded: `9007199254740993` reads as
 * 9007199254740992 in a double, a different count than the one typed.
 */
export function parseIntegerOption(text: string, field: string, range: { min: number; max?: number }): number {
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  const want = max === Number.MAX_SAFE_INTEGER ? `a whole number ≥ ${range.min}` : `a whole number from ${range.min} to ${max}`;
  const t = text.trim();
  const x = Number(t);
  if (/^\d+$/.test(t) && !Number.isSafeInteger(x) && max === Number.MAX_SAFE_INTEGER) {
    throw new UsageError(`${field} must be ${want}; ${t} is past Number.MAX_SAFE_INTEGER (${Number.MAX_SAFE_INTEGER}), where whole numbers stop being exact`, field);
  }
  if (!/^\d+$/.test(t) || x < range.min || x > max) throw new UsageError(`${field} must be ${want}, got ${text}`, field);
  return x;
}
