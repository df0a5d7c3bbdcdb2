/**
 * c = |d|^2 - R^2 from double-double d and R, summed exactly (Shewchuk's Grow-Expansion over the
 * exact products of TwoProduct), then rounded to a double-double. The plain double-double sum of
 * the contact kernels has an absolute error of a few 2^-106 |d|^2, which is many ulps of c when
 * the bodies start within an ulp or so of touching (c near 2^-52 |d|^2); this one is accurate to
 * 2^-106 c. J. R. Shewchuk, "Adaptive precision floating-point arithmetic and fast robust
 * geometric predicates" (1997).
 */
import { SPLITTER } from "./double-double.js";

const terms = new Float64Array(24);
const expansion = new Float64Array(48);

/** Output of {@link exactGap}: [hi, lo] with hi + lo = c to about 2^-106 c. */
export const exactGapOut = new Float64Array(2);

/** Appends a·b to `terms` at n as two exact terms (Dekker's TwoProduct: low part, then the product); returns n + 2. */
export function pushTwoProduct(terms: Float64Array, n: number, a: number, b: number): number {
  const p = a * b;
  let t = SPLITTER * a;
  const aH = t - (t - a);
  const aL = a - aH;
  t = SPLITTER * b;
  const bH = t - (t - b);
  const bL = b - bH;
  terms[n] = aH * bH - p + aH * bL + aL * bH + aL * bL;
  terms[n + 1] = p;
  return n + 2;
}

/** (x + xl)^2 as exact terms: x^2, 2 x xl (2x is exact), xl^2; negated when sign < 0. */
function pushSquare(n: number, x: number, xl: number, sign: number): number {
  n = pushTwoProduct(terms, n, sign * x, x);
  n = pushTwoProduct(terms, n, sign * 2 * x, xl);
  return pushTwoProduct(terms, n, sign * xl, xl);
}

/**
 * Writes (dx + dxl)^2 + (dy + dyl)^2 + (dz + dzl)^2 - (R + Rl)^2 to {@link exactGapOut} as a
 * double-double. Exact barring underflow of the products (inputs in the normal range, as the
 * kernels' rescaled values are).
 */
export function exactGap(dx: number, dxl: number, dy: number, dyl: number, dz: number, dzl: number, R: number, Rl: number): void {
  let n = pushSquare(0, dx, dxl, 1);
  n = pushSquare(n, dy, dyl, 1);
  n = pushSquare(n, dz, dzl, 1);
  n = pushSquare(n, R, Rl, -1);
  const m = growExpansion(terms, n, expansion);
  // Round to a double-double: accumulate from the smallest component up.
  let hi = 0;
  let lo = 0;
  for (let j = 0; j < m; j++) {
    const s = hi + expansion[j];
    const bb = s - hi;
    lo += hi - (s - bb) + (expansion[j] - bb);
    hi = s;
  }
  const H = hi + lo;
  exactGapOut[0] = H;
  exactGapOut[1] = lo - (H - hi);
}

/**
 * Sums the n doubles of `terms` exactly into `out` as a nonoverlapping expansion of increasing
 * magnitude with zeros eliminated (Shewchuk's Grow-Expansion, each step a TwoSum); returns its
 * length. The last component carries the sign of the exact sum. `out` needs room for 2n.
 */
export function growExpansion(terms: Float64Array, n: number, out: Float64Array): number {
  let m = 0;
  for (let i = 0; i < n; i++) {
    let q = terms[i];
    let k = 0;
    for (let j = 0; j < m; j++) {
      const s = q + out[j];
      const bb = s - q;
      const h = q - (s - bb) + (out[j] - bb);
      q = s;
      if (h !== 0) out[k++] = h;
    }
    if (q !== 0) out[k++] = q;
    m = k;
  }
  return m;
}
