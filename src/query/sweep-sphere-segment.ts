/**
 * A moving sphere against a line segment: the capsule of radius r around the segment, i.e. an
 * infinite cylinder restricted to the segment plus a sphere of radius r at each end. This is
 * also the kernel for the edges of a triangle (sweep-sphere-triangle.ts).
 *
 * Cylinder. With the segment from A to B, e = B - A, and the centre c + t v, the distance from
 * the centre to the line is |(d + t v) x e| / |e| with d = c - A (Ericson, Real-Time Collision
 * Detection, 5.3.7, intersecting a segment and a cylinder). Writing m = d x e and n = v x e, the
 * centre is on the cylinder of radius r when
 *
 *     |m + t n|^2 = r^2 |e|^2,   i.e.   a t^2 + 2 b t + c = 0,
 *     a = n.n,  b = m.n,  c = m.m - r^2 e.e,
 *
 * the contact quadratic of two spheres with relative position m and velocity n. For the exact
 * answer, d and e are formed exactly (TwoSum) and m and n as double-doubles from exact products
 * (TwoProduct, as in Kahan's 2x2 determinant), so the cross products do not cancel when the
 * centre or its motion is nearly parallel to the segment. The quadratic is first screened in
 * plain doubles with rigorous error bounds (the certified screen of math/contact-root.ts, with the
 * roundings of the plain cross products added to the bounds); every hit inside [0, tMax] and
 * every sign too close to call is recomputed with a, b, c as double-doubles (r^2 e.e from exact
 * products, no square root of it), with the discriminant in a form that does not cancel (see
 * exactCylinderRoot), and solved in the stable form c / (-b + sqrt(b^2 - a c)) in
 * double-double (as firstContactRoot in math/contact-root.ts).
 *
 * Ends. A cylinder contact counts when the centre at that time projects strictly inside the
 * segment. Otherwise the first contact, if any, is with the end sphere on that side (the
 * capsule lies inside the infinite cylinder, and a path inside the cylinder cannot reach the
 * segment's part of it without crossing that end's sphere). A centre starting inside the
 * cylinder beyond an end likewise can only meet that end's sphere. End spheres are spheres of
 * radius r about a point at rest: {@link toiSpheresRaw}, exact to an ulp.
 */
import { SPLITTER } from "../math/double-double.js";
import { toiSpheresRaw } from "./toi-sphere-sphere.js";
import { FEATURE_INTERIOR, FEATURE_VERTEX } from "./types.js";
import type { MovingSphere, WallHit3 } from "./types.js";
import { checkMovingSphere, checkTMax } from "./validate.js";
import { checkSegment3, exactCross, finishWallHit3, newWallHit3, offsetIO, offsetsFromPath } from "./geometry3.js";
import type { Segment3 } from "./geometry3.js";

const U = 2 ** -53;
const U4 = 4 * U;
const U5 = 5 * U;
const U8 = 8 * U;
const ONE_PLUS_16U = 1 + 16 * U;
/** An absolute floor of every bound, so that underflowing products are never decided in plain doubles. */
const TINY = 2 ** -1000;

/** Slightly more than 1, for a conservative "maybe inside the cylinder" test (it only triggers extra exact work). */
const SLACK = 1 + 2 ** -30;

/**
 * Scratch of {@link capsuleCylinder}. Inputs: centre 0..2, velocity 3..5, radius 6, end A 7..9,
 * end B 10..12, tMax 13, and 16: 1 to defer the exact time of a certain side contact (see
 * {@link CAPSULE_SIDE_DEFERRED}), 0 otherwise. Outputs: 14 the cylinder's contact time (or
 * Infinity); 15 what to do: {@link CAPSULE_NONE}, {@link CAPSULE_SIDE} (the contact at slot 14 is
 * on the segment's interior), {@link CAPSULE_END_A} or {@link CAPSULE_END_B} (test that end's
 * sphere), {@link CAPSULE_SIDE_DEFERRED}; 17 the deferred time's error bound.
 */
export const capsuleIO = new Float64Array(18);

/** No contact with the capsule is possible. */
export const CAPSULE_NONE = 0;
/** The cylinder contact lies on the segment's interior: it is the capsule's first contact. */
export const CAPSULE_SIDE = 1;
/** Only end A's sphere can be met (also the answer for a segment of zero length). */
export const CAPSULE_END_A = 2;
/** Only end B's sphere can be met. */
export const CAPSULE_END_B = 3;
/**
 * (Only when asked to defer.) The capsule's first contact is certainly on the segment's interior,
 * at a time within capsuleIO[17] of the plain estimate capsuleIO[14]; run again without deferring
 * for the exact time. A caller comparing several capsules computes only the earliest exactly.
 */
export const CAPSULE_SIDE_DEFERRED = 4;

/** The cylinder stage of the capsule on {@link capsuleIO} (see the file comment). */
export function capsuleCylinder(): void {
  const q = capsuleIO;
  const cx = q[0], cy = q[1], cz = q[2], vx = q[3], vy = q[4], vz = q[5], r = q[6];
  const ax = q[7], ay = q[8], az = q[9], tMax = q[13];
  const ex = q[10] - ax, ey = q[11] - ay, ez = q[12] - az;
  q[14] = Infinity;
  const ee = ex * ex + ey * ey + ez * ez;
  if (ee === 0) {
    q[15] = CAPSULE_END_A;
    return;
  }
  let bb: number;
  // The screen, in plain doubles with rigorous error bounds. d = c - A and e = B - A carry one
  // relative rounding each (u), so each component of m = d x e is within 5u of its magnitude sum
  // |d_y e_z| + |d_z e_y| (the products' roundings and the difference's included), and likewise
  // n = v x e.
  const dx = cx - ax, dy = cy - ay, dz = cz - az;
  const mx = dy * ez - dz * ey, my = dz * ex - dx * ez, mz = dx * ey - dy * ex;
  const nx = vy * ez - vz * ey, ny = vz * ex - vx * ez, nz = vx * ey - vy * ex;
  // With D1, E1, V1 the 1-norms of d, e, v, each component of m is within Em = 5u D1 E1 and
  // of n within En = 5u V1 E1 (looser than per component, and cheaper).
  const E1 = Math.abs(ex) + Math.abs(ey) + Math.abs(ez);
  const Em = U5 * (Math.abs(dx) + Math.abs(dy) + Math.abs(dz)) * E1;
  const En = U5 * (Math.abs(vx) + Math.abs(vy) + Math.abs(vz)) * E1;
  const M1 = Math.abs(mx) + Math.abs(my) + Math.abs(mz);
  const N1 = Math.abs(nx) + Math.abs(ny) + Math.abs(nz);
  // b = m.n; moving away from the line or parallel to it when b >= 0.
  const b = mx * nx + my * ny + mz * nz;
  const eb = (M1 * En + Em * N1 + 3 * Em * En + U4 * M1 * N1) * ONE_PLUS_16U + TINY;
  let root = Infinity;
  if (b <= eb) {
    root = NaN;
    if (b < -eb) {
      // c = m.m - r^2 e.e and a = n.n with their bounds (e.e carries 5u, r^2 and the product 2u
      // more), then the certified screen of math/contact-root.ts (screenContact), spelled out
      // here so that no doubles cross a call.
      const C = mx * mx + my * my + mz * mz;
      const R2 = r * r * ee;
      const c = C - R2;
      const ec = (2 * M1 * Em + 3 * Em * Em + U4 * C + U8 * R2 + U * Math.abs(c)) * ONE_PLUS_16U + TINY;
      const a = nx * nx + ny * ny + nz * nz;
      const ea = (2 * N1 * En + 3 * En * En + U4 * a) * ONE_PLUS_16U + TINY;
      if (c < -ec) {
        root = 0;
      } else if (c > ec) {
        const disc = b * b - a * c;
        const ed = (eb * (eb - 2 * b) + a * ec + (c + ec) * ea + U8 * (b * b + a * c)) * ONE_PLUS_16U + TINY;
        if (disc < -ed) root = Infinity;
        else if (disc > ed) {
          const sd = Math.sqrt(disc);
          if ((c - ec) * sd > tMax * ((sd - b + eb) * sd + ed) * ONE_PLUS_16U + TINY) {
            root = Infinity;
          } else {
            // A certain crossing of the cylinder near t0. If its foot is certainly beyond an end
            // of the segment, the time is not needed (only that end's sphere can be met): bound
            // |t0 - t*| by the residual bound over the slope 2 sqrt(disc) (halved for safety),
            // and the foot's position s by its rounding plus |v.e| times that.
            const t0 = c / (sd - b);
            const dt = (2 * (ec + 2 * t0 * eb + t0 * t0 * ea + U8 * (c + 2 * t0 * Math.abs(b) + t0 * t0 * a))) / sd + U8 * t0;
            const de1 = dx * ex, de2 = dy * ey, de3 = dz * ez;
            const ve1 = vx * ex, ve2 = vy * ey, ve3 = vz * ez;
            const ve = ve1 + ve2 + ve3;
            const s0 = de1 + de2 + de3 + t0 * ve;
            const es = U8 * (Math.abs(de1) + Math.abs(de2) + Math.abs(de3) + (t0 + dt) * (Math.abs(ve1) + Math.abs(ve2) + Math.abs(ve3) + ee)) +
              Math.abs(ve) * dt + TINY;
            if (s0 + es < 0) {
              q[15] = CAPSULE_END_A;
              return;
            }
            if (s0 - es > ee * ONE_PLUS_16U) {
              q[15] = CAPSULE_END_B;
              return;
            }
            if (q[16] !== 0 && s0 - es > 0 && s0 + es < ee * (1 - 16 * U)) {
              q[14] = t0;
              q[15] = CAPSULE_SIDE_DEFERRED;
              q[17] = dt;
              return;
            }
          }
        }
      }
    }
  }
  if (root !== root) {
    // The double-double path, from the exact differences (TwoSum).
    const w = cyl;
    w[0] = dx; w[1] = dy; w[2] = dz;
    bb = dx - cx; w[3] = cx - (dx - bb) + (-ax - bb);
    bb = dy - cy; w[4] = cy - (dy - bb) + (-ay - bb);
    bb = dz - cz; w[5] = cz - (dz - bb) + (-az - bb);
    w[6] = ex; w[7] = ey; w[8] = ez;
    bb = ex - q[10]; w[9] = q[10] - (ex - bb) + (-ax - bb);
    bb = ey - q[11]; w[10] = q[11] - (ey - bb) + (-ay - bb);
    bb = ez - q[12]; w[11] = q[12] - (ez - bb) + (-az - bb);
    w[12] = vx; w[13] = vy; w[14] = vz; w[15] = r; w[16] = tMax;
    root = exactCylinderRoot();
  }
  q[14] = root;

  // Where along the segment the centre is, in units of |e|^2: s = (d + t v) . e.
  let s: number;
  if (root !== Infinity) {
    s = dx * ex + dy * ey + dz * ez + root * (vx * ex + vy * ey + vz * ez);
    if (s > 0 && s < ee) {
      q[15] = CAPSULE_SIDE;
      return;
    }
  } else {
    // No contact with the infinite cylinder from outside it; only a start inside it (within r
    // of the line) beyond an end can still meet that end's sphere. Conservative: m carries the
    // rounding em, and R a few ulps.
    const Rs = r * Math.sqrt(ee) * SLACK + 3 * Em;
    if (!(mx * mx + my * my + mz * mz <= Rs * Rs)) {
      q[15] = CAPSULE_NONE;
      return;
    }
    s = dx * ex + dy * ey + dz * ez;
    if (s > 0 && s < ee) {
      q[15] = CAPSULE_NONE;
      return;
    }
  }
  q[15] = s <= 0 ? CAPSULE_END_A : CAPSULE_END_B;
}

/**
 * Inputs of {@link exactCylinderRoot}: d = c - A as hi 0..2 and lo 3..5 parts, e = B - A as hi
 * 6..8 and lo 9..11, v 12..14, r 15, tMax 16.
 */
const cyl = new Float64Array(17);

/**
 * The double-double path of the cylinder quadratic, from the exact inputs: d = c - A and
 * e = B - A exactly (TwoSum), m = d x e and n = v x e as double-doubles (each component from two
 * exact products and their exact difference, the cross terms with the lo parts added), so that
 * b = m.n, c = m.m - r^2 e.e and a = n.n are good to about 2^-100 of their terms even when the
 * centre starts within rounding of the cylinder. (Written out in full, generated from one
 * pattern per product, so that no call sits in the middle.) b >= 0: moving away from the line (or
 * parallel to it); c <= 0: inside and approaching. Otherwise the root c / (-b + sqrt(disc)), with
 * the discriminant taken in the form
 *
 *     b^2 - a c = |n|^2 r^2 |e|^2 - |m x n|^2 = |e|^2 (r^2 n.n - (d.n)^2)
 *
 * (Lagrange's identity, and m x n = (d x e) x (v x e) = -(d . (e x v)) e): it compares the
 * distance between the path's line and the segment's line, |d.n| / |n|, with r, and does not
 * involve the centre's position along the segment, so it does not cancel when the centre starts
 * far along it, and a path passing the line at exactly distance r is decided as a graze to
 * within about 2^-100 relative.
 */
function exactCylinderRoot(): number {
  const q = cyl;
  const dxh = q[0], dyh = q[1], dzh = q[2], dxl = q[3], dyl = q[4], dzl = q[5];
  const exh = q[6], eyh = q[7], ezh = q[8], exl = q[9], eyl = q[10], ezl = q[11];
  const vx = q[12], vy = q[13], vz = q[14], r = q[15], tMax = q[16];
  let t: number;
  let bb: number;
  let s: number;
  let low: number;
  let hi: number;
  t = SPLITTER * dxh; const dxhH = t - (t - dxh); const dxhL = dxh - dxhH;
  t = SPLITTER * dyh; const dyhH = t - (t - dyh); const dyhL = dyh - dyhH;
  t = SPLITTER * dzh; const dzhH = t - (t - dzh); const dzhL = dzh - dzhH;
  t = SPLITTER * exh; const exhH = t - (t - exh); const exhL = exh - exhH;
  t = SPLITTER * eyh; const eyhH = t - (t - eyh); const eyhL = eyh - eyhH;
  t = SPLITTER * ezh; const ezhH = t - (t - ezh); const ezhL = ezh - ezhH;
  t = SPLITTER * vx; const vxH = t - (t - vx); const vxL = vx - vxH;
  t = SPLITTER * vy; const vyH = t - (t - vy); const vyL = vy - vyH;
  t = SPLITTER * vz; const vzH = t - (t - vz); const vzL = vz - vzH;
  // m = d x e
  const mxp = dyh * ezh; const mxpe = dyhH * ezhH - mxp + dyhH * ezhL + dyhL * ezhH + dyhL * ezhL;
  const mxq = dzh * eyh; const mxqe = dzhH * eyhH - mxq + dzhH * eyhL + dzhL * eyhH + dzhL * eyhL;
  s = mxp - mxq; bb = s - mxp;
  low = mxp - (s - bb) + (-mxq - bb) + mxpe - mxqe + (dyh * ezl + dyl * ezh + dyl * ezl) - (dzh * eyl + dzl * eyh + dzl * eyl);
  const mxh = s + low; const mxl = low - (mxh - s);
  const myp = dzh * exh; const mype = dzhH * exhH - myp + dzhH * exhL + dzhL * exhH + dzhL * exhL;
  const myq = dxh * ezh; const myqe = dxhH * ezhH - myq + dxhH * ezhL + dxhL * ezhH + dxhL * ezhL;
  s = myp - myq; bb = s - myp;
  low = myp - (s - bb) + (-myq - bb) + mype - myqe + (dzh * exl + dzl * exh + dzl * exl) - (dxh * ezl + dxl * ezh + dxl * ezl);
  const myh = s + low; const myl = low - (myh - s);
  const mzp = dxh * eyh; const mzpe = dxhH * eyhH - mzp + dxhH * eyhL + dxhL * eyhH + dxhL * eyhL;
  const mzq = dyh * exh; const mzqe = dyhH * exhH - mzq + dyhH * exhL + dyhL * exhH + dyhL * exhL;
  s = mzp - mzq; bb = s - mzp;
  low = mzp - (s - bb) + (-mzq - bb) + mzpe - mzqe + (dxh * eyl + dxl * eyh + dxl * eyl) - (dyh * exl + dyl * exh + dyl * exl);
  const mzh = s + low; const mzl = low - (mzh - s);
  // n = v x e
  const nxp = vy * ezh; const nxpe = vyH * ezhH - nxp + vyH * ezhL + vyL * ezhH + vyL * ezhL;
  const nxq = vz * eyh; const nxqe = vzH * eyhH - nxq + vzH * eyhL + vzL * eyhH + vzL * eyhL;
  s = nxp - nxq; bb = s - nxp;
  low = nxp - (s - bb) + (-nxq - bb) + nxpe - nxqe + (vy * ezl) - (vz * eyl);
  const nxh = s + low; const nxl = low - (nxh - s);
  const nyp = vz * exh; const nype = vzH * exhH - nyp + vzH * exhL + vzL * exhH + vzL * exhL;
  const nyq = vx * ezh; const nyqe = vxH * ezhH - nyq + vxH * ezhL + vxL * ezhH + vxL * ezhL;
  s = nyp - nyq; bb = s - nyp;
  low = nyp - (s - bb) + (-nyq - bb) + nype - nyqe + (vz * exl) - (vx * ezl);
  const nyh = s + low; const nyl = low - (nyh - s);
  const nzp = vx * eyh; const nzpe = vxH * eyhH - nzp + vxH * eyhL + vxL * eyhH + vxL * eyhL;
  const nzq = vy * exh; const nzqe = vyH * exhH - nzq + vyH * exhL + vyL * exhH + vyL * exhL;
  s = nzp - nzq; bb = s - nzp;
  low = nzp - (s - bb) + (-nzq - bb) + nzpe - nzqe + (vx * eyl) - (vy * exl);
  const nzh = s + low; const nzl = low - (nzh - s);
  t = SPLITTER * mxh; const mxhH = t - (t - mxh); const mxhL = mxh - mxhH;
  t = SPLITTER * myh; const myhH = t - (t - myh); const myhL = myh - myhH;
  t = SPLITTER * mzh; const mzhH = t - (t - mzh); const mzhL = mzh - mzhH;
  t = SPLITTER * nxh; const nxhH = t - (t - nxh); const nxhL = nxh - nxhH;
  t = SPLITTER * nyh; const nyhH = t - (t - nyh); const nyhL = nyh - nyhH;
  t = SPLITTER * nzh; const nzhH = t - (t - nzh); const nzhL = nzh - nzhH;
  // b = m.n (double-double)
  hi = 0;
  low = 0;
  const bx = mxh * nxh; const bxe = mxhH * nxhH - bx + mxhH * nxhL + mxhL * nxhH + mxhL * nxhL;
  s = hi + bx; bb = s - hi; low += hi - (s - bb) + (bx - bb) + bxe + (mxh * nxl + mxl * nxh); hi = s;
  const by = myh * nyh; const bye = myhH * nyhH - by + myhH * nyhL + myhL * nyhH + myhL * nyhL;
  s = hi + by; bb = s - hi; low += hi - (s - bb) + (by - bb) + bye + (myh * nyl + myl * nyh); hi = s;
  const bz = mzh * nzh; const bze = mzhH * nzhH - bz + mzhH * nzhL + mzhL * nzhH + mzhL * nzhL;
  s = hi + bz; bb = s - hi; low += hi - (s - bb) + (bz - bb) + bze + (mzh * nzl + mzl * nzh); hi = s;
  const bh = hi + low; const bl = low - (bh - hi);
  if (bh >= 0) return Infinity;
  // ee = e.e (double-double)
  hi = 0;
  low = 0;
  const eex = exh * exh; const eexe = exhH * exhH - eex + 2 * exhH * exhL + exhL * exhL;
  s = hi + eex; bb = s - hi; low += hi - (s - bb) + (eex - bb) + eexe + (2 * exh * exl); hi = s;
  const eey = eyh * eyh; const eeye = eyhH * eyhH - eey + 2 * eyhH * eyhL + eyhL * eyhL;
  s = hi + eey; bb = s - hi; low += hi - (s - bb) + (eey - bb) + eeye + (2 * eyh * eyl); hi = s;
  const eez = ezh * ezh; const eeze = ezhH * ezhH - eez + 2 * ezhH * ezhL + ezhL * ezhL;
  s = hi + eez; bb = s - hi; low += hi - (s - bb) + (eez - bb) + eeze + (2 * ezh * ezl); hi = s;
  const eeh = hi + low; const eel = low - (eeh - hi);
  // r^2 as a double-double, g = r^2 e.e.
  t = SPLITTER * r; const rH = t - (t - r); const rL = r - rH;
  const rr = r * r; const rre = rH * rH - rr + 2 * rH * rL + rL * rL;
  t = SPLITTER * rr; const rrH = t - (t - rr); const rrL = rr - rrH;
  t = SPLITTER * eeh; const eeH = t - (t - eeh); const eeL = eeh - eeH;
  const g = rr * eeh; const ge = rrH * eeH - g + rrH * eeL + rrL * eeH + rrL * eeL + (rr * eel + rre * eeh);
  // mm = m.m (double-double)
  hi = 0;
  low = 0;
  const mmx = mxh * mxh; const mmxe = mxhH * mxhH - mmx + 2 * mxhH * mxhL + mxhL * mxhL;
  s = hi + mmx; bb = s - hi; low += hi - (s - bb) + (mmx - bb) + mmxe + (2 * mxh * mxl); hi = s;
  const mmy = myh * myh; const mmye = myhH * myhH - mmy + 2 * myhH * myhL + myhL * myhL;
  s = hi + mmy; bb = s - hi; low += hi - (s - bb) + (mmy - bb) + mmye + (2 * myh * myl); hi = s;
  const mmz = mzh * mzh; const mmze = mzhH * mzhH - mmz + 2 * mzhH * mzhL + mzhL * mzhL;
  s = hi + mmz; bb = s - hi; low += hi - (s - bb) + (mmz - bb) + mmze + (2 * mzh * mzl); hi = s;
  const mmh = hi + low; const mml = low - (mmh - hi);
  // c = m.m - r^2 e.e
  s = mmh - g; bb = s - mmh; low = mmh - (s - bb) + (-g - bb) + mml - ge;
  const ch = s + low; bb = ch - s; const cl = s - (ch - bb) + (low - bb);
  if (ch <= 0) return 0;
  // a = n.n (double-double)
  hi = 0;
  low = 0;
  const ax = nxh * nxh; const axe = nxhH * nxhH - ax + 2 * nxhH * nxhL + nxhL * nxhL;
  s = hi + ax; bb = s - hi; low += hi - (s - bb) + (ax - bb) + axe + (2 * nxh * nxl); hi = s;
  const ay = nyh * nyh; const aye = nyhH * nyhH - ay + 2 * nyhH * nyhL + nyhL * nyhL;
  s = hi + ay; bb = s - hi; low += hi - (s - bb) + (ay - bb) + aye + (2 * nyh * nyl); hi = s;
  const az = nzh * nzh; const aze = nzhH * nzhH - az + 2 * nzhH * nzhL + nzhL * nzhL;
  s = hi + az; bb = s - hi; low += hi - (s - bb) + (az - bb) + aze + (2 * nzh * nzl); hi = s;
  const ah = hi + low; const al = low - (ah - hi);
  // k = d.n (double-double)
  hi = 0;
  low = 0;
  const kx = dxh * nxh; const kxe = dxhH * nxhH - kx + dxhH * nxhL + dxhL * nxhH + dxhL * nxhL;
  s = hi + kx; bb = s - hi; low += hi - (s - bb) + (kx - bb) + kxe + (dxh * nxl + dxl * nxh); hi = s;
  const ky = dyh * nyh; const kye = dyhH * nyhH - ky + dyhH * nyhL + dyhL * nyhH + dyhL * nyhL;
  s = hi + ky; bb = s - hi; low += hi - (s - bb) + (ky - bb) + kye + (dyh * nyl + dyl * nyh); hi = s;
  const kz = dzh * nzh; const kze = dzhH * nzhH - kz + dzhH * nzhL + dzhL * nzhH + dzhL * nzhL;
  s = hi + kz; bb = s - hi; low += hi - (s - bb) + (kz - bb) + kze + (dzh * nzl + dzl * nzh); hi = s;
  const kh = hi + low; const kl = low - (kh - hi);
  // w = r^2 a - k^2 (double-double), then disc = e.e w.
  t = SPLITTER * ah; const aH = t - (t - ah); const aL = ah - aH;
  const ra = rr * ah; const rae = rrH * aH - ra + rrH * aL + rrL * aH + rrL * aL + (rr * al + rre * ah);
  t = SPLITTER * kh; const kH = t - (t - kh); const kL = kh - kH;
  const kk = kh * kh; const kke = kH * kH - kk + 2 * kH * kL + kL * kL + 2 * kh * kl;
  s = ra - kk; bb = s - ra; low = ra - (s - bb) + (-kk - bb) + rae - kke;
  const wh = s + low; const wl = low - (wh - s);
  if (wh <= 0) return Infinity; // a miss, or a tangent graze
  t = SPLITTER * wh; const wH = t - (t - wh); const wL = wh - wH;
  const dh0 = eeh * wh; const dh0e = eeH * wH - dh0 + eeH * wL + eeL * wH + eeL * wL + (eeh * wl + eel * wh);
  const dh = dh0 + dh0e; const dl = dh0e - (dh - dh0);
  // sqrt(disc) as a double-double: one Newton correction on the double square root.
  const sh = Math.sqrt(dh);
  t = SPLITTER * sh; const sH = t - (t - sh); const sL = sh - sH;
  const sq = sh * sh; const sqe = sH * sH - sq + 2 * sH * sL + sL * sL;
  const sl = (dh - sq - sqe + dl) / (2 * sh);
  // den = -b + sqrt(disc): both terms positive.
  const nh = sh - bh; bb = nh - sh; const nl = sh - (nh - bb) + (-bh - bb) + (sl - bl);
  // t = c / den: the double quotient plus one correction from the exact remainder.
  const r0 = ch / nh;
  t = SPLITTER * r0; const rH0 = t - (t - r0); const rL0 = r0 - rH0;
  t = SPLITTER * nh; const nH = t - (t - nh); const nL = nh - nH;
  const rn = r0 * nh; const rne = rH0 * nH - rn + rH0 * nL + rL0 * nH + rL0 * nL;
  const root = r0 + (ch - rn - rne + cl - r0 * nl) / nh;
  return root <= tMax ? root : Infinity;

}

/** Result of the capsule kernel: [t, feature, end (0 a, 1 b), capsuleIO slot of that end]. */
const result = new Float64Array(4);

function load(x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
  ax: number, ay: number, az: number, bx: number, by: number, bz: number, tMax: number): void {
  const q = capsuleIO;
  q[0] = x; q[1] = y; q[2] = z; q[3] = vx; q[4] = vy; q[5] = vz; q[6] = r;
  q[7] = ax; q[8] = ay; q[9] = az; q[10] = bx; q[11] = by; q[12] = bz; q[13] = tMax; q[16] = 0;
}

/** The capsule on {@link capsuleIO} (inputs loaded): the result goes to {@link result}. */
function sphereSegmentCore(): void {
  const q = capsuleIO;
  const x = q[0], y = q[1], z = q[2], vx = q[3], vy = q[4], vz = q[5], r = q[6], tMax = q[13];
  const o = result;
  o[0] = Infinity;
  // A point never hits a segment (see timeOfImpactSphereSegment); skip the rounding noise.
  if (r === 0) return;
  // Ends in lexicographic order, so that the result does not depend on the segment's direction.
  const ax = q[7], ay = q[8], az = q[9], bx = q[10], by = q[11], bz = q[12];
  const swap = bx < ax || (bx === ax && (by < ay || (by === ay && bz < az)));
  if (swap) {
    q[7] = bx; q[8] = by; q[9] = bz; q[10] = ax; q[11] = ay; q[12] = az;
  }
  capsuleCylinder();
  const what = q[15];
  if (what === CAPSULE_SIDE) {
    o[0] = q[14];
    o[1] = FEATURE_INTERIOR;
    o[2] = 0;
  } else if (what === CAPSULE_END_A) {
    o[0] = toiSpheresRaw(q[7], q[8], q[9], 0, 0, 0, 0, x, y, z, vx, vy, vz, r, tMax);
    o[1] = FEATURE_VERTEX;
    o[2] = swap ? 1 : 0;
    o[3] = 7;
  } else if (what === CAPSULE_END_B) {
    o[0] = toiSpheresRaw(q[10], q[11], q[12], 0, 0, 0, 0, x, y, z, vx, vy, vz, r, tMax);
    o[1] = FEATURE_VERTEX;
    o[2] = swap ? 0 : 1;
    o[3] = 10;
  }
}

/**
 * Time of impact of a moving sphere with a segment, from plain numbers, without argument checks
 * (finite inputs, r >= 0, tMax >= 0). Same cases as {@link timeOfImpactSphereSegment}.
 */
export function toiSphereSegmentRaw(
  x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
  ax: number, ay: number, az: number, bx: number, by: number, bz: number, tMax: number,
): number {
  load(x, y, z, vx, vy, vz, r, ax, ay, az, bx, by, bz, tMax);
  sphereSegmentCore();
  return result[0];
}

/**
 * Like {@link sweepSphereSegmentInto} from plain numbers, without argument checks: fills `out`
 * and returns true on a hit.
 */
export function sweepSphereSegmentRaw(
  out: WallHit3,
  x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
  ax: number, ay: number, az: number, bx: number, by: number, bz: number, tMax: number,
): boolean {
  load(x, y, z, vx, vy, vz, r, ax, ay, az, bx, by, bz, tMax);
  sphereSegmentCore();
  return writeHit(out);
}

/** Fills `out` from the kernel's result ({@link result}, {@link capsuleIO}); false on a miss. */
function writeHit(out: WallHit3): boolean {
  const t = result[0];
  if (t === Infinity) return false;
  const q = capsuleIO;
  const x = q[0], y = q[1], z = q[2], vx = q[3], vy = q[4], vz = q[5], r = q[6];
  const feature = result[1];
  const end = result[2];
  const o = offsetIO;
  o[3] = x; o[4] = y; o[5] = z; o[6] = vx; o[7] = vy; o[8] = vz; o[9] = t;
  if (feature === FEATURE_INTERIOR) {
    // From the centre to the line: (h x e) x e = -|e|^2 (component of h across e), h = c(t) - A,
    // with the ends as sorted by the kernel (capsuleIO 7..12).
    const ax = q[7], ay = q[8], az = q[9];
    const ex = q[10] - ax, ey = q[11] - ay, ez = q[12] - az;
    // h = c(t) - A = -(A - (c + t v)).
    o[0] = ax; o[1] = ay; o[2] = az;
    offsetsFromPath();
    const hx = -o[10], hy = -o[11], hz = -o[12];
    const kx = exactCross(hy, ez, hz, ey);
    const ky = exactCross(hz, ex, hx, ez);
    const kz = exactCross(hx, ey, hy, ex);
    // k = h x e is exact to an ulp of |k| (Kahan), and k is perpendicular to e, so the second
    // cross product cannot cancel relative to its length |k| |e|: plain products suffice.
    out.nx = ky * ez - kz * ey;
    out.ny = kz * ex - kx * ez;
    out.nz = kx * ey - ky * ex;
  } else {
    // The end hit, at capsuleIO slot 7 or 10 (the kernel's sorted order).
    const k = result[3];
    o[0] = q[k]; o[1] = q[k + 1]; o[2] = q[k + 2];
    offsetsFromPath();
    out.nx = o[10];
    out.ny = o[11];
    out.nz = o[12];
  }
  out.t = t;
  out.px = x + t * vx;
  out.py = y + t * vy;
  out.pz = z + t * vz;
  if (!finishWallHit3(out, r, feature, end)) {
    // A zero direction can only come from an underflow: fall back to the velocity.
    out.nx = vx;
    out.ny = vy;
    out.nz = vz;
    finishWallHit3(out, r, feature, end);
  }
  return true;
}

/**
 * Time of impact of a moving sphere with a segment (the capsule of radius r around it): the
 * earliest t in [0, tMax] at which the sphere (centre (x, y, z) + t (vx, vy, vz), radius r)
 * touches the segment while approaching it. tMax defaults to 1.
 *
 * - Already overlapping (or touching) and approaching (the distance to the segment
 *   decreasing): 0.
 * - Moving apart, parallel to the segment alongside it, or not moving: Infinity, even when
 *   overlapping. A centre exactly on the segment (distance 0) never approaches.
 * - Tangent graze (passing the segment's line or an end at exactly distance r), a miss, or
 *   contact after tMax: Infinity. So a point (r = 0) never hits a segment.
 *
 * A segment of zero length is a point. Accuracy: within an ulp of the exact time, on the side
 * (the double-double cylinder root) and at the ends ({@link toiSpheresRaw}) alike (measured:
 * half an ulp on 1500 random hits); continuous at the border between the side and an end.
 * Independent of the segment's direction, bit for bit. Throws a RangeError for non-finite fields, a negative
 * radius, or a negative or NaN tMax.
 */
export function timeOfImpactSphereSegment(sphere: MovingSphere, segment: Segment3, tMax = 1): number {
  checkMovingSphere(sphere, "sphere");
  checkSegment3(segment, "segment");
  checkTMax(tMax);
  const s = sphere;
  const g = segment;
  return toiSphereSegmentRaw(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, g.ax, g.ay, g.az, g.bx, g.by, g.bz, tMax);
}

/**
 * Like {@link sweepSphereSegment}, without allocating: fills `out` and returns true on a hit,
 * false (leaving `out` untouched) otherwise.
 */
export function sweepSphereSegmentInto(out: WallHit3, sphere: MovingSphere, segment: Segment3, tMax = 1): boolean {
  checkMovingSphere(sphere, "sphere");
  checkSegment3(segment, "segment");
  checkTMax(tMax);
  const s = sphere;
  const g = segment;
  load(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, g.ax, g.ay, g.az, g.bx, g.by, g.bz, tMax);
  sphereSegmentCore();
  return writeHit(out);
}

/**
 * First contact of a moving sphere with a segment: `{t, px, py, pz, nx, ny, nz, feature,
 * index}` or null, t as {@link timeOfImpactSphereSegment} (same cases). n is the unit normal
 * from the sphere towards the segment, the contact point the centre at t plus r n. feature is
 * FEATURE_INTERIOR (index 0) for the segment's interior, with n perpendicular to the segment,
 * or FEATURE_VERTEX for an end (index 0 for a, 1 for b), with n from the centre to that end.
 */
export function sweepSphereSegment(sphere: MovingSphere, segment: Segment3, tMax = 1): WallHit3 | null {
  const out = newWallHit3();
  return sweepSphereSegmentInto(out, sphere, segment, tMax) ? out : null;
}
