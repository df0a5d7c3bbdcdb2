/**
 * The certified fast root of the circle and sphere time of impact: a time within 4 ulps of the
 * exact root of the given doubles, with a rigorous error bound computed alongside, for the
 * public queries that promise 4 ulps (the exact kernels in toi-circle-circle.ts and
 * toi-sphere-sphere.ts stay the reference, and the fallback).
 *
 * With d = pB - pA, w = vB - vA and R = rA + rB (all exact, formed by TwoSum), the contact time
 * is the smaller root of |d + t w|^2 = R^2:
 *
 *     t = c / (beta + sqrt(disc)),   c = |d|^2 - R^2,  beta = -d.w,
 *     disc = beta^2 - |w|^2 c = |w|^2 R^2 - |d x w|^2          (Lagrange's identity)
 *
 * The second form of the discriminant is what makes a cheap certificate possible: b^2 - a c
 * cancels by a factor |d| / R even for a head-on approach from afar, while |w|^2 R^2 - |d x w|^2
 * cancels only near a true graze. To first order the relative error of t is
 *
 *     dt/t = dc/c - (dbeta + ds)/(beta + s),   ds <= u s + |d disc| / (1.86 s),
 *
 * so c and beta are formed to about u^2 (Dekker's TwoProduct on Veltkamp splits, plus the low
 * parts of the TwoSum differences), the cross product likewise, and |w|^2 R^2 in plain
 * doubles (its error reaches t divided by about |d| / R). The denominator beta + s is a
 * TwoSum, the quotient gets one first-order correction. When the bound of the relative error
 * of the inputs to the last division is <= 1.4 u, the result is within 1.4 u + 2 u (division
 * and final addition) < 3.5 u of the exact root, i.e. within 4 ulps; otherwise (near a graze,
 * near touching, near tMax, extreme scales) the caller falls back to the double-double path.
 *
 * Validity: components below 2^250 (checked; products, splits and squares stay finite) and an
 * absolute term 2^-1000 in every bound, which covers products that underflow.
 */

const U = 2 ** -53;
const U2X64 = 64 * 2 ** -106;
/** Bound on the input-side relative error (2.4 u) for a result within 3.5 u, i.e. 4 ulps. */
const LIMIT = 2.4 * 2 ** -53;
const U2X128 = 128 * 2 ** -106;
/**
 * |d|^2 + R^2 and |w|^2 must stay below this (components below 2^250): every split, product,
 * square of a product (|w|^2 R^2, |d x w|^2 < 2^1000) and bound below then stays finite.
 */
const BIG2 = 2 ** 500;
/** t (1 + 16u) <= tMax certifies t* <= tMax, so the hit classification matches the exact path. */
const ONE_PLUS_16U = 1 + 16 * 2 ** -53;

/**
 * The shared last stage: from c = ch + cl (|error| <= ec), b = d.w = bh + bl (<= eb, b < 0),
 * the two parts of the discriminant (|w|^2 R^2 = ar2 and |d x w|^2 = cr2, their error ed),
 * decides whether the root is certified and returns it, or NaN.
 */
function certifiedRoot(ch: number, cl: number, ec: number, bh: number, bl: number, eb: number, ar2: number, cr2: number, ed: number, tMax: number): number {
  const disc = ar2 - cr2;
  const edt = ed + U * disc;
  const s = Math.sqrt(disc);
  // den = beta + s = -b + s as nh + nl: TwoSum, then the low part of b.
  const nh = s - bh;
  const z = nh - s;
  const nl = s - (nh - z) + (-bh - z) - bl;
  // t = c / den: the rounded quotient, then one correction from the exact remainder
  // ch - t0 nh (Dekker's TwoProduct) and the low parts: within u + O(u^2) of c / den.
  const t0 = ch / nh;
  let y = 134217729 * t0; const tH = y - (y - t0); const tL = t0 - tH;
  y = 134217729 * nh; const nH = y - (y - nh); const nL = nh - nH;
  const pn = t0 * nh;
  const pe = tH * nH - pn + tH * nL + tL * nH + tL * nL;
  const corr = (ch - pn - pe + cl - t0 * nl) / nh;
  const t = t0 + corr;
  // The relative error of the inputs to the division, ec / c + (eb + u s + 0.54 ed / s) / den,
  // must be <= LIMIT (multiplied through by den); c, b and disc must be well clear of 0 (so
  // their signs, and the case, are certain); t must be a normal double certainly <= tMax.
  const c = ch + cl;
  if (
    edt * 4 <= disc && ec * 1024 <= c && eb * 1024 <= -bh &&
    (ec / c) * nh + eb + U * s + 0.56 * edt / s <= LIMIT * nh &&
    t > 2 ** -1000 && t < 2 ** 1000 && t * ONE_PLUS_16U <= tMax && Math.abs(corr) <= 2 ** -10 * t
  ) {
    return t;
  }
  return 0 / 0;
}

/**
 * Time of impact of two circles within 4 ulps: reads q[0..10] = ax, ay, avx, avy, ar, bx, by,
 * bvx, bvy, br, tMax (the layout of circlesExactInput); when the certificate holds, writes the
 * time to q[11] and returns true, else returns false and the caller runs the double-double
 * path. Meant for pairs the screen could not decide (screenCircles returned NaN); the scratch
 * array keeps the doubles unboxed when the call is not inlined.
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
  const q1 = dxh * dxh, q2 = dyh * dyh, q3 = Rh * Rh;
  const r1 = wxh * wxh, r2 = wyh * wyh;
  if (!(q1 + q2 + q3 < BIG2 && r1 + r2 < BIG2)) return false;
  // Veltkamp splits.
  z = 134217729 * dxh; const dxH = z - (z - dxh); const dxL = dxh - dxH;
  z = 134217729 * dyh; const dyH = z - (z - dyh); const dyL = dyh - dyH;
  z = 134217729 * wxh; const wxH = z - (z - wxh); const wxL = wxh - wxH;
  z = 134217729 * wyh; const wyH = z - (z - wyh); const wyL = wyh - wyH;
  z = 134217729 * Rh; const RH = z - (z - Rh); const RL = Rh - RH;

  // c = |d|^2 - R^2: exact squares, TwoSums, first-order terms of dl and Rl.
  const e1 = dxH * dxH - q1 + 2 * dxH * dxL + dxL * dxL;
  const e2 = dyH * dyH - q2 + 2 * dyH * dyL + dyL * dyL;
  const e3 = RH * RH - q3 + 2 * RH * RL + RL * RL;
  const s1 = q1 + q2; z = s1 - q1; const f1 = q1 - (s1 - z) + (q2 - z);
  const ch = s1 - q3; z = ch - s1; const f2 = s1 - (ch - z) + (-q3 - z);
  const cl = f1 + f2 + e1 + e2 - e3 + 2 * (dxh * dxl + dyh * dyl - Rh * Rl);
  const ec = U2X64 * (s1 + q3) + 2 ** -1000;

  // b = d.w: two TwoProducts, a TwoSum, first-order terms.
  const p1 = dxh * wxh; const g1 = dxH * wxH - p1 + dxH * wxL + dxL * wxH + dxL * wxL;
  const p2 = dyh * wyh; const g2 = dyH * wyH - p2 + dyH * wyL + dyL * wyH + dyL * wyL;
  const bh = p1 + p2; z = bh - p1; const f3 = p1 - (bh - z) + (p2 - z);
  const bl = f3 + g1 + g2 + (dxh * wxl + dxl * wxh + dyh * wyl + dyl * wyh);
  const eb = U2X64 * (Math.abs(p1) + Math.abs(p2)) + 2 ** -1000;

  // |w|^2 R^2 in plain doubles (first-order terms folded in): within 4u plus u^2 terms.
  const aw = r1 + r2 + 2 * (wxh * wxl + wyh * wyl);
  const R2 = q3 + (e3 + 2 * Rh * Rl);
  const ar2 = aw * R2;
  // d x w: two TwoProducts and first-order terms; |error| <= u |kh| + u |k| + 28 u^2 K, which
  // with the rounding of k^2 puts |k^2 - (d x w)^2| within 5u k^2 + 64 u^2 |k| K.
  const k1 = dxh * wyh; const h1 = dxH * wyH - k1 + dxH * wyL + dxL * wyH + dxL * wyL;
  const k2 = dyh * wxh; const h2 = dyH * wxH - k2 + dyH * wxL + dyL * wxH + dyL * wxL;
  const kh = k1 - k2;
  const k = kh + (h1 - h2 + (dxh * wyl + dxl * wyh - dyh * wxl - dyl * wxh));
  const cr2 = k * k;
  const ak = Math.abs(k);
  const ed = U * (4.1 * ar2 + 5.1 * cr2) + U2X128 * ak * (Math.abs(k1) + Math.abs(k2)) + 2 ** -1000;
  const t = certifiedRoot(ch, cl, ec, bh, bl, eb, ar2, cr2, ed, tMax);
  if (t !== t) return false;
  q[11] = t;
  return true;
}

/**
 * The 3D twin of {@link certifiedCircles} (same steps, a third coordinate, a cross vector):
 * q[0..14] as in spheresExactInput, the time to q[15].
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
  const q1 = dxh * dxh, q2 = dyh * dyh, q3 = dzh * dzh, q4 = Rh * Rh;
  const r1 = wxh * wxh, r2 = wyh * wyh, r3 = wzh * wzh;
  if (!(q1 + q2 + q3 + q4 < BIG2 && r1 + r2 + r3 < BIG2)) return false;
  z = 134217729 * dxh; const dxH = z - (z - dxh); const dxL = dxh - dxH;
  z = 134217729 * dyh; const dyH = z - (z - dyh); const dyL = dyh - dyH;
  z = 134217729 * dzh; const dzH = z - (z - dzh); const dzL = dzh - dzH;
  z = 134217729 * wxh; const wxH = z - (z - wxh); const wxL = wxh - wxH;
  z = 134217729 * wyh; const wyH = z - (z - wyh); const wyL = wyh - wyH;
  z = 134217729 * wzh; const wzH = z - (z - wzh); const wzL = wzh - wzH;
  z = 134217729 * Rh; const RH = z - (z - Rh); const RL = Rh - RH;

  // c = |d|^2 - R^2
  const e1 = dxH * dxH - q1 + 2 * dxH * dxL + dxL * dxL;
  const e2 = dyH * dyH - q2 + 2 * dyH * dyL + dyL * dyL;
  const e3 = dzH * dzH - q3 + 2 * dzH * dzL + dzL * dzL;
  const e4 = RH * RH - q4 + 2 * RH * RL + RL * RL;
  const s1 = q1 + q2; z = s1 - q1; const f1 = q1 - (s1 - z) + (q2 - z);
  const s2 = s1 + q3; z = s2 - s1; const f2 = s1 - (s2 - z) + (q3 - z);
  const ch = s2 - q4; z = ch - s2; const f3 = s2 - (ch - z) + (-q4 - z);
  const cl = f1 + f2 + f3 + e1 + e2 + e3 - e4 + 2 * (dxh * dxl + dyh * dyl + dzh * dzl - Rh * Rl);
  const ec = U2X128 * (s2 + q4) + 2 ** -1000;

  // b = d.w
  const p1 = dxh * wxh; const g1 = dxH * wxH - p1 + dxH * wxL + dxL * wxH + dxL * wxL;
  const p2 = dyh * wyh; const g2 = dyH * wyH - p2 + dyH * wyL + dyL * wyH + dyL * wyL;
  const p3 = dzh * wzh; const g3 = dzH * wzH - p3 + dzH * wzL + dzL * wzH + dzL * wzL;
  const t1 = p1 + p2; z = t1 - p1; const f4 = p1 - (t1 - z) + (p2 - z);
  const bh = t1 + p3; z = bh - t1; const f5 = t1 - (bh - z) + (p3 - z);
  const bl = f4 + f5 + g1 + g2 + g3 + (dxh * wxl + dxl * wxh + dyh * wyl + dyl * wyh + dzh * wzl + dzl * wzh);
  const eb = U2X128 * (Math.abs(p1) + Math.abs(p2) + Math.abs(p3)) + 2 ** -1000;

  // |w|^2 R^2 (within 5u) and |d x w|^2 (each component as in 2D; within 7u plus u^2 terms).
  const aw = r1 + r2 + r3 + 2 * (wxh * wxl + wyh * wyl + wzh * wzl);
  const ar2 = aw * (q4 + (e4 + 2 * Rh * Rl));
  const kx1 = dyh * wzh; const hx1 = dyH * wzH - kx1 + dyH * wzL + dyL * wzH + dyL * wzL;
  const kx2 = dzh * wyh; const hx2 = dzH * wyH - kx2 + dzH * wyL + dzL * wyH + dzL * wyL;
  const ky1 = dzh * wxh; const hy1 = dzH * wxH - ky1 + dzH * wxL + dzL * wxH + dzL * wxL;
  const ky2 = dxh * wzh; const hy2 = dxH * wzH - ky2 + dxH * wzL + dxL * wzH + dxL * wzL;
  const kz1 = dxh * wyh; const hz1 = dxH * wyH - kz1 + dxH * wyL + dxL * wyH + dxL * wyL;
  const kz2 = dyh * wxh; const hz2 = dyH * wxH - kz2 + dyH * wxL + dyL * wxH + dyL * wxL;
  const kx = kx1 - kx2 + (hx1 - hx2 + (dyh * wzl + dyl * wzh - dzh * wyl - dzl * wyh));
  const ky = ky1 - ky2 + (hy1 - hy2 + (dzh * wxl + dzl * wxh - dxh * wzl - dxl * wzh));
  const kz = kz1 - kz2 + (hz1 - hz2 + (dxh * wyl + dxl * wyh - dyh * wxl - dyl * wxh));
  const cr2 = kx * kx + ky * ky + kz * kz;
  const ed = U * (5.1 * ar2 + 7.1 * cr2) + U2X128 * (Math.abs(kx) * (Math.abs(kx1) + Math.abs(kx2)) +
    Math.abs(ky) * (Math.abs(ky1) + Math.abs(ky2)) + Math.abs(kz) * (Math.abs(kz1) + Math.abs(kz2))) + 2 ** -1000;
  const t = certifiedRoot(ch, cl, ec, bh, bl, eb, ar2, cr2, ed, tMax);
  if (t !== t) return false;
  q[15] = t;
  return true;
}
