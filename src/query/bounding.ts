/**
 * Bounding volumes for cheap pre-tests: the smallest enclosing circle or sphere of a point set,
 * axis-aligned bounding boxes of points and of moving bodies, and box overlap.
 *
 * The enclosing ball uses Welzl's randomized incremental algorithm ("Smallest enclosing disks
 * (balls and ellipsoids)", 1991) in its iterative move-to-front form: expected linear time after
 * a shuffle. The shuffle is a fixed-seed permutation, so the result is deterministic. Floating
 * point can leave a defining point a few ulps outside a circumcircle, so the last step grows the
 * radius to the largest computed distance, rounded up: every input point is inside the result
 * when tested in floating point, and the radius exceeds the exact minimum by a few ulps at most
 * in ordinary configurations.
 */
import type { Box2, Box3, Circle, MovingCircle, MovingSphere, Sphere } from "./types.js";
import { checkFinite, checkMovingCircle, checkMovingSphere, checkTMax } from "./validate.js";

const GROW = 1 + 4 * 2 ** -53;

function checkPoints(points: ArrayLike<number>, dim: number): number {
  if (points.length % dim !== 0) throw new RangeError(`points.length must be a multiple of ${dim}, got ${points.length}`);
  for (let i = 0; i < points.length; i++) checkFinite(points[i], `points[${i}]`);
  return points.length / dim;
}

/** A fixed-seed permutation of 0..n-1 (xorshift32 Fisher–Yates). */
function shuffledOrder(n: number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let s = 0x9e3779b9;
  for (let i = n - 1; i > 0; i--) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const j = (s >>> 0) % (i + 1);
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  return order;
}

// ---------------------------------------------------------------- 2D

let cx = 0;
let cy = 0;
let cr2 = 0;

function outside2(p: ArrayLike<number>, i: number): boolean {
  const dx = p[2 * i] - cx;
  const dy = p[2 * i + 1] - cy;
  // A relative slack of 2^-40 keeps round-off from re-opening a point that defines the circle.
  return dx * dx + dy * dy > cr2 * (1 + 2 ** -40);
}

function circleFrom2(p: ArrayLike<number>, i: number, j: number): void {
  cx = (p[2 * i] + p[2 * j]) / 2;
  cy = (p[2 * i + 1] + p[2 * j + 1]) / 2;
  const dx = p[2 * i] - cx;
  const dy = p[2 * i + 1] - cy;
  cr2 = dx * dx + dy * dy;
}

function circleFrom3(p: ArrayLike<number>, i: number, j: number, k: number): void {
  const ox = p[2 * i];
  const oy = p[2 * i + 1];
  const ax = p[2 * j] - ox;
  const ay = p[2 * j + 1] - oy;
  const bx = p[2 * k] - ox;
  const by = p[2 * k + 1] - oy;
  const d = 2 * (ax * by - ay * bx);
  const a2 = ax * ax + ay * ay;
  const b2 = bx * bx + by * by;
  const ux = (by * a2 - ay * b2) / d;
  const uy = (ax * b2 - bx * a2) / d;
  if (!Number.isFinite(ux) || !Number.isFinite(uy)) {
    // Collinear (or coincident) points: the circle on the farthest pair.
    const ab = (ax - bx) * (ax - bx) + (ay - by) * (ay - by);
    if (a2 >= b2 && a2 >= ab) circleFrom2(p, i, j);
    else if (b2 >= ab) circleFrom2(p, i, k);
    else circleFrom2(p, j, k);
    return;
  }
  cx = ox + ux;
  cy = oy + uy;
  cr2 = ux * ux + uy * uy;
}

/**
 * The smallest circle enclosing the points (flat [x0, y0, x1, y1, ...]): `{x, y, r}`. One point
 * gives radius 0; an empty set is a RangeError. Expected O(n).
 */
export function enclosingCircle(points: ArrayLike<number>): Circle {
  const n = checkPoints(points, 2);
  if (n === 0) throw new RangeError("points must hold at least one point, got none");
  const order = shuffledOrder(n);
  const p = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    p[2 * i] = points[2 * order[i]];
    p[2 * i + 1] = points[2 * order[i] + 1];
  }
  cx = p[0];
  cy = p[1];
  cr2 = 0;
  for (let i = 1; i < n; i++) {
    if (!outside2(p, i)) continue;
    cx = p[2 * i];
    cy = p[2 * i + 1];
    cr2 = 0;
    for (let j = 0; j < i; j++) {
      if (!outside2(p, j)) continue;
      circleFrom2(p, i, j);
      for (let k = 0; k < j; k++) if (outside2(p, k)) circleFrom3(p, i, j, k);
    }
  }
  let r = 0;
  for (let i = 0; i < n; i++) {
    const dx = p[2 * i] - cx;
    const dy = p[2 * i + 1] - cy;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d > r) r = d;
  }
  return { x: cx, y: cy, r: r * GROW };
}

// ---------------------------------------------------------------- 3D

let sx = 0;
let sy = 0;
let sz = 0;
let sr2 = 0;

function outside3(p: ArrayLike<number>, i: number): boolean {
  const dx = p[3 * i] - sx;
  const dy = p[3 * i + 1] - sy;
  const dz = p[3 * i + 2] - sz;
  return dx * dx + dy * dy + dz * dz > sr2 * (1 + 2 ** -40);
}

function sphereFrom2(p: ArrayLike<number>, i: number, j: number): void {
  sx = (p[3 * i] + p[3 * j]) / 2;
  sy = (p[3 * i + 1] + p[3 * j + 1]) / 2;
  sz = (p[3 * i + 2] + p[3 * j + 2]) / 2;
  const dx = p[3 * i] - sx;
  const dy = p[3 * i + 1] - sy;
  const dz = p[3 * i + 2] - sz;
  sr2 = dx * dx + dy * dy + dz * dz;
}

function farthestPair3(p: ArrayLike<number>, ids: readonly number[]): void {
  let best = -1;
  let bi = ids[0];
  let bj = ids[0];
  for (let u = 0; u < ids.length; u++) {
    for (let v = u + 1; v < ids.length; v++) {
      const dx = p[3 * ids[u]] - p[3 * ids[v]];
      const dy = p[3 * ids[u] + 1] - p[3 * ids[v] + 1];
      const dz = p[3 * ids[u] + 2] - p[3 * ids[v] + 2];
      const d = dx * dx + dy * dy + dz * dz;
      if (d > best) {
        best = d;
        bi = ids[u];
        bj = ids[v];
      }
    }
  }
  sphereFrom2(p, bi, bj);
}

/** The smallest sphere through three points: centre in their plane (circumcircle). */
function sphereFrom3(p: ArrayLike<number>, i: number, j: number, k: number): void {
  const ox = p[3 * i], oy = p[3 * i + 1], oz = p[3 * i + 2];
  const ax = p[3 * j] - ox, ay = p[3 * j + 1] - oy, az = p[3 * j + 2] - oz;
  const bx = p[3 * k] - ox, by = p[3 * k + 1] - oy, bz = p[3 * k + 2] - oz;
  // n = a x b; centre offset = (|a|^2 (b x n) + |b|^2 (n x a)) / (2 |n|^2)
  const nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
  const n2 = nx * nx + ny * ny + nz * nz;
  const a2 = ax * ax + ay * ay + az * az;
  const b2 = bx * bx + by * by + bz * bz;
  const ux = (a2 * (by * nz - bz * ny) + b2 * (ny * az - nz * ay)) / (2 * n2);
  const uy = (a2 * (bz * nx - bx * nz) + b2 * (nz * ax - nx * az)) / (2 * n2);
  const uz = (a2 * (bx * ny - by * nx) + b2 * (nx * ay - ny * ax)) / (2 * n2);
  if (!Number.isFinite(ux) || !Number.isFinite(uy) || !Number.isFinite(uz)) {
    farthestPair3(p, [i, j, k]);
    return;
  }
  sx = ox + ux;
  sy = oy + uy;
  sz = oz + uz;
  sr2 = ux * ux + uy * uy + uz * uz;
}

/** The sphere through four points (Cramer's rule on 2 (p_m - p_0).c = |p_m - p_0|^2). */
function sphereFrom4(p: ArrayLike<number>, i: number, j: number, k: number, l: number): void {
  const ox = p[3 * i], oy = p[3 * i + 1], oz = p[3 * i + 2];
  const ax = p[3 * j] - ox, ay = p[3 * j + 1] - oy, az = p[3 * j + 2] - oz;
  const bx = p[3 * k] - ox, by = p[3 * k + 1] - oy, bz = p[3 * k + 2] - oz;
  const qx = p[3 * l] - ox, qy = p[3 * l + 1] - oy, qz = p[3 * l + 2] - oz;
  const a2 = (ax * ax + ay * ay + az * az) / 2;
  const b2 = (bx * bx + by * by + bz * bz) / 2;
  const q2 = (qx * qx + qy * qy + qz * qz) / 2;
  const det = ax * (by * qz - bz * qy) - ay * (bx * qz - bz * qx) + az * (bx * qy - by * qx);
  const ux = (a2 * (by * qz - bz * qy) - ay * (b2 * qz - bz * q2) + az * (b2 * qy - by * q2)) / det;
  const uy = (ax * (b2 * qz - bz * q2) - a2 * (bx * qz - bz * qx) + az * (bx * q2 - b2 * qx)) / det;
  const uz = (ax * (by * q2 - b2 * qy) - ay * (bx * q2 - b2 * qx) + a2 * (bx * qy - by * qx)) / det;
  if (!Number.isFinite(ux) || !Number.isFinite(uy) || !Number.isFinite(uz)) {
    // Coplanar: the smallest circumsphere of a triple that also holds the fourth point.
    const ids = [i, j, k, l];
    let best = Infinity, bx0 = 0, by0 = 0, bz0 = 0;
    for (let skip = 0; skip < 4; skip++) {
      const t = ids.filter((_, m) => m !== skip);
      sphereFrom3(p, t[0], t[1], t[2]);
      if (sr2 < best && !outside3(p, ids[skip])) {
        best = sr2;
        bx0 = sx;
        by0 = sy;
        bz0 = sz;
      }
    }
    if (best < Infinity) {
      sx = bx0;
      sy = by0;
      sz = bz0;
      sr2 = best;
    } else farthestPair3(p, ids);
    return;
  }
  sx = ox + ux;
  sy = oy + uy;
  sz = oz + uz;
  sr2 = ux * ux + uy * uy + uz * uz;
}

/**
 * The smallest sphere enclosing the points (flat [x0, y0, z0, x1, ...]): `{x, y, z, r}`.
 * An empty set is a RangeError. Expected O(n).
 */
export function enclosingSphere(points: ArrayLike<number>): Sphere {
  const n = checkPoints(points, 3);
  if (n === 0) throw new RangeError("points must hold at least one point, got none");
  const order = shuffledOrder(n);
  const p = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    p[3 * i] = points[3 * order[i]];
    p[3 * i + 1] = points[3 * order[i] + 1];
    p[3 * i + 2] = points[3 * order[i] + 2];
  }
  sx = p[0];
  sy = p[1];
  sz = p[2];
  sr2 = 0;
  for (let i = 1; i < n; i++) {
    if (!outside3(p, i)) continue;
    sx = p[3 * i];
    sy = p[3 * i + 1];
    sz = p[3 * i + 2];
    sr2 = 0;
    for (let j = 0; j < i; j++) {
      if (!outside3(p, j)) continue;
      sphereFrom2(p, i, j);
      for (let k = 0; k < j; k++) {
        if (!outside3(p, k)) continue;
        sphereFrom3(p, i, j, k);
        for (let l = 0; l < k; l++) if (outside3(p, l)) sphereFrom4(p, i, j, k, l);
      }
    }
  }
  let r = 0;
  for (let i = 0; i < n; i++) {
    const dx = p[3 * i] - sx;
    const dy = p[3 * i + 1] - sy;
    const dz = p[3 * i + 2] - sz;
    const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (d > r) r = d;
  }
  return { x: sx, y: sy, z: sz, r: r * GROW };
}

// ---------------------------------------------------------------- boxes

/** The axis-aligned bounding box of 2D points (flat [x0, y0, ...]); an empty set is a RangeError. */
export function boundsOfPoints2(points: ArrayLike<number>): Box2 {
  const n = checkPoints(points, 2);
  if (n === 0) throw new RangeError("points must hold at least one point, got none");
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < 2 * n; i += 2) {
    const x = points[i], y = points[i + 1];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

/** The axis-aligned bounding box of 3D points (flat [x0, y0, z0, ...]). */
export function boundsOfPoints3(points: ArrayLike<number>): Box3 {
  const n = checkPoints(points, 3);
  if (n === 0) throw new RangeError("points must hold at least one point, got none");
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0; i < 3 * n; i += 3) {
    const x = points[i], y = points[i + 1], z = points[i + 2];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  return { minX, minY, minZ, maxX, maxY, maxZ };
}

/** Rounds a lower bound down and an upper bound up by a relative 2^-52 plus the smallest normal. */
function down(x: number): number {
  return x - Math.abs(x) * 2 ** -52 - 2 ** -1022;
}
function up(x: number): number {
  return x + Math.abs(x) * 2 ** -52 + 2 ** -1022;
}

/**
 * Writes to `out` the box that contains the moving circle during [0, tMax] (the union of its
 * start and end discs' boxes, widened by one rounding so that it is conservative). Returns out.
 */
export function sweptBoundsCircleInto(out: Box2, c: MovingCircle, tMax = 1): Box2 {
  checkMovingCircle(c, "c");
  checkTMax(tMax);
  if (tMax === Infinity) throw new RangeError("tMax must be finite for swept bounds, got Infinity");
  const ex = c.x + tMax * c.vx;
  const ey = c.y + tMax * c.vy;
  out.minX = down(Math.min(c.x, ex) - c.r);
  out.minY = down(Math.min(c.y, ey) - c.r);
  out.maxX = up(Math.max(c.x, ex) + c.r);
  out.maxY = up(Math.max(c.y, ey) + c.r);
  return out;
}

/** The box that contains the moving circle during [0, tMax]. */
export function sweptBoundsCircle(c: MovingCircle, tMax = 1): Box2 {
  return sweptBoundsCircleInto({ minX: 0, minY: 0, maxX: 0, maxY: 0 }, c, tMax);
}

/** Writes to `out` the box that contains the moving sphere during [0, tMax]. Returns out. */
export function sweptBoundsSphereInto(out: Box3, s: MovingSphere, tMax = 1): Box3 {
  checkMovingSphere(s, "s");
  checkTMax(tMax);
  if (tMax === Infinity) throw new RangeError("tMax must be finite for swept bounds, got Infinity");
  const ex = s.x + tMax * s.vx;
  const ey = s.y + tMax * s.vy;
  const ez = s.z + tMax * s.vz;
  out.minX = down(Math.min(s.x, ex) - s.r);
  out.minY = down(Math.min(s.y, ey) - s.r);
  out.minZ = down(Math.min(s.z, ez) - s.r);
  out.maxX = up(Math.max(s.x, ex) + s.r);
  out.maxY = up(Math.max(s.y, ey) + s.r);
  out.maxZ = up(Math.max(s.z, ez) + s.r);
  return out;
}

/** The box that contains the moving sphere during [0, tMax]. */
export function sweptBoundsSphere(s: MovingSphere, tMax = 1): Box3 {
  return sweptBoundsSphereInto({ minX: 0, minY: 0, minZ: 0, maxX: 0, maxY: 0, maxZ: 0 }, s, tMax);
}

/** True when two closed boxes intersect (touching counts). */
export function overlapBoxes2(a: Box2, b: Box2): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

/** True when two closed 3D boxes intersect (touching counts). */
export function overlapBoxes3(a: Box3, b: Box3): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY && a.minZ <= b.maxZ && b.minZ <= a.maxZ;
}
