/**
 * Kullback–Leibler divergence KL(P‖Q) = Σ p_i ln(p_i / q_i), in nats (Cover & Thomas, Elements of Information Theory,
 * eq. 2.26, with natural log). Terms with p_i = 0 contribute 0; a q_i = 0 under p_i > 0 gives +∞, which is why
 * SPEC §5 smooths both sides first. In CCLUPE's direction P is the generated corpus and Q the reference. Cost O(k).
 */
export function klDivergence(p: readonly number[], q: readonly number[]): number {
  if (p.length !== q.length) throw new RangeError('klDivergence requires distributions of the same length');
  let kl = 0;
  for (let i = 0; i < p.length; i++) {
    if (p[i] === 0) continue;
    if (q[i] === 0) return Infinity;
    kl += p[i] * Math.log(p[i] / q[i]);
  }
  return Math.max(0, kl);
}
