/** Survival function of the chi-square distribution, P(X ≥ x), for integer degrees of freedom (series forms). */
export function chiSquareSf(x: number, df: number): number {
  if (!(x > 0)) return 1;
  // regularised upper incomplete gamma Q(df/2, x/2)
  const a = df / 2;
  const z = x / 2;
  if (Number.isInteger(a)) {
    // Q(a, z) = e^{-z} Σ_{k<a} z^k / k!
    let term = 1;
    let sum = 1;
    for (let k = 1; k < a; k++) {
      term *= z / k;
      sum += term;
    }
    return Math.min(1, Math.exp(-z) * sum);
  }
  // half-integer a: Q(a, z) = erfc(√z) + e^{-z} Σ_{k=1}^{a−½} z^{k−½} / Γ(k + ½)
  let sum = 0;
  let term = Math.sqrt(z) / Math.sqrt(Math.PI) * 2; // z^{1/2} / Γ(3/2)
  for (let k = 1; k <= a - 0.5; k++) {
    sum += term;
    term *= z / (k + 0.5);
  }
  return Math.min(1, erfc(Math.sqrt(z)) + Math.exp(-z) * sum);
}

/** Complementary error function (Numerical Recipes erfcc, |error| < 1.2e-7). */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z - 1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Pearson chi-square statistic and p-value of counts against a uniform expectation. */
export function chiSquareUniform(counts: readonly number[]): { chi2: number; p: number } {
  const n = counts.reduce((a, b) => a + b, 0);
  if (n === 0 || counts.length < 2) return { chi2: 0, p: 1 };
  const e = n / counts.length;
  let chi2 = 0;
  for (const c of counts) chi2 += ((c - e) * (c - e)) / e;
  return { chi2, p: chiSquareSf(chi2, counts.length - 1) };
}

/** Binomial z of `hits` successes in `n` trials against a success rate `p0`. */
export function binomialZ(hits: number, n: number, p0: number): number {
  if (n === 0 || p0 <= 0 || p0 >= 1) return 0;
  return (hits - n * p0) / Math.sqrt(n * p0 * (1 - p0));
}
