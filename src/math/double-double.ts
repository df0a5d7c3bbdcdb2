/**
 * Error-free transformations and double-double ("dd") helpers.
 *
 * A double-double is an unevaluated sum hi + lo of two doubles with |lo| <= ulp(hi) / 2; it
 * carries about 106 bits. The building blocks are the classic error-free transformations:
 *
 * - TwoSum (Knuth): s = fl(a + b) and e = (a + b) - s exactly, 6 flops, no branch.
 * - Split (Veltkamp): a = hi + lo with hi and lo of 26 bits each, so hi * hi etc. are exact.
 * - TwoProduct (Dekker): p = fl(a * b) and e = a * b - p exactly, 17 flops without an FMA
 *   (JavaScript has none).
 *
 * References: T. J. Dekker, "A floating-point technique for extending the available
 * precision" (1971); D. E. Knuth, TAOCP vol. 2, 4.2.2; Ogita, Rump and Oishi, "Accurate sum and
 * dot product" (2005); J. R. Shewchuk, "Adaptive precision floating-point arithmetic" (1997).
 *
 * Validity: Split multiplies by 2^27 + 1, so the inputs must stay below about 2^996 in
 * magnitude, and products must not underflow into subnormals (|a * b| above about 2^-969) for
 * the error terms to be exact. carom's exactness statements hold inside that range.
 *
 * These functions return their two halves through {@link dd} (no allocation). The hottest
 * kernels (the time-of-impact cores) spell the same formulas out inline instead, because
 * TurboFan's inlining budget would otherwise leave calls in place and box every double
 * argument; the inline copies cite the formula they expand.
 */

/** 2^-53: the unit roundoff of binary64 with round-to-nearest. */
export const UNIT_ROUNDOFF = 2 ** -53;

/** Veltkamp's splitter 2^27 + 1 for binary64. */
export const SPLITTER = 134217729;

/** Output of the helpers below: dd[0] = hi (the rounded result), dd[1] = lo (the exact error). */
export const dd = new Float64Array(2);

/** TwoSum: dd = a + b exactly as hi + lo. */
export function twoSum(a: number, b: number): void {
  const s = a + b;
  const bb = s - a;
  dd[0] = s;
  dd[1] = a - (s - bb) + (b - bb);
}

/** TwoProduct: dd = a * b exactly as hi + lo (Dekker, with Veltkamp splits). */
export function twoProduct(a: number, b: number): void {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  dd[0] = p;
  dd[1] = ah * bh - p + ah * bl + al * bh + al * bl;
}

/**
 * Rounds the exact value of a * b - c * d to the nearest double or a neighbour of it
 * (error below one ulp), as in Kahan's algorithm for 2x2 determinants; used where a cross
 * product or a discriminant would otherwise cancel catastrophically.
 */
export function diffOfProducts(a: number, b: number, c: number, d: number): number {
  twoProduct(a, b);
  const p = dd[0];
  const pe = dd[1];
  twoProduct(c, d);
  const q = dd[0];
  const qe = dd[1];
  return p - q + (pe - qe);
}

/**
 * (pb - pa) + t (vb - va) for one coordinate: both differences by TwoSum, t times the velocity
 * difference by TwoProduct, so the value before the single final rounding is off by about
 * 2^-100 (|pb - pa| + |t (vb - va)|) at most, even when the two terms nearly cancel.
 */
export function offsetAt(pb: number, pa: number, vb: number, va: number, t: number): number {
  twoSum(pb, -pa);
  const dh = dd[0];
  const dl = dd[1];
  twoSum(vb, -va);
  const wh = dd[0];
  const wl = dd[1];
  twoProduct(t, wh);
  const ph = dd[0];
  const pl = dd[1];
  twoSum(dh, ph);
  return dd[0] + (dd[1] + pl + dl + t * wl);
}

/**
 * Sum of products x1 y1 + x2 y2 + x3 y3 where every factor is a double-double (hi, lo), with
 * the leading products exact (TwoProduct) and the leading sum exact (TwoSum); the result is
 * rounded once, so it is accurate to about an ulp even when the terms cancel. Pass zeros for
 * unused terms (a 2D dot product).
 */
export function dotDD(
  x1h: number, x1l: number, y1h: number, y1l: number,
  x2h: number, x2l: number, y2h: number, y2l: number,
  x3h: number, x3l: number, y3h: number, y3l: number,
): number {
  twoProduct(x1h, y1h);
  const p1 = dd[0];
  let low = dd[1];
  twoProduct(x2h, y2h);
  const p2 = dd[0];
  low += dd[1];
  twoProduct(x3h, y3h);
  const p3 = dd[0];
  low += dd[1];
  twoSum(p1, p2);
  const s = dd[0];
  low += dd[1];
  twoSum(s, p3);
  low += dd[1];
  low += x1h * y1l + x1l * y1h + x2h * y2l + x2l * y2h + x3h * y3l + x3l * y3h;
  return dd[0] + low;
}

/**
 * x * 2^k without intermediate overflow or underflow (like C's ldexp); exact when the result is
 * normal. At most three steps of 2^±1000 (any further factor takes every double to 0 or
 * Infinity), so an infinite k ends too: x 2^±Infinity is ±Infinity, 0 or NaN as in IEEE 754.
 */
export function ldexp(x: number, k: number): number {
  for (let i = 0; k > 1000 && i < 3; i++) {
    x *= 2 ** 1000;
    k -= 1000;
  }
  for (let i = 0; k < -1000 && i < 3; i++) {
    x *= 2 ** -1000;
    k += 1000;
  }
  return x * 2 ** k;
}

/**
 * (a - b) / c within 1 ulp (the slab times of a ray against a box): the difference exactly as
 * hi + lo (TwoSum), the quotient q of hi by c, and one correction (hi - q c + lo) / c with q c
 * exact (TwoProduct). Beyond the range of Veltkamp's split (or after an overflow to Infinity):
 * the rounded quotient. c must not be 0.
 */
export function differenceQuotient(a: number, b: number, c: number): number {
  const nh = a - b;
  const bb = nh - a;
  const nl = a - (nh - bb) + (-b - bb);
  const q = nh / c;
  if (!(Math.abs(q) < 2 ** 996 && Math.abs(c) < 2 ** 996)) return q;
  let t = SPLITTER * q;
  const qH = t - (t - q);
  const qL = q - qH;
  t = SPLITTER * c;
  const cH = t - (t - c);
  const cL = c - cH;
  const qc = q * c;
  const qce = qH * cH - qc + qH * cL + qL * cH + qL * cL;
  return q + (nh - qc - qce + nl) / c;
}
