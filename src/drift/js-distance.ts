/**
 * Jensen–Shannon distance in base 2: sqrt(JSD), JSD(P,Q) = ½ KL₂(P‖M) + ½ KL₂(Q‖M), M = ½(P+Q)
 * (Endres & Schindelin 2003; the same as `scipy.spatial.distance.jensenshannon(p, q, base=2)`).
 * Symmetric, finite even with empty bins, and in [0, 1]. Cost O(k).
 */
export function jsDistance(p: readonly number[], q: readonly number[]): number {
  if (p.length !== q.length) throw new RangeError('jsDistance requires distributions of the same length');
  let jsd = 0;
  for (let i = 0; i < p.length; i++) {
    const m = (p[i] + q[i]) / 2;
    if (p[i] > 0) jsd += 0.5 * p[i] * Math.log2(p[i] / m);
    if (q[i] > 0) jsd += 0.5 * q[i] * Math.log2(q[i] / m);
  }
  return Math.sqrt(Math.min(1, Math.max(0, jsd)));
}
