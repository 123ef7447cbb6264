/** The additive smoothing constant of SPEC §5. */
export const DEFAULT_ALPHA = 0.5;

/**
 * Additive (Lidstone) smoothing then renormalisation: p_i = (c_i + α) / (n + k·α), n = Σ c_i, k bins (SPEC §5).
 * Every bin gets mass > 0, so KL and PSI stay finite when one side has an empty bin.
 */
export function smoothCounts(counts: readonly number[], alpha = DEFAULT_ALPHA): number[] {
  let n = 0;
  for (const c of counts) n += c;
  const denom = n + counts.length * alpha;
  if (!(denom > 0)) throw new RangeError('smoothCounts requires a positive total after smoothing');
  return counts.map((c) => (c + alpha) / denom);
}
