// Order statistics without sorting: the features and the locator take medians and quantiles of
// thousands of pixels in every frame.

/**
 * The k-th smallest value (from 0) of `xs`, the value sorting a copy would put at k (a zero may
 * come back with either sign), found by
 * quickselect on a copy. Sorting took most of a crop's feature time (a frame has 14 crops, each
 * with five order statistics over its 2,240 pixels) and much of the locator's medians.
 */
export function kthSmallest(xs: Float32Array | Float64Array, k: number): number {
  if (!Number.isInteger(k) || k < 0 || k >= xs.length) throw new RangeError(`no element ${k} among ${xs.length}`);
  const a = xs.slice();
  let lo = 0, hi = a.length - 1;
  while (lo < hi) {
    // Hoare's partition: afterwards lo..j hold values ≤ pivot, i..hi values ≥ pivot, and
    // anything between them equals the pivot.
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo, j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!; a[i] = a[j]!; a[j] = t;
        i++; j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}
