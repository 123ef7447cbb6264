import { CclupeError } from '../errors.js';

/**
 * Two-sided exact McNemar test on the discordant counts b and c (FinExam-10K App. E, Eq. 32):
 * under H0, X ~ Binomial(b + c, 1/2), and p = min(1, 2·Σ_{k=0}^{min(b,c)} C(b+c, k)·2^−(b+c)).
 * Summed in log space so that large n does not underflow; p = 1 when there are no discordant pairs.
 */
export function mcnemarExact(b: number, c: number): number {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0) {
    throw new CclupeError('mcnemarExact requires non-negative integer counts');
  }
  const n = b + c;
  if (n === 0) return 1;
  const m = Math.min(b, c);
  // log pmf(k) = log C(n,k) − n·ln 2, built up by the ratio C(n,k+1)/C(n,k) = (n−k)/(k+1).
  let logTerm = -n * Math.LN2;
  const logs: number[] = [logTerm];
  for (let k = 0; k < m; k++) {
    logTerm += Math.log((n - k) / (k + 1));
    logs.push(logTerm);
  }
  let top = -Infinity;
  for (const l of logs) if (l > top) top = l;
  let s = 0;
  for (const l of logs) s += Math.exp(l - top);
  const tail = Math.exp(top + Math.log(s));
  return Math.min(1, 2 * tail);
}
