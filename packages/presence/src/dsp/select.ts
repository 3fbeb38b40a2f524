/**
 * The k-th smallest value (0-based) by quickselect: the value a full sort would put at k, in linear
 * time on average. Reorders `a`; 0 for an empty array. The detectors take medians of many
 * correlation values per recording, where a sort would dominate.
 */
export function kthSmallest(a: Float32Array | Float64Array, k: number): number {
  if (a.length === 0) return 0;
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k]!;
}
