import { CclupeError } from '../errors.js';
import type { ScoreInterval } from '../schema/results.js';

/**
 * Wilson score interval for a proportion x/n (FinExam-10K App. C.5, Eq. 10):
 * (p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n), z = 1.96 for 95%.
 */
export function wilsonInterval(x: number, n: number, z = 1.959963984540054): ScoreInterval {
  if (!(n > 0) || x < 0 || x > n) throw new CclupeError('wilsonInterval requires 0 ≤ x ≤ n and n > 0');
  const p = x / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const half = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denom = 1 + z2 / n;
  return { lo: Math.max(0, (centre - half) / denom), hi: Math.min(1, (centre + half) / denom) };
}
