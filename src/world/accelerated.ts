/**
 * Contact times of the world's bodies when they accelerate relative to what they may hit
 * (gravity against fixed pegs, walls and sleeping bodies; bodies with different accelerations).
 *
 * Pairs, pegs and corners, segments and planes go to the exact kernels of
 * query/toi-accelerated*.ts (double-double quartic coefficients into the certified solver of
 * math/poly-roots.ts). A solid 2D box is its four sides as segments. 3D boxes and triangles are
 * taken apart into faces (the distance along the normal is a quadratic, firstContact1D),
 * edges (the components across the edge give the same quartic as a pair: a body against an
 * infinite cylinder, kept where the contact lies between the edge's ends) and vertices.
 *
 * Every function folds its result into {@link acc}: [t, nx, ny, nz, feature code], keeping the
 * earliest (normal from the body towards what it hits; feature code 4 * feature + index as the
 * sweep kernels number them), t = Infinity for none.
 */
import { ROOT_DOWN, ROOT_UP, ROOTS_ALL, polyRootKinds, polyRoots, solvePolynomial, polyInput, realRootsInInterval } from "../math/poly-roots.js";
import { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX } from "../query/types.js";
import { QUARTIC_NOW, QUARTIC_SOLVE, accelContact, accelIO, accelQuartic, accelTimeScale } from "../query/accel-quartic.js";
import { accelSegmentIO, acceleratedSegmentContact } from "../query/toi-accelerated-segment.js";
import { accelPlaneIO, acceleratedPlaneContact } from "../query/toi-accelerated-plane.js";
import { firstContact1D } from "./motion-1d.js";
import type { AccelerationKernels } from "./acceleration-part.js";

/** Result slots: t, nx, ny, nz, feature code. */
export const acc = new Float64Array(5);

/** Resets the result to "none" before a search over features. */
export function resetAcc(): void {
  acc[0] = Infinity;
  acc[1] = 0;
  acc[2] = 0;
  acc[3] = 0;
  acc[4] = 0;
}

/** Keeps the candidate when it is earlier than the current best (n need not be unit; zero: the motion's direction). */
function accept(t: number, nx: number, ny: number, nz: number, code: number, vx: number, vy: number, vz: number): void {
  if (!(t < acc[0])) return;
  if (nx === 0 && ny === 0 && nz === 0) {
    nx = vx;
    ny = vy;
    nz = vz;
  }
  const m = Math.max(Math.abs(nx), Math.abs(ny), Math.abs(nz));
  nx /= m;
  ny /= m;
  nz /= m;
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
  acc[0] = t;
  acc[1] = nx / len;
  acc[2] = ny / len;
  acc[3] = nz / len;
  acc[4] = code;
}

export function featureCode(feature: number, index: number): number {
  return 4 * feature + index;
}

function loadPair(
  x: number, y: number, z: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number, r: number,
  jx: number, jy: number, jz: number, jvx: number, jvy: number, jvz: number, jax: number, jay: number, jaz: number, jr: number,
  tMax: number,
): void {
  const q = accelIO;
  q[0] = x; q[1] = y; q[2] = z; q[3] = vx; q[4] = vy; q[5] = vz; q[6] = ax; q[7] = ay; q[8] = az; q[9] = r;
  q[10] = jx; q[11] = jy; q[12] = jz; q[13] = jvx; q[14] = jvy; q[15] = jvz; q[16] = jax; q[17] = jay; q[18] = jaz; q[19] = jr;
  q[20] = tMax;
}

/** Time of first contact of two accelerated bodies in [0, tMax] (the exact quartic kernel), or Infinity. */
export function pairContactTime(
  x: number, y: number, z: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number, r: number,
  jx: number, jy: number, jz: number, jvx: number, jvy: number, jvz: number, jax: number, jay: number, jaz: number, jr: number,
  tMax: number,
): number {
  loadPair(x, y, z, vx, vy, vz, ax, ay, az, r, jx, jy, jz, jvx, jvy, jvz, jax, jay, jaz, jr, tMax);
  accelContact();
  return accelIO[21];
}

/** A body (centre p, velocity v, acceleration a, radius r) against a fixed point q. */
export function pointContact(
  px: number, py: number, pz: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number, r: number,
  qx: number, qy: number, qz: number, tMax: number, code: number,
): void {
  const t = pairContactTime(px, py, pz, vx, vy, vz, ax, ay, az, r, qx, qy, qz, 0, 0, 0, 0, 0, 0, 0, Math.min(tMax, acc[0]));
  if (!(t < acc[0])) return;
  const h = 0.5 * t * t;
  accept(t, qx - (px + vx * t + ax * h), qy - (py + vy * t + ay * h), qz - (pz + vz * t + az * h), code, vx + ax * t, vy + ay * t, vz + az * t);
}

/** A 2D body against the segment (x0, y0)-(x1, y1): interior and end caps (the exact kernel). */
export function segmentContact(
  px: number, py: number, vx: number, vy: number, ax: number, ay: number, r: number,
  x0: number, y0: number, x1: number, y1: number, tMax: number, indexBase: number, interiorIndex: number,
): void {
  const q = accelSegmentIO;
  q[0] = px; q[1] = py; q[2] = vx; q[3] = vy; q[4] = ax; q[5] = ay; q[6] = r;
  q[7] = x0; q[8] = y0; q[9] = x1; q[10] = y1; q[11] = Math.min(tMax, acc[0]);
  acceleratedSegmentContact();
  const t = q[12];
  if (!(t < acc[0])) return;
  const h = 0.5 * t * t;
  const cx = px + vx * t + ax * h, cy = py + vy * t + ay * h;
  if (q[13] === FEATURE_INTERIOR) {
    // towards the line from the centre's side of it
    const ex = x1 - x0, ey = y1 - y0;
    const side = q[15];
    accept(t, side * ey, -side * ex, 0, featureCode(FEATURE_INTERIOR, interiorIndex), vx + ax * t, vy + ay * t, 0);
  } else {
    const k = q[14];
    const ex = k === 0 ? x0 : x1, ey = k === 0 ? y0 : y1;
    accept(t, ex - cx, ey - cy, 0, featureCode(FEATURE_VERTEX, (indexBase + k) & 3), vx + ax * t, vy + ay * t, 0);
  }
}

/** A 3D body against the solid half-space behind the plane through q with normal n (the exact kernel). */
export function planeContact(
  px: number, py: number, pz: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number, r: number,
  qx: number, qy: number, qz: number, nx: number, ny: number, nz: number, tMax: number,
): void {
  const q = accelPlaneIO;
  q[0] = px; q[1] = py; q[2] = pz; q[3] = vx; q[4] = vy; q[5] = vz; q[6] = ax; q[7] = ay; q[8] = az; q[9] = r;
  q[10] = qx; q[11] = qy; q[12] = qz; q[13] = nx; q[14] = ny; q[15] = nz; q[16] = Math.min(tMax, acc[0]);
  acceleratedPlaneContact();
  const t = q[17];
  if (t < acc[0]) accept(t, -nx, -ny, -nz, featureCode(FEATURE_INTERIOR, 0), 0, 0, 0);
}

/**
 * A body against a flat face through q with unit normal n, whose extent is tested by
 * `inside(t)`; two-sided faces turn n towards the body first. The distance along n is
 * gap + vn t + an t^2 / 2, a quadratic.
 */
export function faceContact(
  px: number, py: number, pz: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number, r: number,
  qx: number, qy: number, qz: number, nx: number, ny: number, nz: number, twoSided: boolean,
  tMax: number, code: number, inside: (t: number) => boolean,
): void {
  let s = (px - qx) * nx + (py - qy) * ny + (pz - qz) * nz;
  if (twoSided && s < 0) {
    nx = -nx;
    ny = -ny;
    nz = -nz;
    s = -s;
  }
  const t = firstContact1D(s - r, vx * nx + vy * ny + vz * nz, ax * nx + ay * ny + az * nz);
  if (!(t <= tMax && t < acc[0]) || !inside(t)) return;
  accept(t, -nx, -ny, -nz, code, 0, 0, 0);
}

/**
 * A 3D body against the edge from q0 to q1: the pair quartic on the components across the edge
 * (a body against a point moving like the body's foot on the edge's line), every downward root
 * in order until one lies between the edge's ends.
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
  const s0 = dx * ex + dy * ey + dz * ez, s1 = vx * ex + vy * ey + vz * ez, s2 = ax * ex + ay * ey + az * ez;
  const within = (t: number): boolean => {
    const s = s0 + s1 * t + 0.5 * s2 * t * t;
    return s >= 0 && s <= L;
  };
  // Body = the across-the-edge components; the edge's line = a point at the origin at rest.
  loadPair(dx - s0 * ex, dy - s0 * ey, dz - s0 * ez, vx - s1 * ex, vy - s1 * ey, vz - s1 * ez, ax - s2 * ex, ay - s2 * ey, az - s2 * ez, r,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, Math.min(tMax, acc[0]));
  const kind = accelQuartic();
  let t = Infinity;
  if (kind === QUARTIC_NOW) {
    if (within(0)) t = 0;
  } else if (kind === QUARTIC_SOLVE) {
    const c0 = polyInput[0];
    const n = solvePolynomial(ROOTS_ALL);
    for (let k = 0; k < n; k++) {
      if (polyRootKinds[k] !== ROOT_DOWN) continue;
      const root = polyRoots[k] * accelTimeScale[0];
      if (root === 0 && !(c0 <= 0)) continue;
      if (within(root)) {
        t = root;
        break;
      }
    }
  }
  if (!(t < acc[0])) return;
  const h = 0.5 * t * t;
  const cx = px + vx * t + ax * h, cy = py + vy * t + ay * h, cz = pz + vz * t + az * h;
  const s = s0 + s1 * t + s2 * h;
  accept(t, q0x + s * ex - cx, q0y + s * ey - cy, q0z + s * ez - cz, code, vx + ax * t, vy + ay * t, vz + az * t);
}

export { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX };

const roots = new Float64Array(4);

/** The first upward root in [0, tMax] of c0 + c1 t + ... + c4 t^4 (two overlapping bodies parting; see AccelerationKernels). */
export function partingTime(c0: number, c1: number, c2: number, c3: number, c4: number, tMax: number): number {
  const n = realRootsInInterval(roots, c0, c1, c2, c3, c4, 0, tMax);
  for (let k = 0; k < n; k++) if (polyRootKinds[k] === ROOT_UP) return roots[k];
  return c0 > 0 ? 0 : Infinity;
}

/** These kernels as the acceleration part (installed by src/exports/2d/gravity.ts and src/exports/3d/gravity.ts). */
export const ACCELERATION_KERNELS: AccelerationKernels = {
  io: accelIO,
  pairContact: accelContact,
  pairContactTime,
  result: acc,
  resetResult: resetAcc,
  partingTime,
};
