/**
 * Kolmogorov–Smirnov D on a shared binning: max over bin boundaries of |F_P − F_Q|, the empirical CDFs of two
 * count vectors (raw, not smoothed). On binned data this is the two-sample KS statistic of the binned values
 * (`scipy.stats.ks_2samp` on the bin indices); it is a lower bound of D on the unbinned values, tight at the edges.
 * Cost O(k).
 */
export function ksStatistic(p: readonly number[], q: readonly number[]): number {
  if (p.length !== q.length) throw new RangeError('ksStatistic requires count vectors of the same length');
  let np = 0;
  let nq = 0;
  for (let i = 0; i < p.length; i++) {
    np += p[i];
    nq += q[i];
  }
  if (np === 0 || nq === 0) return 0;
  let fp = 0;
  let fq = 0;
  let d = 0;
  for (let i = 0; i < p.length; i++) {
    fp += p[i] / np;
    fq += q[i] / nq;
    d = Math.max(d, Math.abs(fp - fq));
  }
  return Math.min(1, d);
}
