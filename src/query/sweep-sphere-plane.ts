/**
 * A moving sphere against a plane, the boundary of the solid half-space behind its normal.
 *
 * With the plane through q with normal N (any nonzero length L = |N|), the signed distance of
 * the centre c + t v in front of the plane is (G + t K) / L, where G = N . (c - q) and
 * K = N . v: linear in t. The sphere touches the half-space when that distance equals r:
 *
 *     t = (G - r L) / (-K),
 *
 * which is a contact only while approaching (K < 0). G and K are formed with compensated dot
 * products (Ogita, Rump and Oishi, "Accurate sum and dot product", 2005: exact differences by
 * TwoSum, exact products by TwoProduct, the error terms summed alongside) and kept as
 * double-doubles, so they are accurate far beyond an ulp even when the terms of the dot product
 * cancel (a plane point far from the sphere); r L is exact (TwoProduct) and the gap G - r L is
 * formed before any rounding, and the division is corrected once. The one remaining rounding is
 * that of L = |N| (half an ulp; none for an axis-aligned normal): t is within about an ulp of
 * (|G| + r L) / |K|, the time the sphere needs to travel its own distance to the plane, and
 * within about an ulp of t itself for axis-aligned normals.
 *
 * The same kernel serves the face of a triangle (sweep-sphere-triangle.ts), two-sided: there
 * the normal is first turned towards the sphere's side.
 */
import { SPLITTER } from "../math/double-double.js";
import { FEATURE_INTERIOR } from "./types.js";
import type { MovingSphere, WallHit3 } from "./types.js";
import { checkMovingSphere, checkTMax } from "./validate.js";
import { checkPlane3, finishWallHit3, newWallHit3 } from "./geometry3.js";
import type { Plane3 } from "./geometry3.js";

/**
 * Scratch of {@link planeContact}. Inputs: centre 0..2, velocity 3..5, radius 6, plane point
 * 7..9, normal 10..12, tMax 13, two-sided flag 14 (1: turn the normal towards the centre).
 * Outputs: t (or Infinity) 15; the sign s (+1 or -1) applied to the normal 16; L = |N| 17
 * of the normal as used, which the kernel writes back to 10..12 after an exact power-of-two
 * rescaling when |N| could overflow or underflow; g = s G - r L, the gap at t = 0
 * times L, 18; k = s K, the approach rate times L (negative when approaching), 19.
 * Slot 20 (input): 1 to accept an estimate of t when every sign is certain in plain doubles; the
 * error bound of t is then written to 21 (0 when t is exact: 0, Infinity, or the exact root).
 */
export const planeIO = new Float64Array(22);

const U = 2 ** -53;
const U4 = 4 * U;
const ONE_PLUS_16U = 1 + 16 * U;
/** An absolute floor of the screen's bounds, so that underflowing products are never decided in plain doubles. */
const TINY = 2 ** -1000;

/**
 * Contact of the sphere with the plane from {@link planeIO} (see its layout):
 *
 * - k >= 0 (moving apart from the plane, or parallel to it, even when overlapping): no contact;
 * - g <= 0 (overlapping or touching at t = 0) while approaching: t = 0;
 * - otherwise t = g / (-k), none when beyond tMax (which also covers a graze: parallel motion at
 *   exactly distance r has k = 0).
 */
export function planeContact(): void {
  const q = planeIO;
  const cx = q[0], cy = q[1], cz = q[2], vx = q[3], vy = q[4], vz = q[5], r = q[6];
  const qx = q[7], qy = q[8], qz = q[9], tMax = q[13];
  let nx = q[10], ny = q[11], nz = q[12];
  // Rescale N by a power of two (exact) when its length could overflow or underflow; G, K and L
  // all scale with it, so t does not change.
  const m = Math.max(Math.abs(nx), Math.abs(ny), Math.abs(nz));
  if (m > 2 ** 400 || (m < 2 ** -400 && m > 0)) {
    const f = 2 ** -Math.floor(Math.log2(m));
    nx *= f;
    ny *= f;
    nz *= f;
    q[10] = nx;
    q[11] = ny;
    q[12] = nz;
  }
  let t: number;
  let bb: number;
  const L = Math.sqrt(nx * nx + ny * ny + nz * nz);
  const twoSided = q[14] !== 0;
  // Screen in plain doubles with rigorous bounds (d = c - q rounds once, u relative; the products
  // and sums add 3u): settle the common "moving apart" and "beyond tMax" outcomes cheaply when
  // every sign involved is certain.
  {
    const dx = cx - qx, dy = cy - qy, dz = cz - qz;
    const g1 = nx * dx, g2 = ny * dy, g3 = nz * dz;
    const G0 = g1 + g2 + g3;
    const eG = U4 * (Math.abs(g1) + Math.abs(g2) + Math.abs(g3)) + TINY;
    const k1 = nx * vx, k2 = ny * vy, k3 = nz * vz;
    const K0 = k1 + k2 + k3;
    const eK = U4 * (Math.abs(k1) + Math.abs(k2) + Math.abs(k3)) + TINY;
    if (!twoSided || G0 > eG || G0 < -eG) {
      const sign0 = twoSided && G0 < 0 ? -1 : 1;
      const rl0 = r * L;
      const g0 = sign0 * G0 - rl0;
      const eg = eG + U4 * rl0 + U * Math.abs(g0);
      const k0 = sign0 * K0;
      if (g0 > eg || g0 < -eg) {
        if (k0 > eK || (k0 < -eK && g0 > 0 && g0 - eg > tMax * (eK - k0) * ONE_PLUS_16U)) {
          q[15] = Infinity;
          q[16] = sign0;
          q[17] = L;
          q[18] = g0;
          q[19] = k0;
          q[21] = 0;
          return;
        }
        if (q[20] !== 0 && (k0 < -eK || k0 > eK)) {
          // Every sign certain and only an estimate asked for: t from the plain values, with a
          // relative error bound (the bounds' relative sizes, plus the division's rounding).
          q[16] = sign0;
          q[17] = L;
          q[18] = g0;
          q[19] = k0;
          if (k0 > 0 || g0 < 0) {
            q[15] = k0 < 0 ? 0 : Infinity;
            q[21] = 0;
            return;
          }
          const t0 = g0 / -k0;
          const et = (2 * (eg / g0 + eK / -k0) + 4 * U) * t0;
          if (t0 + et <= tMax) {
            q[15] = t0;
            q[21] = et;
            return;
          }
          // (Too close to tMax to call: the exact path below.)
        }
      }
    }
  }
  // d = c - q exactly: dh + dl (TwoSum).
  const dxh = cx - qx; bb = dxh - cx; const dxl = cx - (dxh - bb) + (-qx - bb);
  const dyh = cy - qy; bb = dyh - cy; const dyl = cy - (dyh - bb) + (-qy - bb);
  const dzh = cz - qz; bb = dzh - cz; const dzl = cz - (dzh - bb) + (-qz - bb);
  // Veltkamp splits of N, shared by both dot products.
  t = SPLITTER * nx; const nxH = t - (t - nx); const nxL = nx - nxH;
  t = SPLITTER * ny; const nyH = t - (t - ny); const nyL = ny - nyH;
  t = SPLITTER * nz; const nzH = t - (t - nz); const nzL = nz - nzH;
  // G = N . d: exact products N_i dh_i (TwoProduct), summed by TwoSum; N_i dl_i and all error
  // terms are ~2^-53 smaller and summed plainly.
  t = SPLITTER * dxh; let aH = t - (t - dxh); let aL = dxh - aH;
  const g1 = nx * dxh; const g1e = nxH * aH - g1 + nxH * aL + nxL * aH + nxL * aL;
  t = SPLITTER * dyh; aH = t - (t - dyh); aL = dyh - aH;
  const g2 = ny * dyh; const g2e = nyH * aH - g2 + nyH * aL + nyL * aH + nyL * aL;
  t = SPLITTER * dzh; aH = t - (t - dzh); aL = dzh - aH;
  const g3 = nz * dzh; const g3e = nzH * aH - g3 + nzH * aL + nzL * aH + nzL * aL;
  let s = g1 + g2; bb = s - g1; let low = g1 - (s - bb) + (g2 - bb);
  let s2 = s + g3; bb = s2 - s; low += s - (s2 - bb) + (g3 - bb);
  low += g1e + g2e + g3e + (nx * dxl + ny * dyl + nz * dzl);
  const G = s2 + low;
  const Gl = low - (G - s2);
  // K = N . v, the same way.
  t = SPLITTER * vx; aH = t - (t - vx); aL = vx - aH;
  const k1 = nx * vx; const k1e = nxH * aH - k1 + nxH * aL + nxL * aH + nxL * aL;
  t = SPLITTER * vy; aH = t - (t - vy); aL = vy - aH;
  const k2 = ny * vy; const k2e = nyH * aH - k2 + nyH * aL + nyL * aH + nyL * aL;
  t = SPLITTER * vz; aH = t - (t - vz); aL = vz - aH;
  const k3 = nz * vz; const k3e = nzH * aH - k3 + nzH * aL + nzL * aH + nzL * aL;
  s = k1 + k2; bb = s - k1; low = k1 - (s - bb) + (k2 - bb);
  s2 = s + k3; bb = s2 - s; low += s - (s2 - bb) + (k3 - bb);
  low += k1e + k2e + k3e;
  const K = s2 + low;
  const Kl = low - (K - s2);
  // Two-sided (a triangle's face): look at the plane from the centre's side; a centre exactly in
  // the plane looks from the side it moves away from, so that it never counts as approaching.
  const sign = twoSided && (G < 0 || (G === 0 && K > 0)) ? -1 : 1;
  // g = s G - r L with G a double-double and r L exact (TwoProduct): the gap keeps its digits
  // when the sphere is nearly touching (G close to r L).
  t = SPLITTER * r; const rH = t - (t - r); const rL0 = r - rH;
  t = SPLITTER * L; const LH = t - (t - L); const LL = L - LH;
  const rl = r * L; const rle = rH * LH - rl + rH * LL + rL0 * LH + rL0 * LL;
  const gs = sign * G - rl; bb = gs - sign * G; const gse = sign * G - (gs - bb) + (-rl - bb);
  const glow = gse + sign * Gl - rle;
  const g = gs + glow;
  const gl = glow - (g - gs);
  const k = sign * K;
  const kl = sign * Kl;
  q[16] = sign;
  q[17] = L;
  q[18] = g;
  q[19] = k;
  q[21] = 0;
  if (!(k < 0)) {
    q[15] = Infinity;
  } else if (g <= 0) {
    q[15] = 0;
  } else {
    // t = g / (-k), the double quotient plus one correction from the exact remainder.
    const q0 = g / -k;
    t = SPLITTER * q0; const qH = t - (t - q0); const qL = q0 - qH;
    t = SPLITTER * k; const kH = t - (t - k); const kL = k - kH;
    const pk = q0 * k; const pke = qH * kH - pk + qH * kL + qL * kH + qL * kL;
    const root = q0 + (g + pk + pke + gl + q0 * kl) / -k;
    q[15] = root <= tMax ? root : Infinity;
  }
}

function load(x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
  px: number, py: number, pz: number, nx: number, ny: number, nz: number, tMax: number): void {
  const q = planeIO;
  q[0] = x; q[1] = y; q[2] = z; q[3] = vx; q[4] = vy; q[5] = vz; q[6] = r;
  q[7] = px; q[8] = py; q[9] = pz; q[10] = nx; q[11] = ny; q[12] = nz; q[13] = tMax; q[14] = 0; q[20] = 0;
}

/**
 * Time of impact of a moving sphere with a plane's solid half-space, from plain numbers, without
 * argument checks (finite inputs, r >= 0, normal not zero, tMax >= 0). Same cases as
 * {@link timeOfImpactSpherePlane}.
 */
export function toiSpherePlaneRaw(
  x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
  px: number, py: number, pz: number, nx: number, ny: number, nz: number, tMax: number,
): number {
  load(x, y, z, vx, vy, vz, r, px, py, pz, nx, ny, nz, tMax);
  planeContact();
  return planeIO[15];
}

/**
 * Like {@link sweepSpherePlaneInto} from plain numbers, without argument checks: fills `out`
 * and returns true on a hit.
 */
export function sweepSpherePlaneRaw(
  out: WallHit3,
  x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
  px: number, py: number, pz: number, nx: number, ny: number, nz: number, tMax: number,
): boolean {
  load(x, y, z, vx, vy, vz, r, px, py, pz, nx, ny, nz, tMax);
  planeContact();
  return writeHit(out);
}

/** Fills `out` from the kernel's result in {@link planeIO} (inputs still loaded); false on a miss. */
function writeHit(out: WallHit3): boolean {
  const q = planeIO;
  const t = q[15];
  if (t === Infinity) return false;
  // The normal from the sphere towards the solid: -N / |N| (slots 10..12 hold N, possibly
  // rescaled by a power of two, which does not change its direction).
  out.t = t;
  out.px = q[0] + t * q[3];
  out.py = q[1] + t * q[4];
  out.pz = q[2] + t * q[5];
  out.nx = -q[10];
  out.ny = -q[11];
  out.nz = -q[12];
  return finishWallHit3(out, q[6], FEATURE_INTERIOR, 0);
}

/**
 * Time of impact of a moving sphere with the solid half-space behind a plane: the earliest t in
 * [0, tMax] at which the sphere (centre (x, y, z) + t (vx, vy, vz), radius r) touches the plane
 * from the front while approaching it. tMax defaults to 1.
 *
 * - Already overlapping (closer than r in front of the plane, touching, or behind it) and
 *   approaching (velocity against the normal): 0.
 * - Moving apart (along the normal) or parallel to the plane: Infinity, even when overlapping.
 * - Tangent graze (parallel motion at exactly distance r), or contact after tMax: Infinity.
 *
 * A sphere of radius 0 is a moving point. Accuracy (see the file comment): within about an ulp
 * of the time scale (|G| + r L) / |K| (measured: 0.42 units of 2^-53), and within half an ulp of
 * t itself for an axis-aligned normal. Throws a RangeError for non-finite fields, a negative radius, a
 * zero normal, or a negative or NaN tMax.
 */
export function timeOfImpactSpherePlane(sphere: MovingSphere, plane: Plane3, tMax = 1): number {
  checkMovingSphere(sphere, "sphere");
  checkPlane3(plane, "plane");
  checkTMax(tMax);
  const s = sphere;
  return toiSpherePlaneRaw(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, plane.x, plane.y, plane.z, plane.nx, plane.ny, plane.nz, tMax);
}

/**
 * Like {@link sweepSpherePlane}, without allocating: fills `out` and returns true on a hit,
 * false (leaving `out` untouched) otherwise.
 */
export function sweepSpherePlaneInto(out: WallHit3, sphere: MovingSphere, plane: Plane3, tMax = 1): boolean {
  checkMovingSphere(sphere, "sphere");
  checkPlane3(plane, "plane");
  checkTMax(tMax);
  const s = sphere;
  load(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, plane.x, plane.y, plane.z, plane.nx, plane.ny, plane.nz, tMax);
  planeContact();
  return writeHit(out);
}

/**
 * First contact of a moving sphere with a plane's solid half-space: `{t, px, py, pz, nx, ny, nz,
 * feature, index}` or null, t as {@link timeOfImpactSpherePlane} (same cases). The normal is
 * -N / |N| (from the sphere into the solid), the contact point the centre at t plus r times the
 * normal, feature FEATURE_INTERIOR and index 0.
 */
export function sweepSpherePlane(sphere: MovingSphere, plane: Plane3, tMax = 1): WallHit3 | null {
  const out = newWallHit3();
  return sweepSpherePlaneInto(out, sphere, plane, tMax) ? out : null;
}
