// Exact (Clopper-Pearson) binomial confidence bounds: the report states how far a measured rate
// can be from the true one, so "0 of 15" is never read as "at most 0.1 %".

function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}

/** P(X <= k) for X ~ Binomial(n, p). */
export function binomialCdf(k: number, n: number, p: number): number {
  if (p <= 0) return 1;
  if (p >= 1) return k >= n ? 1 : 0;
  let sum = 0;
  for (let i = 0; i <= k; i++) sum += Math.exp(logChoose(n, i) + i * Math.log(p) + (n - i) * Math.log1p(-p));
  return Math.min(1, sum);
}

/**
 * One-sided upper bound on the rate with the given confidence after `errors` in `n` cases: the p
 * at which seeing this few errors has probability 1 - confidence. 0 of 3,000 gives 0.0998 %.
 */
export function upperBound(errors: number, n: number, confidence = 0.95): number {
  if (n === 0) return 1;
  if (errors >= n) return 1;
  let lo = errors / n;
  let hi = 1;
  for (let it = 0; it < 100; it++) {
    const mid = (lo + hi) / 2;
    if (binomialCdf(errors, n, mid) > 1 - confidence) lo = mid;
    else hi = mid;
  }
  return hi;
}
