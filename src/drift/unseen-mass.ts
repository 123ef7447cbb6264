/**
 * The unseen mass: the share of generated values that fall in bins where the reference count is 0 (SPEC §5).
 * Computed on raw counts (before smoothing), since smoothing is what hides this mass from KL. Cost O(k).
 */
export function unseenMass(generated: readonly number[], reference: readonly number[]): number {
  if (generated.length !== reference.length) throw new RangeError('unseenMass requires count vectors of the same length');
  let n = 0;
  let unseen = 0;
  for (let i = 0; i < generated.length; i++) {
    n += generated[i];
    if (reference[i] === 0) unseen += generated[i];
  }
  return n > 0 ? unseen / n : 0;
}
