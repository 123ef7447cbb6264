/**
 * Free-response numeric scoring by relative tolerance, as in CreditCardQA (§3 "Evaluation": accuracy at relative
 * error tolerances of 0.2% and 5%). Relative error = |value − gold| / |gold|; when gold is 0 the absolute error is used,
 * and only an exact 0 (up to 1e-9) passes at any tolerance, since a relative error is undefined there.
 */

/** Slack for binary floating point at the boundary: 100.2 vs 100 at ±0.2% must pass although |100.2−100| > 0.2 in floats. */
const BOUNDARY_SLACK = 1e-9;

/** |value − gold| / |gold|, or |value| when gold is 0. */
export function numericRelativeError(value: number, gold: number): number {
  const diff = Math.abs(value - gold);
  return gold === 0 ? diff : diff / Math.abs(gold);
}

/** True when `value` is within relative tolerance `tolerance` of `gold` (boundary included). */
export function withinRelativeTolerance(value: number, gold: number, tolerance: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (gold === 0) return Math.abs(value) <= BOUNDARY_SLACK;
  return numericRelativeError(value, gold) <= tolerance * (1 + BOUNDARY_SLACK);
}
