import { float64Scratch, int32Scratch, uint16Scratch } from './scratch';

// Below this many values a plain quickselect is as fast as the bucket pass.
const BUCKETED_FROM = 256;
const counts = int32Scratch();
const candidates = float64Scratch();
const bucketOf = uint16Scratch();

/**
 * The k-th smallest value (0-based): the value a full sort would put at k. May reorder `a`; 0 for an
 * empty array. The detectors take medians of many correlation values per recording, where a sort
 * would dominate, and a quickselect over tens of thousands of values spent most of its time on
 * mispredicted comparisons (presence-0015). Longer arrays are therefore first spread over buckets
 * of equal width between their least and greatest value: one histogram pass finds the bucket
 * holding rank k, a second copies that bucket's few values out, and a quickselect ranks those.
 * The bucket index is a non-decreasing function of the value (subtraction, scaling and floor all
 * preserve order in floating point), so every value of a lower bucket is <= every value of a
 * higher one and the answer is exactly the quickselect's (+0 and -0 compare equal either way).
 */
export function kthSmallest(a: Float32Array | Float64Array, k: number): number {
  const n = a.length;
  if (n === 0) return 0;
  if (n < BUCKETED_FROM) return quickselect(a, k, n);
  let min = a[0]!;
  let max = a[0]!;
  let hasNaN = false;
  for (let i = 0; i < n; i++) {
    const v = a[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
    if (v !== v) hasNaN = true;
  }
  const range = max - min;
  // All equal, an infinity or a NaN: no buckets to spread over; the quickselect answers alone.
  if (hasNaN || !(range > 0) || !Number.isFinite(range)) return quickselect(a, k, n);
  const buckets = Math.min(4096, n >> 2);
  const scale = buckets / range;
  const last = buckets - 1;
  const histogram = counts.take(buckets, true);
  // Each value's bucket is kept for the copy below (computed once: the floor was a fifth of this).
  const bucket = bucketOf.take(n, false);
  for (let i = 0; i < n; i++) {
    const b = Math.min(last, Math.floor((a[i]! - min) * scale));
    bucket[i] = b;
    histogram[b] = histogram[b]! + 1;
  }
  let target = 0;
  let below = 0;
  while (below + histogram[target]! <= k) {
    below += histogram[target]!;
    target++;
  }
  const inBucket = candidates.take(histogram[target]!, false);
  let c = 0;
  for (let i = 0; i < n; i++) if (bucket[i] === target) inBucket[c++] = a[i]!;
  return quickselect(inBucket, k - below, c);
}

/** Hoare-partition quickselect of rank k among a[0..n-1] (the middle value as pivot). */
function quickselect(a: Float32Array | Float64Array, k: number, n: number): number {
  let lo = 0;
  let hi = n - 1;
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
