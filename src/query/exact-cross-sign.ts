/**
 * The exact sign of a 2D cross product of two differences of doubles, (b - a) x (q - p): the
 * orientation predicate behind "which side of the line" and "approaching the line" in the swept
 * circle against a segment, used there only when the double-double value is too small to trust.
 * Internal (not re-exported from the package root).
 */
import { growExpansion, pushTwoProduct } from "../math/exact-sum.js";

/** Scratch for the exact sign: up to 16 product terms and the growing expansion. */
const terms = new Float64Array(16);
const expansion = new Float64Array(34);

/**
 * Writes (bx - ax) (qy - py) - (by - ay) (qx - px) into `expansion` as an exact nonoverlapping
 * expansion (smallest component first) and returns its length: the differences as exact two-term
 * expansions (TwoSum), the eight products as exact pairs (TwoProduct), the sixteen terms summed
 * by Shewchuk's Grow-Expansion.
 */
function crossExpansion(ax: number, ay: number, bx: number, by: number, px: number, py: number, qx: number, qy: number): number {
  let bb: number;
  const uxh = bx - ax; bb = uxh - bx; const uxl = bx - (uxh - bb) + (-ax - bb);
  const uyh = by - ay; bb = uyh - by; const uyl = by - (uyh - bb) + (-ay - bb);
  const wxh = qx - px; bb = wxh - qx; const wxl = qx - (wxh - bb) + (-px - bb);
  const wyh = qy - py; bb = wyh - qy; const wyl = qy - (wyh - bb) + (-py - bb);
  let n = 0;
  n = pushTwoProduct(terms, n, uxh, wyh);
  n = pushTwoProduct(terms, n, uxh, wyl);
  n = pushTwoProduct(terms, n, uxl, wyh);
  n = pushTwoProduct(terms, n, uxl, wyl);
  n = pushTwoProduct(terms, n, -uyh, wxh);
  n = pushTwoProduct(terms, n, -uyh, wxl);
  n = pushTwoProduct(terms, n, -uyl, wxh);
  n = pushTwoProduct(terms, n, -uyl, wxl);
  return growExpansion(terms, n, expansion);
}

/**
 * Exact sign of (bx - ax) (qy - py) - (by - ay) (qx - px): the differences as exact two-term
 * expansions (TwoSum), the eight products as exact pairs (TwoProduct), the sixteen terms summed
 * exactly by Shewchuk's Grow-Expansion; the sign of an expansion is that of its largest
 * component. Exact barring overflow and underflow. Called only when a double-double value is
 * too close to zero to trust.
 */
export function exactCrossSign(ax: number, ay: number, bx: number, by: number, px: number, py: number, qx: number, qy: number): number {
  // The exact sum as a nonoverlapping expansion: its last component carries the sign.
  const m = crossExpansion(ax, ay, bx, by, px, py, qx, qy);
  return m === 0 ? 0 : expansion[m - 1] > 0 ? 1 : -1;
}


/** Output of {@link exactCrossValue}: [hi, lo], the exact cross product rounded to a double-double. */
export const exactCrossOut = new Float64Array(2);

/**
 * (bx - ax) (qy - py) - (by - ay) (qx - px) summed exactly as {@link exactCrossSign} does, then
 * rounded to a double-double in {@link exactCrossOut} (accurate to about 2^-106 of the value
 * itself, however much the products cancel). Exact barring overflow and underflow.
 */
export function exactCrossValue(ax: number, ay: number, bx: number, by: number, px: number, py: number, qx: number, qy: number): void {
  const m = crossExpansion(ax, ay, bx, by, px, py, qx, qy);
  let bb: number;
  // Round to a double-double: accumulate from the smallest component up.
  let hi = 0;
  let lo = 0;
  for (let j = 0; j < m; j++) {
    const s = hi + expansion[j];
    bb = s - hi;
    lo += hi - (s - bb) + (expansion[j] - bb);
    hi = s;
  }
  const h = hi + lo;
  exactCrossOut[0] = h;
  exactCrossOut[1] = lo - (h - hi);
}
