/**
 * Population Stability Index PSI = Σ (p_i − q_i) · ln(p_i / q_i), P the new (generated) shares, Q the reference
 * (Siddiqi, Credit Risk Scorecards, 2006, ch. 8; equal to KL(P‖Q) + KL(Q‖P)). Usual reading: < 0.1 stable,
 * 0.1–0.25 some shift, > 0.25 shifted. Needs smoothed shares (no zeros). Cost O(k).
 */
export function populationStabilityIndex(p: readonly number[], q: readonly number[]): number {
  if (p.length !== q.length) throw new RangeError('populationStabilityIndex requires distributions of the same length');
  let psi = 0;
  for (let i = 0; i < p.length; i++) {
    if (p[i] === q[i]) continue;
    if (p[i] === 0 || q[i] === 0) return Infinity;
    psi += (p[i] - q[i]) * Math.log(p[i] / q[i]);
  }
  return Math.max(0, psi);
}
