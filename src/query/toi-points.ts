/**
 * Time of impact of two point bodies (radius sum exactly 0): the moment they coincide.
 *
 * With R = 0 the contact quadratic a t^2 + 2 b t + c (c = |d|^2) has discriminant
 * b^2 - a c = -|d x w|^2 (Lagrange's identity), never positive: moving points meet only when
 * they move head-on, d parallel to w, and then at the double root t = -b / a. carom counts that
 * double root as a collision (two points moving head-on collide where they meet), unlike a
 * tangent graze of bodies with extent, which is none. Parallelism is decided exactly (the sign
 * of each cross product component from TwoSum/TwoProduct expansions, exactCrossSign), so a
 * pair that misses by one ulp of direction does not collide.
 */
import { SPLITTER, dd, dotDD, twoProduct } from "../math/double-double.js";
import { norm3 } from "./relative-motion.js";
import { exactCrossSign } from "./exact-cross-sign.js";

/**
 * The time at which two points meet, from the double-double relative position d = dh + dl and
 * velocity w = wh + wl (up to three components; pass zeros for z in 2D), already known to
 * approach (d.w < 0): -d_i / w_i for the largest |w_i|, when d is exactly parallel to w;
 * Infinity otherwise. The quotient is formed from the double-double parts with one correction
 * step, so it is the exact ratio rounded within an ulp. The components should lie in the
 * normal range (the callers rescale them to [2^-200, 2^200]) for the exact sign to be exact.
 */
export function pointsMeetTime(
  dxh: number, dxl: number, dyh: number, dyl: number, dzh: number, dzl: number,
  wxh: number, wxl: number, wyh: number, wyl: number, wzh: number, wzl: number,
): number {
  // d x w = 0 exactly: each component (b - a) x (q - p) with b - a = dh - (-dl), exactly.
  if (exactCrossSign(-dxl, -dyl, dxh, dyh, -wxl, -wyl, wxh, wyh) !== 0) return Infinity;
  if (exactCrossSign(-dyl, -dzl, dyh, dzh, -wyl, -wzl, wyh, wzh) !== 0) return Infinity;
  if (exactCrossSign(-dzl, -dxl, dzh, dxh, -wzl, -wxl, wzh, wxh) !== 0) return Infinity;
  let nh = dxh, nl = dxl, vh = wxh, vl = wxl;
  if (Math.abs(wyh) > Math.abs(vh)) {
    nh = dyh; nl = dyl; vh = wyh; vl = wyl;
  }
  if (Math.abs(wzh) > Math.abs(vh)) {
    nh = dzh; nl = dzl; vh = wzh; vl = wzl;
  }
  // t = -(nh + nl) / (vh + vl): q = fl(nh / vh), then the remainder n - q v with q vh exact
  // (Dekker's TwoProduct), divided by v once more.
  const q = -nh / vh;
  let t = SPLITTER * q;
  const qH = t - (t - q);
  const qL = q - qH;
  t = SPLITTER * vh;
  const vH = t - (t - vh);
  const vL = vh - vH;
  const p = q * vh;
  const pe = qH * vH - p + qH * vL + qL * vH + qL * vL;
  // -n - q v = -(nh + p) - (nl + pe + q vl); nh + p cancels exactly (Sterbenz) to first order.
  const rem = -nh - p - pe - nl - q * vl;
  return q + rem / vh;
}

/**
 * The first root of the contact quadratic for a body pair whose radius sum is tiny next to
 * their distance (R < 2^-50 |d|): there the discriminant b^2 - a c = a R^2 - |d x w|^2 is below
 * 2^-100 b^2, under the rounding of b^2 - a c even in double-double, so it is taken from the
 * right-hand side instead (Lagrange's identity): |d x w| from exact products (error 2^-106 |d||w|,
 * far below sqrt(a) R), and sqrt(disc) = sqrt(sqrt(a) R - |d x w|) sqrt(sqrt(a) R + |d x w|)
 * without squaring R (which may lie near 2^-1000 after rescaling). sqrt(disc) is then a small
 * correction to -b in the denominator of t = c / (-b + sqrt(disc)), whose quotient is formed
 * from double-doubles and corrected once. Inputs: the rescaled double-double d, w (z zero in
 * 2D), b = d.w (bh + bl < 0), c = |d|^2 - R^2 (ch + cl > 0), a's high part and R's. Returns
 * Infinity for a miss or a tangent graze (sqrt(a) R <= |d x w|).
 */
export function farSmallRoot(
  dxh: number, dxl: number, dyh: number, dyl: number, dzh: number, dzl: number,
  wxh: number, wxl: number, wyh: number, wyl: number, wzh: number, wzl: number,
  ah: number, bh: number, bl: number, ch: number, cl: number, Rh: number,
): number {
  const cx = dotDD(dyh, dyl, wzh, wzl, -dzh, -dzl, wyh, wyl, 0, 0, 0, 0);
  const cy = dotDD(dzh, dzl, wxh, wxl, -dxh, -dxl, wzh, wzl, 0, 0, 0, 0);
  const cz = dotDD(dxh, dxl, wyh, wyl, -dyh, -dyl, wxh, wxl, 0, 0, 0, 0);
  const cross = norm3(cx, cy, cz);
  const sR = Math.sqrt(ah) * Rh;
  const p = sR - cross;
  if (!(p > 0)) return Infinity;
  const sd = Math.sqrt(p) * Math.sqrt(sR + cross);
  // den = -b + sqrt(disc) as nh + nl (TwoSum), both terms positive.
  const nh = sd - bh;
  const bb = nh - sd;
  const nl = sd - (nh - bb) + (-bh - bb) - bl;
  // t = (ch + cl) / (nh + nl): the double quotient plus one correction from the exact remainder.
  const r0 = ch / nh;
  twoProduct(r0, nh);
  return r0 + (ch - dd[0] - dd[1] + cl - r0 * nl) / nh;
}
