/**
 * The certified fast root of the circle and sphere time of impact: a time within 4 ulps of the
 * exact root of the given doubles, with a rigorous error bound computed alongside, for the
 * public queries that promise 4 ulps (the exact kernels in toi-circle-circle.ts and
 * toi-sphere-sphere.ts stay the reference, and the fallback).
 *
 * With d = pB - pA, w = vB - vA, R = rA + rB (exact: d = dh + dl etc. by TwoSum) the bodies
 * touch when f(t) = |d + t w|^2 - R^2 = 0. The method is one Newton step from the plain
 * textbook root t0 (the stable form c / (-b + sqrt(b^2 - a c)), off by up to thousands of ulps
 * near a graze), with the residual evaluated where it is cheap to evaluate well:
 *
 *     p = d + t0 w   (Dekker's TwoProduct for t0 w, TwoSum with d, low parts: to about u^2),
 *     f(t0) = |p|^2 - R^2,   f'(t0) = 2 p.w,   t1 = t0 - f(t0) / f'(t0).
 *
 * The squares |p|^2 and R^2 are exact too (TwoProduct), so f(t0) is within u |f(t0)| plus
 * u^2 terms, and p.w needs only a few u of relative accuracy (it scales the small step).
 * Because f is exactly quadratic, the Newton error is exactly a delta^2 / |f'| (delta the step),
 * so a rigorous bound of |t1 - t*| follows from the bounds on f(t0) and p.w. When it is within
 * 3.45 u t1 (so within 4 ulps), with f'(t0) certainly negative and the step small next to
 * |f'| / a (so that t* is the first root, and a real one: the discriminant is certainly > 0),
 * t1 is returned; the case then is certainly a hit inside (0, tMax] (f decreases from
 * f(0) = c > 0 to the root, so b < 0 and c > 0 too), exactly the exact kernel's case. None of
 * this depends on how good t0 is, only the chance that the certificate holds.
 * Otherwise (near a graze, near touching, a root next to tMax, extreme scales) the caller runs
 * the double-double path.
 *
 * Validity: |d|^2 + R^2, |w|^2 and |t0 w|^2 below 2^500 (checked: every split, product and
 * bound stays finite) and absolute terms of 2^-1000 in the bounds, which cover products that
 * underflow. The scratch array keeps the doubles unboxed when the call is not inlined.
 *
 * THE QUICK ROOT (quickCirclesOf and its twins, the tier before the one above). The public
 * queries' screen hands over only the plain formula's t0 and h ~ 0.5 / sqrt(b^2 - a c); every
 * fact the answer needs comes from the certificate below. u = 2^-53; d = dh + dl, w = wh + wl,
 * R = Rh + Rl exactly (TwoSum), Rh^2 = R2 + R2e exactly (Dekker).
 *
 *  - Residual. m_i = fl(t0 wh_i) (|error| <= u |m_i|), s_i + e_i = dh_i + m_i exactly (TwoSum),
 *    so p*_i = (d + t0 w)_i = s_i + e_i + (dl_i + t0 wl_i) - (m_i - t0 wh_i). The code forms
 *    F = (Q - R2) + (2 (sum s_i (e_i + dl_i + t0 wl_i) - Rh Rl) - R2e), Q = fl(sum s_i^2). First-
 *    order errors: n u Q (the squares and their sum), u |Q - R2| twice (that subtraction and
 *    the last addition), 2 u sum |s_i m_i| <= 2 u t0 G1 (1 + 2u) (the rounding of t0 wh, with
 *    G1 = sum |s_i wh_i|); everything else is a product of two terms of relative size u,
 *    bounded by 512 u^2 (Q + |d|^2 + t0^2 a + R^2) (about 60 u^2 is needed); as
 *    dh_i = s_i + e_i - m_i with |e_i| <= u |s_i| and |m_i| <= (1 + u) t0 |wh_i|,
 *    |d|^2 <= 2.002 (Q + T) (T = t0^2 aU >= t0^2 a), so the code uses 2048 u^2 (Q + T + R^2). So
 *    ef = u (n Q + 2 |G| + 2 t0 G1) (+ 0.01% and the u^2 and 2^-1000 terms; the code uses
 *    2.0002 u (Q + |G| + t0 G1) in 2D and 2.0002 u (1.5 Q + |G| + t0 G1) in 3D, one constant).
 *  - Slope. g = fl(sum s_i wh_i) stands for g* = p*.w = f'(t0) / 2: |g - g*| <= eg =
 *    u ((n + 4.03) G1 + 3.05 t0 aU) (the sum's roundings, e, the low parts, the rounding of
 *    t0 wh, and |dh_i wh_i| <= 1.0002 |s_i wh_i| + 1.0001 t0 wh_i^2); the code uses the larger
 *    (n + 4.03) u (G1 + t0 aU): eg only enters eps, which has ample room.
 *  - Step. t = fl(t0 + fl(F h)). With delta = t* - t0, exactly 0 = f(t0) + 2 g* delta + a delta^2,
 *    so t0 + F* h - t* = -delta (1 + 2 g* h) - a delta^2 h: h only has to stand in for
 *    -1 / (2 g*), with eps = |1 + 2 g h| + 2 eg h + 4u >= |1 + 2 g* h|. eps <= 2^-20 and h > 0
 *    make g* < 0 (t0 lies before the vertex of the parabola, so the root nearest t0 is the first
 *    contact), and a h m <= 2^-30 (m = |dc| + ef h >= |f(t0)| h) makes that root real with
 *    |delta| <= |f(t0)| / |g*| <= 2.01 m. Hence
 *        |t - t*| <= u E + u |dc| + ef h + 2.01 m eps + 2^-27 m,
 *    with E = ufp(t) for the rounding of t0 + dc (half an ulp of t is at most u E).
 *  - Certificate. t* >= t - err >= E gives ulp(t*) >= 2u E, so err <= 7.9 u E means within 4 ulps
 *    (the 4-ulp budget measured on the binade of t, 1.4 to 2 times u t, instead of 3.45 u t). t* is
 *    the first root and t* > 0, so c* = f(0) > 0 and the vertex -b* / a* > t* > 0: b* < 0; a root
 *    with f'(t*) < 0 means b*^2 - a* c* > 0; t (1 + 16u) <= tMax puts t* inside the window by a
 *    margin the exact kernel's rounding cannot cross. So a certified t is a hit exactly where
 *    the exact kernel finds one.
 *
 * The plain residual (no TwoProduct) costs the certificate about u t0 G1 / |g| ~ u t, and the
 * rest is u (n Q + ...) / (2 |g|) ~ u R / |w| for head-on hits: it holds unless the bodies start
 * within about half a radius sum of touching (98% of the benchmark's head-on hits). Measured
 * worst case (test/toi-quick.test.ts): 2.2 ulps, against the 0.5 of the tiers after it.
 */
import { TINY as TINY_ABS } from "../math/contact-root.js";
import { circlesScratch, spheresScratch } from "./toi-scratch.js";
import type { MovingCircle, MovingSphere } from "./types.js";

/** Local aliases (a const alias of an import is embedded in optimised code; see toi-scratch.ts). */
const TINY = TINY_ABS;
const CQ = circlesScratch;
const SQ = spheresScratch;

const U = 2 ** -53;
const ONE_PLUS_8U = 1 + 8 * 2 ** -53;
const U4 = 4 * 2 ** -53;
/** The coefficients of the quick root's bounds (file comment), rounded up: ef, eg in 2D and 3D. */
const U2_0002 = 2.0002 * 2 ** -53;
const U6_03 = 6.03 * 2 ** -53;
const U7_03 = 7.03 * 2 ** -53;
const U2X64 = 64 * 2 ** -106;
const U2X128 = 128 * 2 ** -106;
const U2X2048 = 2048 * 2 ** -106;
/** Squared magnitudes stay below this (components below 2^250). */
const BIG2 = 2 ** 500;
/** t (1 + 16u) <= tMax certifies t* <= tMax, so the hit classification matches the exact path. */
const ONE_PLUS_16U = 1 + 16 * 2 ** -53;

/**
 * The last stage of the quick root (see the file comment): from t0, f(t0) = F (|error| <= ef),
 * the screen's h (about 0.5 / sqrt(b^2 - a c), any positive double will do), the slope
 * g = f'(t0) / 2 (|error| <= eg) and aU >= a*, the step t = t0 + F h and its certificate;
 * returns t, or NaN. S is the sum of the squared magnitudes that must stay below 2^500 (the
 * caller's range check, folded into the one comparison chain).
 *
 * The checks are the file comment's certificate in fewer operations:
 *  - eps' = fl(|1 + 2 g h| + 2 eg h) <= 2^-20 - 5u gives eps = eps' + 4u (this line's roundings)
 *    <= 2^-20, the bound the certificate needs on |1 + 2 g* h|.
 *  - With eps <= 2^-20, 2.01 m eps + 2^-27 m <= (2^-18.99 + 2^-27) m, so the error bound
 *    u E + u |dc| + A + 2.01 m eps + 2^-27 m is at most u E + K with
 *    K = A + 2^-18 m (>= A (1 + 2^-18.98) + |dc| (u + 2^-18.98), m = |dc| + A). Its roundings
 *    and those of A = fl(ef h) and m (relative u each) make the exact K at most (1 + 4u) times
 *    the computed one, so the computed K <= fl(6.849 u) E gives the exact K <= 6.85 u E and
 *    err <= 7.9 u E.
 *  - t >= E (1 + 8u) (exact: E is a power of two, normal since t > 2^-900) gives
 *    t - err >= E + 8 u E - 7.9 u E > E.
 *  - E = ufp(t), Rump's unit in the first place, 2^floor(log2 t), for t in [2^-1022, 2^970]
 *    (S. M. Rump, "Ultimately fast accurate summation", SIAM J. Sci. Comput. 31, 2009,
 *    Algorithm 3.5): q = (2^52 + 1) t, E = q - (1 - u) q. t > 2^-900 is checked; above, K <= 6.85 u E
 *    <= 6.85 u t gives |dc| <= 2^18 K < 2^-32 t, so t < 2^750 with t0 < 2^749 (an overflowing q
 *    would give E = NaN and fail the checks anyway).
 *  - S = Q + R^2 + aU + T < 2^497 (a rounded sum of nonnegative terms, NaN if any is) bounds
 *    each term by 2^497 (1 + 3u) and |dh|^2 <= 2.001 (Q + T) (see ef in the file comment) below
 *    2^499, inside the validity range; with aU >= 2^-1000 and T = fl(t0^2 aU) it also gives
 *    t0 < 2^749. (Rump's ufp is exact wherever (2^52 + 1) t does not overflow.)
 * Arrow functions bound to consts: optimised callers embed them (a function declaration is a
 * mutable binding, checked at every call).
 */
const quickStep = (t0: number, F: number, ef: number, h: number, g: number, eg: number, aU: number, tMax: number, S: number): number => {
  const dc = F * h;
  const t = t0 + dc;
  const q = 4503599627370497 * t;
  const E = q - (1 - U) * q;
  const A = ef * h;
  const m = Math.abs(dc) + A;
  // |1 + 2 g* h| <= eps' + 4u: h stands in for -1 / (2 g*), g* the exact slope.
  const eps = Math.abs(1 + 2 * g * h) + 2 * eg * h;
  const K = A + 2 ** -18 * m;
  if (
    K <= 6.849 * U * E && eps <= 2 ** -20 - 5 * U && h > 0 && aU * h * m <= 2 ** -30 &&
    t >= E * (1 + 8 * U) && t > 2 ** -900 && t * ONE_PLUS_16U <= tMax && S < 2 ** 497
  ) {
    return t;
  }
  return 0 / 0;
};

/**
 * The quick certified root of two circles, the first tier after the screen, on the public
 * query's objects: reads tMax, t0 and h from circlesScratch[10..12] (screenCirclesQuick wrote the
 * last two); when the certificate holds, writes the time to circlesScratch[11] and returns true.
 * The certificate alone establishes the case (a hit inside [0, tMax]): the screen only computed
 * the plain formula on this path.
 *
 * The body is written out twice, here and in {@link quickCircles} (inputs from the scratch
 * slots, for the bulk form): a shared helper would exceed V8's inlining limit and box its
 * arguments.
 */
export function quickCirclesOf(A: MovingCircle, B: MovingCircle): boolean {
  const ax = A.x, ay = A.y, avx = A.vx, avy = A.vy, ar = A.r;
  const bx = B.x, by = B.y, bvx = B.vx, bvy = B.vy, br = B.r;
  const tMax = CQ[10], t0 = CQ[11], h = CQ[12];
  let z: number;
  const dxh = bx - ax; z = dxh - bx; const dxl = bx - (dxh - z) - (ax + z);
  const dyh = by - ay; z = dyh - by; const dyl = by - (dyh - z) - (ay + z);
  const wxh = bvx - avx; z = wxh - bvx; const wxl = bvx - (wxh - z) - (avx + z);
  const wyh = bvy - avy; z = wyh - bvy; const wyl = bvy - (wyh - z) - (avy + z);
  const Rh = ar + br; z = Rh - ar; const Rl = ar - (Rh - z) + (br - z);
  const R2 = Rh * Rh;
  z = 134217729 * Rh; const RH = z - (z - Rh); const RL = Rh - RH;
  const R2e = RH * RH - R2 + 2 * RH * RL + RL * RL; // Rh^2 = R2 + R2e exactly (Dekker)
  const a = wxh * wxh + wyh * wyh;
  const aU = a * ONE_PLUS_8U + TINY;
  const T = t0 * t0 * aU;
  // The residual: s + e = dh + t0 wh with t0 wh rounded (TwoSum), the low parts to first order.
  const mx = t0 * wxh, my = t0 * wyh;
  const sx = dxh + mx; z = sx - dxh; const ex = dxh - (sx - z) + (mx - z);
  const sy = dyh + my; z = sy - dyh; const ey = dyh - (sy - z) + (my - z);
  const Q = sx * sx + sy * sy;
  const G = Q - R2;
  const F = G + (2 * (sx * (ex + (dxl + t0 * wxl)) + sy * (ey + (dyl + t0 * wyl)) - Rh * Rl) - R2e);
  // The slope f'(t0) / 2 = p.w, with its error bound (file comment).
  const gx = sx * wxh, gy = sy * wyh;
  const g = gx + gy;
  // sum |s_i m_i| <= t0 G1 (1 + 2u) and sum |dh_i wh_i| <= 1.0002 G1 + 1.0001 t0 aU bound the
  // rounding of t0 wh in f(t0) and the high parts of d in the slope.
  const G1 = Math.abs(gx) + Math.abs(gy);
  const ef = U2_0002 * (Q + Math.abs(G) + t0 * G1) + U2X2048 * (Q + T + R2) + TINY;
  const eg = U6_03 * (G1 + t0 * aU) + TINY * (1 + aU);
  const t = quickStep(t0, F, ef, h, g, eg, aU, tMax, Q + R2 + aU + T);
  if (t !== t) return false;
  CQ[11] = t;
  return true;
}

/** {@link quickCirclesOf} with the inputs in circlesScratch[0..10] (the bulk form). */
export function quickCircles(): boolean {
  const q = CQ;
  const ax = q[0], ay = q[1], avx = q[2], avy = q[3], ar = q[4];
  const bx = q[5], by = q[6], bvx = q[7], bvy = q[8], br = q[9], tMax = q[10];
  const t0 = q[11], h = q[12];
  let z: number;
  const dxh = bx - ax; z = dxh - bx; const dxl = bx - (dxh - z) - (ax + z);
  const dyh = by - ay; z = dyh - by; const dyl = by - (dyh - z) - (ay + z);
  const wxh = bvx - avx; z = wxh - bvx; const wxl = bvx - (wxh - z) - (avx + z);
  const wyh = bvy - avy; z = wyh - bvy; const wyl = bvy - (wyh - z) - (avy + z);
  const Rh = ar + br; z = Rh - ar; const Rl = ar - (Rh - z) + (br - z);
  const R2 = Rh * Rh;
  z = 134217729 * Rh; const RH = z - (z - Rh); const RL = Rh - RH;
  const R2e = RH * RH - R2 + 2 * RH * RL + RL * RL; // Rh^2 = R2 + R2e exactly (Dekker)
  const a = wxh * wxh + wyh * wyh;
  const aU = a * ONE_PLUS_8U + TINY;
  const T = t0 * t0 * aU;
  // The residual: s + e = dh + t0 wh with t0 wh rounded (TwoSum), the low parts to first order.
  const mx = t0 * wxh, my = t0 * wyh;
  const sx = dxh + mx; z = sx - dxh; const ex = dxh - (sx - z) + (mx - z);
  const sy = dyh + my; z = sy - dyh; const ey = dyh - (sy - z) + (my - z);
  const Q = sx * sx + sy * sy;
  const G = Q - R2;
  const F = G + (2 * (sx * (ex + (dxl + t0 * wxl)) + sy * (ey + (dyl + t0 * wyl)) - Rh * Rl) - R2e);
  // The slope f'(t0) / 2 = p.w, with its error bound (file comment).
  const gx = sx * wxh, gy = sy * wyh;
  const g = gx + gy;
  // sum |s_i m_i| <= t0 G1 (1 + 2u) and sum |dh_i wh_i| <= 1.0002 G1 + 1.0001 t0 aU bound the
  // rounding of t0 wh in f(t0) and the high parts of d in the slope.
  const G1 = Math.abs(gx) + Math.abs(gy);
  const ef = U2_0002 * (Q + Math.abs(G) + t0 * G1) + U2X2048 * (Q + T + R2) + TINY;
  const eg = U6_03 * (G1 + t0 * aU) + TINY * (1 + aU);
  const t = quickStep(t0, F, ef, h, g, eg, aU, tMax, Q + R2 + aU + T);
  if (t !== t) return false;
  CQ[11] = t;
  return true;
}

/**
 * The 3D twin of {@link quickCirclesOf}: tMax, t0, h in spheresScratch[14..16], the time to
 * slot 15.
 */
export function quickSpheresOf(A: MovingSphere, B: MovingSphere): boolean {
  const ax = A.x, ay = A.y, az = A.z, avx = A.vx, avy = A.vy, avz = A.vz, ar = A.r;
  const bx = B.x, by = B.y, bz = B.z, bvx = B.vx, bvy = B.vy, bvz = B.vz, br = B.r;
  const tMax = SQ[14], t0 = SQ[15], h = SQ[16];
  let z: number;
  const dxh = bx - ax; z = dxh - bx; const dxl = bx - (dxh - z) - (ax + z);
  const dyh = by - ay; z = dyh - by; const dyl = by - (dyh - z) - (ay + z);
  const dzh = bz - az; z = dzh - bz; const dzl = bz - (dzh - z) - (az + z);
  const wxh = bvx - avx; z = wxh - bvx; const wxl = bvx - (wxh - z) - (avx + z);
  const wyh = bvy - avy; z = wyh - bvy; const wyl = bvy - (wyh - z) - (avy + z);
  const wzh = bvz - avz; z = wzh - bvz; const wzl = bvz - (wzh - z) - (avz + z);
  const Rh = ar + br; z = Rh - ar; const Rl = ar - (Rh - z) + (br - z);
  const R2 = Rh * Rh;
  z = 134217729 * Rh; const RH = z - (z - Rh); const RL = Rh - RH;
  const R2e = RH * RH - R2 + 2 * RH * RL + RL * RL; // Rh^2 = R2 + R2e exactly (Dekker)
  const a = wxh * wxh + wyh * wyh + wzh * wzh;
  const aU = a * ONE_PLUS_8U + TINY;
  const T = t0 * t0 * aU;
  // The residual: s + e = dh + t0 wh with t0 wh rounded (TwoSum), the low parts to first order.
  const mx = t0 * wxh, my = t0 * wyh, mz = t0 * wzh;
  const sx = dxh + mx; z = sx - dxh; const ex = dxh - (sx - z) + (mx - z);
  const sy = dyh + my; z = sy - dyh; const ey = dyh - (sy - z) + (my - z);
  const sz = dzh + mz; z = sz - dzh; const ez = dzh - (sz - z) + (mz - z);
  const Q = sx * sx + sy * sy + sz * sz;
  const G = Q - R2;
  const F = G + (2 * (sx * (ex + (dxl + t0 * wxl)) + sy * (ey + (dyl + t0 * wyl)) + sz * (ez + (dzl + t0 * wzl)) - Rh * Rl) - R2e);
  // The slope f'(t0) / 2 = p.w, with its error bound (file comment).
  const gx = sx * wxh, gy = sy * wyh, gz = sz * wzh;
  const g = gx + gy + gz;
  // sum |s_i m_i| <= t0 G1 (1 + 2u) and sum |dh_i wh_i| <= 1.0002 G1 + 1.0001 t0 aU bound the
  // rounding of t0 wh in f(t0) and the high parts of d in the slope.
  const G1 = Math.abs(gx) + Math.abs(gy) + Math.abs(gz);
  const ef = U2_0002 * (1.5 * Q + Math.abs(G) + t0 * G1) + U2X2048 * (Q + T + R2) + TINY;
  const eg = U7_03 * (G1 + t0 * aU) + TINY * (1 + aU);
  const t = quickStep(t0, F, ef, h, g, eg, aU, tMax, Q + R2 + aU + T);
  if (t !== t) return false;
  SQ[15] = t;
  return true;
}

/** {@link quickSpheresOf} with the inputs in spheresScratch[0..14] (the bulk form). */
export function quickSpheres(): boolean {
  const q = SQ;
  const ax = q[0], ay = q[1], az = q[2], avx = q[3], avy = q[4], avz = q[5], ar = q[6];
  const bx = q[7], by = q[8], bz = q[9], bvx = q[10], bvy = q[11], bvz = q[12], br = q[13], tMax = q[14];
  const t0 = q[15], h = q[16];
  let z: number;
  const dxh = bx - ax; z = dxh - bx; const dxl = bx - (dxh - z) - (ax + z);
  const dyh = by - ay; z = dyh - by; const dyl = by - (dyh - z) - (ay + z);
  const dzh = bz - az; z = dzh - bz; const dzl = bz - (dzh - z) - (az + z);
  const wxh = bvx - avx; z = wxh - bvx; const wxl = bvx - (wxh - z) - (avx + z);
  const wyh = bvy - avy; z = wyh - bvy; const wyl = bvy - (wyh - z) - (avy + z);
  const wzh = bvz - avz; z = wzh - bvz; const wzl = bvz - (wzh - z) - (avz + z);
  const Rh = ar + br; z = Rh - ar; const Rl = ar - (Rh - z) + (br - z);
  const R2 = Rh * Rh;
  z = 134217729 * Rh; const RH = z - (z - Rh); const RL = Rh - RH;
  const R2e = RH * RH - R2 + 2 * RH * RL + RL * RL; // Rh^2 = R2 + R2e exactly (Dekker)
  const a = wxh * wxh + wyh * wyh + wzh * wzh;
  const aU = a * ONE_PLUS_8U + TINY;
  const T = t0 * t0 * aU;
  // The residual: s + e = dh + t0 wh with t0 wh rounded (TwoSum), the low parts to first order.
  const mx = t0 * wxh, my = t0 * wyh, mz = t0 * wzh;
  const sx = dxh + mx; z = sx - dxh; const ex = dxh - (sx - z) + (mx - z);
  const sy = dyh + my; z = sy - dyh; const ey = dyh - (sy - z) + (my - z);
  const sz = dzh + mz; z = sz - dzh; const ez = dzh - (sz - z) + (mz - z);
  const Q = sx * sx + sy * sy + sz * sz;
  const G = Q - R2;
  const F = G + (2 * (sx * (ex + (dxl + t0 * wxl)) + sy * (ey + (dyl + t0 * wyl)) + sz * (ez + (dzl + t0 * wzl)) - Rh * Rl) - R2e);
  // The slope f'(t0) / 2 = p.w, with its error bound (file comment).
  const gx = sx * wxh, gy = sy * wyh, gz = sz * wzh;
  const g = gx + gy + gz;
  // sum |s_i m_i| <= t0 G1 (1 + 2u) and sum |dh_i wh_i| <= 1.0002 G1 + 1.0001 t0 aU bound the
  // rounding of t0 wh in f(t0) and the high parts of d in the slope.
  const G1 = Math.abs(gx) + Math.abs(gy) + Math.abs(gz);
  const ef = U2_0002 * (1.5 * Q + Math.abs(G) + t0 * G1) + U2X2048 * (Q + T + R2) + TINY;
  const eg = U7_03 * (G1 + t0 * aU) + TINY * (1 + aU);
  const t = quickStep(t0, F, ef, h, g, eg, aU, tMax, Q + R2 + aU + T);
  if (t !== t) return false;
  SQ[15] = t;
  return true;
}

/**
 * The shared last stage: from the start t0, f(t0) = F (|error| <= ef), p.w = g (<= eg) and an
 * upper bound aU of |w|^2, the Newton step and its certificate; returns t1, or NaN.
 */
function newtonRoot(t0: number, F: number, ef: number, g: number, eg: number, aU: number, tMax: number): number {
  const ig = -1 / g; // 1 / |g| when g < 0 (checked below)
  const dc = 0.5 * F * ig; // the step -F / (2g), within 3u
  const t = t0 + dc;
  const A = 0.5 * ef * ig; // the step's error from f(t0)
  const r = eg * ig; // relative error of p.w
  const adc = Math.abs(dc);
  const m = adc + A;
  // |t - t*| <= u t + 1.07 A + |dc| (1.07 r + 3u) (rounding, the bounds on f and f') plus the
  // Newton error a delta^2 / |f'| <= 2.5 a (|dc| + A)^2 / |g| (see the file comment).
  const err = U * t + 1.14 * A + adc * (1.07 * r + 3 * U) + 2.5 * aU * m * m * ig;
  if (
    g < 0 && r <= 0.0625 && 16 * aU * adc <= -g && aU * ef <= 0.25 * g * g &&
    err <= 3.45 * U * t && t > 2 ** -1000 && t < 2 ** 1000 && t * ONE_PLUS_16U <= tMax
  ) {
    return t;
  }
  return 0 / 0;
}

/**
 * Time of impact of two circles within 4 ulps: reads q[0..10] = ax, ay, avx, avy, ar, bx, by,
 * bvx, bvy, br, tMax (the layout of circlesExactInput); when the certificate holds, writes the
 * time to q[11] and returns true, else returns false (the caller then runs the double-double
 * path).
 */
export function certifiedCircles(q: Float64Array): boolean {
  const ax = q[0], ay = q[1], avx = q[2], avy = q[3], ar = q[4];
  const bx = q[5], by = q[6], bvx = q[7], bvy = q[8], br = q[9], tMax = q[10];
  let z: number;
  // Exact differences (TwoSum): d = dh + dl, w = wh + wl, R = Rh + Rl.
  const dxh = bx - ax; z = dxh - bx; const dxl = bx - (dxh - z) + (-ax - z);
  const dyh = by - ay; z = dyh - by; const dyl = by - (dyh - z) + (-ay - z);
  const wxh = bvx - avx; z = wxh - bvx; const wxl = bvx - (wxh - z) + (-avx - z);
  const wyh = bvy - avy; z = wyh - bvy; const wyl = bvy - (wyh - z) + (-avy - z);
  const Rh = ar + br; z = Rh - ar; const Rl = ar - (Rh - z) + (br - z);
  // The start: the plain stable root.
  const b = dxh * wxh + dyh * wyh;
  const D = dxh * dxh + dyh * dyh;
  const R2 = Rh * Rh;
  const a = wxh * wxh + wyh * wyh;
  const c = D - R2;
  const disc = b * b - a * c;
  if (!(b < 0 && c > 0 && disc > 0 && D + R2 < BIG2 && a < BIG2)) return false;
  const t0 = c / (Math.sqrt(disc) - b);
  const T = t0 * t0 * a;
  if (!(t0 > 2 ** -1000 && t0 < 2 ** 1000 && T < BIG2)) return false;

  // p = d + t0 w as ph + pl: TwoProduct t0 wh (Veltkamp splits), TwoSum dh + t0 wh, low parts.
  z = 134217729 * t0; const tH = z - (z - t0); const tL = t0 - tH;
  z = 134217729 * wxh; const wxH = z - (z - wxh); const wxL = wxh - wxH;
  z = 134217729 * wyh; const wyH = z - (z - wyh); const wyL = wyh - wyH;
  const thx = t0 * wxh; const tex = tH * wxH - thx + tH * wxL + tL * wxH + tL * wxL;
  const thy = t0 * wyh; const tey = tH * wyH - thy + tH * wyL + tL * wyH + tL * wyL;
  const phx = dxh + thx; z = phx - dxh; const pex = dxh - (phx - z) + (thx - z);
  const phy = dyh + thy; z = phy - dyh; const pey = dyh - (phy - z) + (thy - z);
  const plx = pex + tex + dxl + t0 * wxl;
  const ply = pey + tey + dyl + t0 * wyl;

  // f(t0) = |p|^2 - R^2 (exact squares and sums, first-order terms) and p.w, with their error
  // bounds. Second-order terms: |pl|, |p - ph - pl| <= 6 u^2 (|ph| + |t0 w| + |d|) per
  // component, so 128 u^2 (|d|^2 + |t0 w|^2 + |ph|^2 + R^2) in f and, with
  // |x| |w| <= (x^2 / t0 + t0 w^2) / 2, 64 u^2 (|d|^2 + |t0 w|^2 + |ph|^2) / t0 in p.w;
  // 2^-1000 terms for underflow.
  z = 134217729 * phx; const pxH = z - (z - phx); const pxL = phx - pxH;
  z = 134217729 * phy; const pyH = z - (z - phy); const pyL = phy - pyH;
  z = 134217729 * Rh; const RH = z - (z - Rh); const RL = Rh - RH;
  const qx = phx * phx; const ex = pxH * pxH - qx + 2 * pxH * pxL + pxL * pxL;
  const qy = phy * phy; const ey = pyH * pyH - qy + 2 * pyH * pyL + pyL * pyL;
  const eR = RH * RH - R2 + 2 * RH * RL + RL * RL;
  const P2 = qx + qy; z = P2 - qx; const f1 = qx - (P2 - z) + (qy - z);
  const Fh = P2 - R2; z = Fh - P2; const f2 = P2 - (Fh - z) + (-R2 - z);
  const F = Fh + (f1 + f2 + ex + ey - eR + 2 * (phx * plx + phy * ply - Rh * Rl));
  const S2 = D + T + P2;
  const ef = U * Math.abs(F) + U2X128 * (S2 + R2) + 2 ** -1000 * (1 + P2);
  const gx = phx * wxh, gy = phy * wyh;
  const g = gx + gy;
  const eg = U4 * (Math.abs(gx) + Math.abs(gy)) + 1.01 * (Math.abs(plx * wxh) + Math.abs(ply * wyh)) +
    U2X64 * S2 / t0 + 2 ** -1000 * (1 + a);
  const t = newtonRoot(t0, F, ef, g, eg, a * (1 + 2 ** -40), tMax);
  if (t !== t) return false;
  q[11] = t;
  return true;
}

/**
 * The 3D twin of {@link certifiedCircles} (same steps, a third coordinate): q[0..14] as in
 * spheresExactInput, the time to q[15].
 */
export function certifiedSpheres(q: Float64Array): boolean {
  const ax = q[0], ay = q[1], az = q[2], avx = q[3], avy = q[4], avz = q[5], ar = q[6];
  const bx = q[7], by = q[8], bz = q[9], bvx = q[10], bvy = q[11], bvz = q[12], br = q[13], tMax = q[14];
  let z: number;
  const dxh = bx - ax; z = dxh - bx; const dxl = bx - (dxh - z) + (-ax - z);
  const dyh = by - ay; z = dyh - by; const dyl = by - (dyh - z) + (-ay - z);
  const dzh = bz - az; z = dzh - bz; const dzl = bz - (dzh - z) + (-az - z);
  const wxh = bvx - avx; z = wxh - bvx; const wxl = bvx - (wxh - z) + (-avx - z);
  const wyh = bvy - avy; z = wyh - bvy; const wyl = bvy - (wyh - z) + (-avy - z);
  const wzh = bvz - avz; z = wzh - bvz; const wzl = bvz - (wzh - z) + (-avz - z);
  const Rh = ar + br; z = Rh - ar; const Rl = ar - (Rh - z) + (br - z);
  const b = dxh * wxh + dyh * wyh + dzh * wzh;
  const D = dxh * dxh + dyh * dyh + dzh * dzh;
  const R2 = Rh * Rh;
  const a = wxh * wxh + wyh * wyh + wzh * wzh;
  const c = D - R2;
  const disc = b * b - a * c;
  if (!(b < 0 && c > 0 && disc > 0 && D + R2 < BIG2 && a < BIG2)) return false;
  const t0 = c / (Math.sqrt(disc) - b);
  const T = t0 * t0 * a;
  if (!(t0 > 2 ** -1000 && t0 < 2 ** 1000 && T < BIG2)) return false;

  z = 134217729 * t0; const tH = z - (z - t0); const tL = t0 - tH;
  z = 134217729 * wxh; const wxH = z - (z - wxh); const wxL = wxh - wxH;
  z = 134217729 * wyh; const wyH = z - (z - wyh); const wyL = wyh - wyH;
  z = 134217729 * wzh; const wzH = z - (z - wzh); const wzL = wzh - wzH;
  const thx = t0 * wxh; const tex = tH * wxH - thx + tH * wxL + tL * wxH + tL * wxL;
  const thy = t0 * wyh; const tey = tH * wyH - thy + tH * wyL + tL * wyH + tL * wyL;
  const thz = t0 * wzh; const tez = tH * wzH - thz + tH * wzL + tL * wzH + tL * wzL;
  const phx = dxh + thx; z = phx - dxh; const pex = dxh - (phx - z) + (thx - z);
  const phy = dyh + thy; z = phy - dyh; const pey = dyh - (phy - z) + (thy - z);
  const phz = dzh + thz; z = phz - dzh; const pez = dzh - (phz - z) + (thz - z);
  const plx = pex + tex + dxl + t0 * wxl;
  const ply = pey + tey + dyl + t0 * wyl;
  const plz = pez + tez + dzl + t0 * wzl;

  z = 134217729 * phx; const pxH = z - (z - phx); const pxL = phx - pxH;
  z = 134217729 * phy; const pyH = z - (z - phy); const pyL = phy - pyH;
  z = 134217729 * phz; const pzH = z - (z - phz); const pzL = phz - pzH;
  z = 134217729 * Rh; const RH = z - (z - Rh); const RL = Rh - RH;
  const qx = phx * phx; const ex = pxH * pxH - qx + 2 * pxH * pxL + pxL * pxL;
  const qy = phy * phy; const ey = pyH * pyH - qy + 2 * pyH * pyL + pyL * pyL;
  const qz = phz * phz; const ez = pzH * pzH - qz + 2 * pzH * pzL + pzL * pzL;
  const eR = RH * RH - R2 + 2 * RH * RL + RL * RL;
  const s1 = qx + qy; z = s1 - qx; const f1 = qx - (s1 - z) + (qy - z);
  const P2 = s1 + qz; z = P2 - s1; const f2 = s1 - (P2 - z) + (qz - z);
  const Fh = P2 - R2; z = Fh - P2; const f3 = P2 - (Fh - z) + (-R2 - z);
  const F = Fh + (f1 + f2 + f3 + ex + ey + ez - eR + 2 * (phx * plx + phy * ply + phz * plz - Rh * Rl));
  const S2 = D + T + P2;
  const ef = U * Math.abs(F) + U2X128 * (S2 + R2) + 2 ** -1000 * (1 + P2);
  const gx = phx * wxh, gy = phy * wyh, gz = phz * wzh;
  const g = gx + gy + gz;
  const eg = 5 * U * (Math.abs(gx) + Math.abs(gy) + Math.abs(gz)) +
    1.01 * (Math.abs(plx * wxh) + Math.abs(ply * wyh) + Math.abs(plz * wzh)) + U2X64 * S2 / t0 + 2 ** -1000 * (1 + a);
  const t = newtonRoot(t0, F, ef, g, eg, a * (1 + 2 ** -40), tMax);
  if (t !== t) return false;
  q[15] = t;
  return true;
}
