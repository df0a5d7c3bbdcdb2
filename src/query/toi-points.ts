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
import { SPLITTER } from "../math/double-double.js";
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
