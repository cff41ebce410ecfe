/**
 * The two-proportion z-test (pooled variance, two-sided): is B's rate x2/n2 different from A's
 * x1/n1? z = (p2 − p1) / √(p(1−p)(1/n1 + 1/n2)) with p = (x1+x2)/(n1+n2); the p-value is
 * 2·(1 − Φ(|z|)). Null where a group has no trials, a rate is above 1 (not a proportion), or both
 * rates are 0 or 1 (no variance).
 */
export function twoProportionZ(x1: number, n1: number, x2: number, n2: number): { z: number; p: number } | null {
  if (n1 <= 0 || n2 <= 0 || x1 > n1 || x2 > n2 || x1 < 0 || x2 < 0) return null;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return null;
  const z = (x2 / n2 - x1 / n1) / se;
  return { z, p: 2 * (1 - normalCdf(Math.abs(z))) };
}

/** Φ(x) through erf (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
