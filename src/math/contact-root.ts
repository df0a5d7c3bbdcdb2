/**
 * The first root of the contact quadratic, from coefficients held as double-doubles.
 *
 * Two bodies whose separation is d + t w (relative position d, relative velocity w) touch when
 * |d + t w|^2 = R^2, that is when
 *
 *     a t^2 + 2 b t + c = 0,   a = w.w,  b = d.w,  c = d.d - R^2        (half-b form)
 *
 * With b < 0 (approaching) and c > 0 (apart), the smaller root is
 *
 *     t = (-b - sqrt(b^2 - a c)) / a = c / (-b + sqrt(b^2 - a c)),
 *
 * and the second form adds two positive numbers in the denominator, so nothing cancels there
 * (Numerical Recipes 5.6; Goldberg, "What every computer scientist should know about
 * floating-point arithmetic", 1991). The remaining cancellation sits in b^2 - a c near a graze,
 * which is why the caller hands over a, b and c as double-doubles and this stage keeps 106 bits
 * until the single final division.
 *
 * The coefficients travel through {@link contactRootInput} rather than arguments: a call that
 * TurboFan does not inline would box each double argument on the heap.
 */
import { SPLITTER } from "./double-double.js";

/**
 * Scratch for {@link firstContactRoot}: [ah, al, bh, bl, ch, cl, tMax] in slots 0..6; the result
 * lands in slot 7.
 */
export const contactRootInput = new Float64Array(8);

/**
 * Reads a = ah + al, b = bh + bl, c = ch + cl (double-doubles, b < 0 and c > 0 already
 * established by the caller) and tMax from {@link contactRootInput}; writes to slot 7 the time
 * of impact, or Infinity when b^2 - a c <= 0 (a miss or a tangent graze) or the root lies
 * beyond tMax.
 *
 * Accuracy: the discriminant carries an absolute error of a few 2^-106 (b^2 + |a c|), the
 * square root and the final division are done in double-double and rounded once, so the
 * result is within one ulp of the exact root unless the discriminant is within about 2^-50 b^2
 * of zero (a near graze), where the problem itself is ill-conditioned.
 */
export function firstContactRoot(): void {
  const q = contactRootInput;
  const ah = q[0];
  const al = q[1];
  const bh = q[2];
  const bl = q[3];
  const ch = q[4];
  const cl = q[5];
  const tMax = q[6];
  let t: number;
  let bb: number;

  // disc = b^2 - a c: TwoProduct(bh, bh) and TwoProduct(ah, ch), their exact difference by
  // TwoSum, and the cross terms (2 bh bl, ah cl + al ch, ...) in plain doubles: they are
  // 2^-53 smaller, so their rounding lands at 2^-106.
  t = SPLITTER * bh;
  const bH = t - (t - bh);
  const bL = bh - bH;
  const bb2 = bh * bh;
  const bb2e = bH * bH - bb2 + 2 * bH * bL + bL * bL;
  t = SPLITTER * ah;
  const aH = t - (t - ah);
  const aL = ah - aH;
  t = SPLITTER * ch;
  const cH = t - (t - ch);
  const cL = ch - cH;
  const ac = ah * ch;
  const ace = aH * cH - ac + aH * cL + aL * cH + aL * cL;
  const s = bb2 - ac;
  bb = s - bb2;
  const se = bb2 - (s - bb) + (-ac - bb);
  const low = se + bb2e - ace + 2 * bh * bl - (ah * cl + al * ch) + (bl * bl - al * cl);
  const dh = s + low;
  bb = dh - s;
  const dl = s - (dh - bb) + (low - bb);
  if (dh <= 0) {
    q[7] = Infinity;
    return;
  }

  // sqrt(disc) as a double-double: one Newton correction on the double square root.
  const sh = Math.sqrt(dh);
  t = SPLITTER * sh;
  const sH = t - (t - sh);
  const sL = sh - sH;
  const sq = sh * sh;
  const sqe = sH * sH - sq + 2 * sH * sL + sL * sL;
  const sl = (dh - sq - sqe + dl) / (2 * sh);

  // den = -b + sqrt(disc): both terms positive.
  const nh = sh - bh;
  bb = nh - sh;
  const nl = sh - (nh - bb) + (-bh - bb) + (sl - bl);

  // t = c / den: the double quotient plus one correction from the exact remainder.
  const r0 = ch / nh;
  t = SPLITTER * r0;
  const rH = t - (t - r0);
  const rL = r0 - rH;
  t = SPLITTER * nh;
  const nH = t - (t - nh);
  const nL = nh - nH;
  const rn = r0 * nh;
  const rne = rH * nH - rn + rH * nL + rL * nH + rL * nL;
  const root = r0 + (ch - rn - rne + cl - r0 * nl) / nh;
  q[7] = root <= tMax ? root : Infinity;
}

const U8 = 8 * 2 ** -53;
const ONE_PLUS_16U = 1 + 16 * 2 ** -53;

/**
 * An absolute term added to every error bound of the screen: relative bounds fail where
 * products underflow, so values this small are never decided in plain doubles. 2^-1000 is far
 * below anything a normal-range problem produces and far above the subnormal range.
 */
export const TINY = 2 ** -1000;
/** TINY as a module-local const: optimised code embeds it (an exported binding is read through a cell). */
const ABS_TINY = 2 ** -1000;

/**
 * The certified fast path of a time-of-impact query: from plain-double coefficients and
 * rigorous bounds on their absolute errors (|b - b*| <= eb etc., b < -eb already known, i.e.
 * the bodies certainly approach), decides what can be decided without extra precision.
 *
 * Returns 0 (certainly overlapping and approaching), Infinity (certainly no real root, or the
 * root certainly beyond tMax), or NaN when the answer needs the double-double path: a hit
 * inside [0, tMax] (whose time must be computed to 1 ulp) or any sign too close to call.
 *
 * The error bound of the discriminant follows from |b^2 - b*^2| <= eb (2|b| + eb),
 * |a c - a* c*| <= a ec + (|c| + ec) ea, and the roundings of the three operations; the
 * "beyond tMax" test compares c - ec against tMax times an upper bound of the denominator
 * without dividing (for sqrt: sqrt(x + e) <= sqrt(x) + e / sqrt(x)). The final factor
 * 1 + 16u covers the roundings of the bound expressions themselves.
 */
export function screenContact(b: number, c: number, ec: number, a: number, ea: number, eb: number, tMax: number): number {
  if (c < -ec) return 0;
  if (c <= ec) return NaN;
  const disc = b * b - a * c;
  const ed = (eb * (eb - 2 * b) + a * ec + (c + ec) * ea + U8 * (b * b + a * c)) * ONE_PLUS_16U + ABS_TINY;
  if (disc < -ed) return Infinity;
  if (disc <= ed) return NaN;
  const sd = Math.sqrt(disc);
  if ((c - ec) * sd > tMax * ((sd - b + eb) * sd + ed) * ONE_PLUS_16U + ABS_TINY) return Infinity;
  return NaN;
}
