/**
 * Contact times when a body accelerates relative to what it may hit (gravity against fixed
 * pegs, walls and sleeping bodies; bodies with different accelerations).
 *
 * A body at p + v t + a t^2/2 against a point q (a peg's centre, a corner, a vertex) touches it
 * at distance R when
 *
 *     f(t) = |d + v t + a t^2 / 2|^2 - R^2 = 0,   d = p - q,
 *     f(t) = |a|^2/4 t^4 + (v.a) t^3 + (|v|^2 + d.a) t^2 + 2 (d.v) t + (|d|^2 - R^2),
 *
 * a quartic; the contact is its first downward crossing in [0, tMax] (f goes from positive to
 * negative: approaching), or t = 0 when the body already touches or overlaps and is moving or
 * being pulled in. Against a line in 3D (an edge) the same holds for the components across the
 * line. Against a flat face the distance along the normal is a quadratic (firstContact1D).
 * The quartics go to the certified solver of math/poly-roots.ts, with |d|^2 - R^2 handed over
 * as a double-double so that a small gap keeps its digits.
 *
 * Every function writes its result to {@link acc}: [t, nx, ny, nz, feature code] (normal from
 * the body towards what it hits, feature code 4 * feature + index as the sweep kernels number
 * them), t = Infinity for none.
 */
import { dd, twoProduct, twoSum } from "../math/double-double.js";
import { ROOT_DOWN, ROOTS_ALL, polyInput, polyRootKinds, polyRoots, solvePolynomial } from "../math/poly-roots.js";
import { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX } from "../query/types.js";
import { firstContact1D } from "./motion-1d.js";

/** Result slots: t, nx, ny, nz, feature code. */
export const acc = new Float64Array(5);

/** Accepts a candidate when it is earlier than the current best; the normal is computed at t. */
function accept(t: number, nx: number, ny: number, nz: number, code: number): void {
  if (!(t < acc[0])) return;
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
  acc[0] = t;
  acc[1] = nx / len;
  acc[2] = ny / len;
  acc[3] = nz / len;
  acc[4] = code;
}

/** Resets the result to "none" before a search over features. */
export function resetAcc(): void {
  acc[0] = Infinity;
  acc[1] = 0;
  acc[2] = 0;
  acc[3] = 0;
  acc[4] = 0;
}

/**
 * First contact of d(t) = d + v t + a t^2/2 with the sphere |d(t)| = R, t in [0, tMax]; -1 when
 * none. `filter` (optional) rejects roots whose contact lies outside a feature's extent.
 */
export function quarticContact(
  dx: number, dy: number, dz: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number,
  R: number, tMax: number, filter: ((t: number) => boolean) | null,
): number {
  // |d|^2 - R^2 as a double-double: exact squares (TwoProduct), exact sums (TwoSum).
  twoProduct(dx, dx);
  let hi = dd[0];
  let lo = dd[1];
  twoProduct(dy, dy);
  lo += dd[1];
  twoSum(hi, dd[0]);
  hi = dd[0];
  lo += dd[1];
  twoProduct(dz, dz);
  lo += dd[1];
  twoSum(hi, dd[0]);
  hi = dd[0];
  lo += dd[1];
  twoProduct(R, R);
  lo -= dd[1];
  twoSum(hi, -dd[0]);
  hi = dd[0];
  lo += dd[1];
  twoSum(hi, lo);
  const c0 = dd[0];
  const c0l = dd[1];
  const c1 = 2 * (dx * vx + dy * vy + dz * vz);
  const c2 = vx * vx + vy * vy + vz * vz + (dx * ax + dy * ay + dz * az);
  const c3 = vx * ax + vy * ay + vz * az;
  const c4 = 0.25 * (ax * ax + ay * ay + az * az);
  // Touching or overlapping now: a contact at 0 when approaching (f' < 0) or, at rest relative
  // to it, pulled in (f' = 0, f'' < 0).
  if (c0 <= 0 && (c1 < 0 || (c1 === 0 && c2 < 0))) {
    if (filter === null || filter(0)) return 0;
  }
  const q = polyInput;
  q[0] = c0;
  q[1] = c1;
  q[2] = c2;
  q[3] = c3;
  q[4] = c4;
  q[5] = 0;
  q[6] = tMax;
  q[7] = c0l;
  q[8] = 0;
  q[9] = 0;
  q[10] = 0;
  q[11] = 0;
  const n = solvePolynomial(ROOTS_ALL);
  for (let k = 0; k < n; k++) {
    if (polyRootKinds[k] !== ROOT_DOWN) continue;
    const t = polyRoots[k];
    if (t === 0 && !(c0 <= 0)) continue;
    if (filter === null || filter(t)) return t;
  }
  return -1;
}

/** A body (centre p, velocity v, acceleration a, radius r) against a fixed point q: the normal points from the body to q. */
export function pointContact(
  px: number, py: number, pz: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number, r: number,
  qx: number, qy: number, qz: number, tMax: number, code: number,
): void {
  const t = quarticContact(px - qx, py - qy, pz - qz, vx, vy, vz, ax, ay, az, r, Math.min(tMax, acc[0]), null);
  if (t < 0) return;
  const h = 0.5 * t * t;
  let nx = qx - (px + vx * t + ax * h), ny = qy - (py + vy * t + ay * h), nz = qz - (pz + vz * t + az * h);
  if (nx === 0 && ny === 0 && nz === 0) {
    // A point particle reaching q: the direction of motion.
    nx = vx + ax * t;
    ny = vy + ay * t;
    nz = vz + az * t;
  }
  accept(t, nx, ny, nz, code);
}

/**
 * A body against the flat face through q with unit normal n (two-sided: the body's side is
 * taken as the front), whose extent is tested by `inside(t)`: the distance along n is
 * gap + vn t + an t^2 / 2 (a quadratic, firstContact1D).
 */
export function faceContact(
  px: number, py: number, pz: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number, r: number,
  qx: number, qy: number, qz: number, nx: number, ny: number, nz: number, twoSided: boolean,
  tMax: number, code: number, inside: ((t: number) => boolean) | null,
): void {
  let s = (px - qx) * nx + (py - qy) * ny + (pz - qz) * nz;
  if (twoSided && s < 0) {
    nx = -nx;
    ny = -ny;
    nz = -nz;
    s = -s;
  }
  const t = firstContact1D(s - r, vx * nx + vy * ny + vz * nz, ax * nx + ay * ny + az * nz);
  if (!(t <= tMax && t < acc[0])) return;
  if (inside !== null && !inside(t)) return;
  accept(t, -nx, -ny, -nz, code);
}

/**
 * A body against the segment from q0 to q1 in 3D (an edge: an infinite cylinder of radius r
 * around the line, restricted to the segment): the quartic of the components across the line.
 */
export function edgeContact(
  px: number, py: number, pz: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number, r: number,
  q0x: number, q0y: number, q0z: number, q1x: number, q1y: number, q1z: number, tMax: number, code: number,
): void {
  let ex = q1x - q0x, ey = q1y - q0y, ez = q1z - q0z;
  const L = Math.sqrt(ex * ex + ey * ey + ez * ez);
  if (!(L > 0)) return;
  ex /= L;
  ey /= L;
  ez /= L;
  const dx = px - q0x, dy = py - q0y, dz = pz - q0z;
  const dd0 = dx * ex + dy * ey + dz * ez, vv0 = vx * ex + vy * ey + vz * ez, aa0 = ax * ex + ay * ey + az * ez;
  const inRange = (t: number): boolean => {
    const s = dd0 + vv0 * t + 0.5 * aa0 * t * t;
    return s >= 0 && s <= L;
  };
  const t = quarticContact(
    dx - dd0 * ex, dy - dd0 * ey, dz - dd0 * ez, vx - vv0 * ex, vy - vv0 * ey, vz - vv0 * ez, ax - aa0 * ex, ay - aa0 * ey, az - aa0 * ez,
    r, Math.min(tMax, acc[0]), inRange,
  );
  if (t < 0) return;
  const h = 0.5 * t * t;
  const cx = px + vx * t + ax * h, cy = py + vy * t + ay * h, cz = pz + vz * t + az * h;
  const s = dd0 + vv0 * t + aa0 * h;
  accept(t, q0x + s * ex - cx, q0y + s * ey - cy, q0z + s * ez - cz, code);
}

/** Feature codes as the sweep kernels number them. */
export function featureCode(feature: number, index: number): number {
  return 4 * feature + index;
}

export { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX };
