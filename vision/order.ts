// Order statistics without sorting: the features and the locator take medians and quantiles of
// thousands of pixels in every frame, and selecting one value costs a fraction of a sort.

/**
 * The k-th smallest value (from 0) of `xs`, the value sorting a copy would put at k (a zero may
 * come back with either sign); `xs` is left as it was.
 */
export function kthSmallest(xs: Float32Array | Float64Array, k: number): number {
  return selectInPlace(xs.slice(), k);
}

/** kthSmallest for an array the caller made for the purpose: reorders `a` rather than copy it. */
export function selectInPlace(a: Float32Array | Float64Array, k: number): number {
  if (!Number.isInteger(k) || k < 0 || k >= a.length) throw new RangeError(`no element ${k} among ${a.length}`);
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
