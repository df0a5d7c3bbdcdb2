/**
 * Two points (radius 0) meet only head-on: their relative position d and velocity w are
 * exactly parallel (the cross product d x w is exactly zero, decided by an exact predicate)
 * and they approach (d . w < 0); they then meet at t = -(d . w) / |w|^2 (at the same spot: now). The time-of-impact
 * kernels see this as a double root of |d + t w|^2 = 0 (a graze) and report no contact, so the
 * world asks this instead for two points.
 */
import { exactCrossSign } from "../query/exact-cross-sign.js";

/**
 * Time within [0, tMax] at which point j (at (jx, jy, jz) moving at jv) meets point i, or
 * Infinity. In 2D pass z = 0 for all z components.
 */
export function pointsMeetTime(
  ix: number, iy: number, iz: number, ivx: number, ivy: number, ivz: number,
  jx: number, jy: number, jz: number, jvx: number, jvy: number, jvz: number, tMax: number,
): number {
  const dx = jx - ix, dy = jy - iy, dz = jz - iz;
  const wx = jvx - ivx, wy = jvy - ivy, wz = jvz - ivz;
  const dw = dx * wx + dy * wy + dz * wz;
  // At the same spot and moving relative to each other: they meet now (the world's "just
  // collided" rule keeps a pair that has just bounced from meeting again at once).
  if (dx === 0 && dy === 0 && dz === 0) return wx !== 0 || wy !== 0 || wz !== 0 ? 0 : Infinity;
  if (!(dw < 0)) return Infinity;
  if (exactCrossSign(ix, iy, jx, jy, ivx, ivy, jvx, jvy) !== 0) return Infinity;
  if ((iz !== 0 || jz !== 0 || ivz !== 0 || jvz !== 0) &&
    (exactCrossSign(iy, iz, jy, jz, ivy, ivz, jvy, jvz) !== 0 || exactCrossSign(iz, ix, jz, jx, ivz, ivx, jvz, jvx) !== 0)) return Infinity;
  const t = -dw / (wx * wx + wy * wy + wz * wz);
  return t <= tMax ? t : Infinity;
}
