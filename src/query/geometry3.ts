/**
 * Static 3D geometry for the ray casts and sphere sweeps (ray-*.ts, sweep-sphere-*.ts): the
 * plain flat shapes they take, and the argument checks of their public forms. Each check costs
 * one sum on the hot path (x - x is 0 for every finite x, NaN otherwise) and only builds a
 * message, naming the argument, field and value, once something is wrong.
 */
import { SPLITTER } from "../math/double-double.js";
import type { Box3, WallHit3 } from "./types.js";

/** A point in 3D. */
export interface Point3 {
  /** x. */
  x: number;
  /** y. */
  y: number;
  /** z. */
  z: number;
}

/**
 * A ray from (x, y, z) along (dx, dy, dz): the point at parameter s is (x, y, z) + s (dx, dy, dz).
 * The direction need not be unit length (s is then measured in multiples of it) but must not be
 * zero.
 */
export interface Ray3 {
  /** Origin x. */
  x: number;
  /** Origin y. */
  y: number;
  /** Origin z. */
  z: number;
  /** Direction x (any nonzero length; the ray parameter t is in units of it). */
  dx: number;
  /** Direction y. */
  dy: number;
  /** Direction z. */
  dz: number;
}

/**
 * A plane through (x, y, z) with normal (nx, ny, nz) (any nonzero length). It is the boundary of
 * the solid half-space behind the normal: a point p is inside the solid when
 * (p - (x, y, z)) . n < 0, and a sphere whose centre lies behind the plane (or less than r in
 * front of it) overlaps it.
 */
export interface Plane3 {
  /** A point on the plane, x. */
  x: number;
  /** A point on the plane, y. */
  y: number;
  /** A point on the plane, z. */
  z: number;
  /** Normal x (any nonzero length), pointing out of the solid side. */
  nx: number;
  /** Normal y. */
  ny: number;
  /** Normal z. */
  nz: number;
}

/** A triangle with vertices a, b, c; thin and two-sided. It may be degenerate (zero area). */
export interface Triangle3 {
  /** Vertex A, x. */
  ax: number;
  /** Vertex A, y. */
  ay: number;
  /** Vertex A, z. */
  az: number;
  /** Vertex B, x. */
  bx: number;
  /** Vertex B, y. */
  by: number;
  /** Vertex B, z. */
  bz: number;
  /** Vertex C, x. */
  cx: number;
  /** Vertex C, y. */
  cy: number;
  /** Vertex C, z. */
  cz: number;
}

/** A line segment from a to b; it may be degenerate (a = b, a point). */
export interface Segment3 {
  /** End point A, x. */
  ax: number;
  /** End point A, y. */
  ay: number;
  /** End point A, z. */
  az: number;
  /** End point B, x. */
  bx: number;
  /** End point B, y. */
  by: number;
  /** End point B, z. */
  bz: number;
}

/** Where a ray is inside a solid: it enters at tEnter and leaves at tExit (tEnter <= tExit). */
export interface RayInterval {
  /** Ray parameter where the ray enters the shape. */
  tEnter: number;
  /** Ray parameter where it leaves the shape. */
  tExit: number;
}

function notObject(name: string, value: unknown): never {
  throw new RangeError(`${name} must be an object, got ${String(value)}`);
}

function explainFinite(obj: Record<string, unknown>, name: string, fields: readonly string[]): void {
  if (obj === null || typeof obj !== "object") notObject(name, obj);
  for (const f of fields) {
    const v = obj[f];
    if (typeof v !== "number" || !Number.isFinite(v)) throw new RangeError(`${name}.${f} must be a finite number, got ${String(v)}`);
  }
}

const RAY_FIELDS = ["x", "y", "z", "dx", "dy", "dz"] as const;
const PLANE_FIELDS = ["x", "y", "z", "nx", "ny", "nz"] as const;
const BOX_FIELDS = ["minX", "minY", "minZ", "maxX", "maxY", "maxZ"] as const;
const TRIANGLE_FIELDS = ["ax", "ay", "az", "bx", "by", "bz", "cx", "cy", "cz"] as const;

/** Throws a RangeError unless every field of `ray` is finite and its direction is not zero. */
export function checkRay3(ray: Ray3, name: string): void {
  if (ray === null || typeof ray !== "object") notObject(name, ray);
  const s = ray.x - ray.x + (ray.y - ray.y) + (ray.z - ray.z) + (ray.dx - ray.dx) + (ray.dy - ray.dy) + (ray.dz - ray.dz);
  if (s !== 0) explainFinite(ray as never, name, RAY_FIELDS);
  if (ray.dx === 0 && ray.dy === 0 && ray.dz === 0) {
    throw new RangeError(`${name}.dx, ${name}.dy, ${name}.dz must not all be zero (a ray needs a direction), got (0, 0, 0)`);
  }
}

/** Throws a RangeError unless every field of `plane` is finite and its normal is not zero. */
export function checkPlane3(plane: Plane3, name: string): void {
  if (plane === null || typeof plane !== "object") notObject(name, plane);
  const s = plane.x - plane.x + (plane.y - plane.y) + (plane.z - plane.z) + (plane.nx - plane.nx) + (plane.ny - plane.ny) + (plane.nz - plane.nz);
  if (s !== 0) explainFinite(plane as never, name, PLANE_FIELDS);
  if (plane.nx === 0 && plane.ny === 0 && plane.nz === 0) {
    throw new RangeError(`${name}.nx, ${name}.ny, ${name}.nz must not all be zero (a plane needs a normal), got (0, 0, 0)`);
  }
}

/** Throws a RangeError unless every field of `box` is finite and min <= max on every axis. */
export function checkBox3(box: Box3, name: string): void {
  if (box === null || typeof box !== "object") notObject(name, box);
  const s = box.minX - box.minX + (box.minY - box.minY) + (box.minZ - box.minZ) + (box.maxX - box.maxX) + (box.maxY - box.maxY) + (box.maxZ - box.maxZ);
  if (s !== 0) explainFinite(box as never, name, BOX_FIELDS);
  if (!(box.minX <= box.maxX)) throw new RangeError(`${name}.minX must be <= ${name}.maxX, got ${box.minX} > ${box.maxX}`);
  if (!(box.minY <= box.maxY)) throw new RangeError(`${name}.minY must be <= ${name}.maxY, got ${box.minY} > ${box.maxY}`);
  if (!(box.minZ <= box.maxZ)) throw new RangeError(`${name}.minZ must be <= ${name}.maxZ, got ${box.minZ} > ${box.maxZ}`);
}

const SEGMENT_FIELDS = ["ax", "ay", "az", "bx", "by", "bz"] as const;

/** Throws a RangeError unless every field of `segment` is finite (a = b is allowed). */
export function checkSegment3(seg: Segment3, name: string): void {
  if (seg === null || typeof seg !== "object") notObject(name, seg);
  const s = seg.ax - seg.ax + (seg.ay - seg.ay) + (seg.az - seg.az) + (seg.bx - seg.bx) + (seg.by - seg.by) + (seg.bz - seg.bz);
  if (s !== 0) explainFinite(seg as never, name, SEGMENT_FIELDS);
}

/** Throws a RangeError unless every field of `triangle` is finite (a zero-area triangle is allowed). */
export function checkTriangle3(tri: Triangle3, name: string): void {
  if (tri === null || typeof tri !== "object") notObject(name, tri);
  const s =
    tri.ax - tri.ax + (tri.ay - tri.ay) + (tri.az - tri.az) +
    (tri.bx - tri.bx) + (tri.by - tri.by) + (tri.bz - tri.bz) +
    (tri.cx - tri.cx) + (tri.cy - tri.cy) + (tri.cz - tri.cz);
  if (s !== 0) explainFinite(tri as never, name, TRIANGLE_FIELDS);
}

/**
 * Completes a hit in `out`, which the caller has filled with t, the centre at t in (px, py, pz)
 * and the normal's direction (any length) in (nx, ny, nz): normalises the normal (scaled by its
 * largest component first when its squares could underflow or overflow),
 * moves the point to the contact point (the centre plus r times the unit normal), and sets feature
 * and index. Returns false when the direction is zero (the normal is then left as it was).
 * Only `r` crosses the call as a double, so no number is boxed when it is not inlined.
 */
export function finishWallHit3(out: WallHit3, r: number, feature: number, index: number): boolean {
  let nx = out.nx;
  let ny = out.ny;
  let nz = out.nz;
  const m = Math.max(Math.abs(nx), Math.abs(ny), Math.abs(nz));
  if (!(m > 0)) return false;
  if (!(m > 2 ** -500 && m < 2 ** 500)) {
    // Squares could underflow or overflow: scale first.
    nx /= m;
    ny /= m;
    nz /= m;
  }
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
  nx /= len;
  ny /= len;
  nz /= len;
  // (+ 0 turns a negative zero into a positive one, so equal hits compare equal.)
  out.nx = nx + 0;
  out.ny = ny + 0;
  out.nz = nz + 0;
  out.px = out.px + r * nx + 0;
  out.py = out.py + r * ny + 0;
  out.pz = out.pz + r * nz + 0;
  out.feature = feature;
  out.index = index;
  return true;
}

/**
 * Scratch of {@link offsetsFromPath}: a fixed point a in 0..2, a moving point's start b in 3..5
 * and velocity w in 6..8, the time t in 9; the offsets go to 10..12.
 */
export const offsetIO = new Float64Array(13);

/**
 * (a - b) - t w per coordinate, the offset from the moving point b + t w to the fixed point a,
 * from the exact difference (TwoSum) and the exact product (TwoProduct), rounded once at the end:
 * accurate to about an ulp of the larger of |a - b| and |t w| even when they nearly cancel.
 * Reads and writes {@link offsetIO} (no doubles cross the call).
 */
export function offsetsFromPath(): void {
  const q = offsetIO;
  const t = q[9];
  let h = SPLITTER * t;
  const tH = h - (h - t);
  const tL = t - tH;
  for (let k = 0; k < 3; k++) {
    const a = q[k], b = q[3 + k], w = q[6 + k];
    const s = a - b;
    let bb = s - a;
    const e = a - (s - bb) + (-b - bb);
    const p = t * w;
    h = SPLITTER * w;
    const wH = h - (h - w);
    const wL = w - wH;
    const pe = tH * wH - p + tH * wL + tL * wH + tL * wL;
    const d = s - p;
    bb = d - s;
    const de = s - (d - bb) + (-p - bb);
    q[10 + k] = d + (de + e - pe);
  }
}

/** A fresh hit object (all fields zero), the one shape every query fills. */
export function newWallHit3(): WallHit3 {
  return { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };
}

/**
 * a * b - c * d from the exact products (TwoProduct on both, Dekker with Veltkamp splits), rounded
 * at the end: within about an ulp of the exact value (Kahan's 2x2 determinant), and exactly
 * negated when the two products are swapped. Small enough to be inlined where it is called.
 */
export function exactCross(a: number, b: number, c: number, d: number): number {
  let t = SPLITTER * a;
  const aH = t - (t - a);
  const aL = a - aH;
  t = SPLITTER * b;
  const bH = t - (t - b);
  const bL = b - bH;
  t = SPLITTER * c;
  const cH = t - (t - c);
  const cL = c - cH;
  t = SPLITTER * d;
  const dH = t - (t - d);
  const dL = d - dH;
  const p = a * b;
  const pe = aH * bH - p + aH * bL + aL * bH + aL * bL;
  const r = c * d;
  const re = cH * dH - r + cH * dL + cL * dH + cL * dL;
  return p - r + (pe - re);
}
