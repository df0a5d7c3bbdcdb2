/**
 * Static overlap and point containment, decided on squared distances (no square root):
 * two discs/balls intersect when |d|^2 <= (r_a + r_b)^2, a point is inside when
 * |p - c|^2 <= r^2 ("Pool Hall Lessons": compare squares, skip the sqrt). Discs and balls are
 * closed sets, so touching counts as overlapping, and a point on the circle is inside.
 *
 * The comparison is exact: a plain-double evaluation decides whenever its rigorous error bound
 * allows (almost always), and the rest is settled from the exact differences in double-double.
 */
import { dd, ldexp, twoProduct, twoSum } from "../math/double-double.js";
import { exponentOf } from "./relative-motion.js";
import type { Circle, Sphere } from "./types.js";
import { checkCircle, checkFinite, checkSphere } from "./validate.js";

const U8 = 8 * 2 ** -53;

/**
 * Sign of dx^2 + dy^2 + dz^2 - (ra + rb)^2 for d = b - a, decided exactly: -1, 0 or 1.
 * Unchecked kernel (finite inputs, radii >= 0).
 */
export function separationSign(
  ax: number, ay: number, az: number, ar: number,
  bx: number, by: number, bz: number, br: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const dz = bz - az;
  const R = ar + br;
  const D = dx * dx + dy * dy + dz * dz;
  const R2 = R * R;
  const c = D - R2;
  const ec = U8 * (D + R2);
  if (c > ec) return 1;
  if (c < -ec) return -1;
  return exactSeparationSign(ax, ay, az, ar, bx, by, bz, br);
}

/**
 * The same sign when the plain screen cannot tell (too close to call, or squares that overflow
 * or underflow). The sign is unchanged when every length is scaled by the same power of two,
 * so lengths beyond 2^+-500 are first brought near 1 (exact, except that an input below 2^-1022
 * of the largest is flushed: it cannot change the sign unless the answer is a tie at that
 * scale); differences beyond the largest double are formed from quartered inputs first.
 */
function exactSeparationSign(
  ax: number, ay: number, az: number, ar: number,
  bx: number, by: number, bz: number, br: number,
): number {
  for (let pass = 0; pass < 3; pass++) {
    const m = Math.max(Math.abs(bx - ax), Math.abs(by - ay), Math.abs(bz - az), ar + br);
    if (m >= 2 ** -500 && m <= 2 ** 500) break;
    if (m === 0) return 0;
    const k = m === Infinity ? -2 : -exponentOf(m);
    ax = ldexp(ax, k); ay = ldexp(ay, k); az = ldexp(az, k); ar = ldexp(ar, k);
    bx = ldexp(bx, k); by = ldexp(by, k); bz = ldexp(bz, k); br = ldexp(br, k);
  }
  return signFromExactDifferences(ax, ay, az, ar, bx, by, bz, br);
}

/**
 * The sign from the exact differences: every leading square by TwoProduct, their sum by
 * TwoSum, the small terms in plain doubles. Exact unless |d|^2 - R^2 is below about 2^-100 of
 * |d|^2 + R^2, which no two distinct doubles' worth of geometry reaches in practice. Lengths
 * must lie within 2^+-500 (squares neither overflow nor underflow).
 */
function signFromExactDifferences(
  ax: number, ay: number, az: number, ar: number,
  bx: number, by: number, bz: number, br: number,
): number {
  twoSum(bx, -ax);
  const xh = dd[0], xl = dd[1];
  twoSum(by, -ay);
  const yh = dd[0], yl = dd[1];
  twoSum(bz, -az);
  const zh = dd[0], zl = dd[1];
  twoSum(ar, br);
  const rh = dd[0], rl = dd[1];
  twoProduct(xh, xh);
  const p1 = dd[0];
  let low = dd[1];
  twoProduct(yh, yh);
  const p2 = dd[0];
  low += dd[1];
  twoProduct(zh, zh);
  const p3 = dd[0];
  low += dd[1];
  twoProduct(rh, rh);
  const p4 = dd[0];
  low -= dd[1];
  twoSum(p1, p2);
  low += dd[1];
  twoSum(dd[0], p3);
  low += dd[1];
  twoSum(dd[0], -p4);
  low += dd[1];
  const s = dd[0];
  low += 2 * (xh * xl + yh * yl + zh * zl - rh * rl) + (xl * xl + yl * yl + zl * zl - rl * rl);
  const v = s + low;
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/** True when the closed discs intersect (touching counts). Throws a RangeError on bad input. */
export function overlapCircles(a: Circle, b: Circle): boolean {
  checkCircle(a, "a");
  checkCircle(b, "b");
  return separationSign(a.x, a.y, 0, a.r, b.x, b.y, 0, b.r) <= 0;
}

/** True when the closed balls intersect (touching counts). Throws a RangeError on bad input. */
export function overlapSpheres(a: Sphere, b: Sphere): boolean {
  checkSphere(a, "a");
  checkSphere(b, "b");
  return separationSign(a.x, a.y, a.z, a.r, b.x, b.y, b.z, b.r) <= 0;
}

/** True when the point (x, y) lies in the closed disc c (on the circle counts). */
export function pointInCircle(x: number, y: number, c: Circle): boolean {
  checkFinite(x, "x");
  checkFinite(y, "y");
  checkCircle(c, "c");
  return separationSign(x, y, 0, 0, c.x, c.y, 0, c.r) <= 0;
}

/** True when the point (x, y, z) lies in the closed ball s (on the sphere counts). */
export function pointInSphere(x: number, y: number, z: number, s: Sphere): boolean {
  checkFinite(x, "x");
  checkFinite(y, "y");
  checkFinite(z, "z");
  checkSphere(s, "s");
  return separationSign(x, y, z, 0, s.x, s.y, s.z, s.r) <= 0;
}
