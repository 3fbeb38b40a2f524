/**
 * out = a times the conjugate of b, bin by bin, for the first n bins (a cross-correlation's
 * spectrum). `out` may be `b` itself: each bin is read before it is written.
 */
export function conjugateProductInto(
  aRe: Float64Array,
  aIm: Float64Array,
  bRe: Float64Array,
  bIm: Float64Array,
  outRe: Float64Array,
  outIm: Float64Array,
  n: number,
): void {
  for (let j = 0; j < n; j++) {
    const ar = aRe[j]!;
    const ai = aIm[j]!;
    const br = bRe[j]!;
    const bi = bIm[j]!;
    outRe[j] = ar * br + ai * bi;
    outIm[j] = ai * br - ar * bi;
  }
}
