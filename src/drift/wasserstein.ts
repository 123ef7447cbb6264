/**
 * Wasserstein-1 (earth mover's) distance between two weighted samples on the real line:
 * W1 = ∫ |F_P(x) − F_Q(x)| dx over the merged support (Villani 2009; `scipy.stats.wasserstein_distance(u, v, uw, vw)`).
 * Weights need not be normalised; zero-weight points are ignored. Cost O(m log m) for m points.
 */
export function wasserstein1(
  pValues: readonly number[],
  pWeights: readonly number[],
  qValues: readonly number[],
  qWeights: readonly number[],
): number {
  const pts: Array<[number, number, number]> = [];
  let wp = 0;
  let wq = 0;
  for (let i = 0; i < pValues.length; i++) if (pWeights[i] > 0) (pts.push([pValues[i], pWeights[i], 0]), (wp += pWeights[i]));
  for (let i = 0; i < qValues.length; i++) if (qWeights[i] > 0) (pts.push([qValues[i], 0, qWeights[i]]), (wq += qWeights[i]));
  if (wp === 0 || wq === 0) return 0;
  pts.sort((a, b) => a[0] - b[0]);
  let fp = 0;
  let fq = 0;
  let w = 0;
  for (let i = 0; i < pts.length - 1; i++) {
    fp += pts[i][1] / wp;
    fq += pts[i][2] / wq;
    w += Math.abs(fp - fq) * (pts[i + 1][0] - pts[i][0]);
  }
  return w;
}

/**
 * Normalised W1 on a shared binning: each bin's mass sits at its mean value (per-bin sums / counts, kept while
 * streaming), W1 is taken between those point masses and divided by the reference's standard deviation
 * (the "normed Wasserstein distance" of Evidently AI's data-drift preset). Binning moves mass by at most a bin's
 * width, so on equal-frequency bins the error is small except in the open outer bins. Returns 0 when the sd is 0.
 */
export function normalisedWasserstein(
  genCounts: readonly number[],
  genSums: readonly number[],
  refCounts: readonly number[],
  refSums: readonly number[],
  refSd: number,
): number {
  if (!(refSd > 0)) return 0;
  const mean = (s: readonly number[], c: readonly number[]) => c.map((n, i) => (n > 0 ? s[i] / n : 0));
  return wasserstein1(mean(genSums, genCounts), genCounts, mean(refSums, refCounts), refCounts) / refSd;
}
