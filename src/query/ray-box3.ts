/**
 * Ray against a solid axis-aligned box: the slab method (Kay and Kajiya, "Ray tracing complex
 * scenes", SIGGRAPH 1986; Ericson, Real-Time Collision Detection, 5.3.3).
 *
 * The box is the intersection of three slabs min_k <= x_k <= max_k. On the ray o + s d, slab k
 * holds the parameters between (min_k - o_k) / d_k and (max_k - o_k) / d_k; the ray is inside
 * the box on the intersection of the three intervals, [tEnter, tExit]. A direction component of
 * zero is tested on the origin alone (inside the slab: no constraint; outside: a miss), so no
 * 0 * Infinity (NaN) ever arises. The bounds are compared as computed (one rounded subtraction
 * and one rounded division each); the entry that is returned is then recomputed from the exact
 * numerator with a corrected division, within an ulp of the exact rational (min_k - o_k) / d_k.
 */
import { SPLITTER } from "../math/double-double.js";
import { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX } from "./types.js";
import type { Box3, WallHit3 } from "./types.js";
import { checkTMax } from "./validate.js";
import { checkBox3, checkRay3, finishWallHit3, newWallHit3 } from "./geometry3.js";
import type { Ray3, RayInterval } from "./geometry3.js";

/**
 * Scratch of {@link rayBox3Core}: inputs ox, oy, oz, dx, dy, dz, minX, minY, minZ, maxX, maxY,
 * maxZ, tMax in slots 0..12; outputs tEnter (the raw, unclamped entry; -Infinity when no slab
 * constrains it) in 13, tExit in 14, the hit parameter (or Infinity) in 15, and in 16 a bit mask
 * of the faces attaining the entry (bit 2k for the min face of axis k, bit 2k + 1 for max).
 */
const io = new Float64Array(17);

/**
 * The slab test on {@link io}. A hit needs the closed box to meet the ray in [0, tMax]:
 *
 * - the origin is in the closed box (tEnter <= 0 <= tExit): hit at 0;
 * - else the ray enters at tEnter in (0, tMax] and stays inside for a while (tEnter < tExit);
 * - a zero-length interval tEnter = tExit > 0 is a tangent touch of an edge or a corner (a
 *   graze, no hit), except when it comes from crossing a slab of zero thickness (min_k = max_k
 *   with d_k != 0): a flat box is crossed like a rectangle, and that counts as a hit.
 */
function rayBox3Core(): void {
  const q = io;
  const ox = q[0], oy = q[1], oz = q[2], dx = q[3], dy = q[4], dz = q[5];
  const minX = q[6], minY = q[7], minZ = q[8], maxX = q[9], maxY = q[10], maxZ = q[11], tMax = q[12];
  let tEnter = -Infinity;
  let tExit = Infinity;
  let faces = 0;
  let flat = false;
  let a: number;
  let b: number;
  // Axis x: d > 0 enters through the min face, d < 0 through the max face.
  if (dx > 0) {
    a = (minX - ox) / dx; b = (maxX - ox) / dx;
    if (a > tEnter) { tEnter = a; faces = 1; } else if (a === tEnter) faces |= 1;
    if (b < tExit) tExit = b;
    if (minX === maxX) flat = true;
  } else if (dx < 0) {
    a = (maxX - ox) / dx; b = (minX - ox) / dx;
    if (a > tEnter) { tEnter = a; faces = 2; } else if (a === tEnter) faces |= 2;
    if (b < tExit) tExit = b;
    if (minX === maxX) flat = true;
  } else if (ox < minX || ox > maxX) {
    tExit = -Infinity;
  }
  if (dy > 0) {
    a = (minY - oy) / dy; b = (maxY - oy) / dy;
    if (a > tEnter) { tEnter = a; faces = 4; } else if (a === tEnter) faces |= 4;
    if (b < tExit) tExit = b;
    if (minY === maxY) flat = true;
  } else if (dy < 0) {
    a = (maxY - oy) / dy; b = (minY - oy) / dy;
    if (a > tEnter) { tEnter = a; faces = 8; } else if (a === tEnter) faces |= 8;
    if (b < tExit) tExit = b;
    if (minY === maxY) flat = true;
  } else if (oy < minY || oy > maxY) {
    tExit = -Infinity;
  }
  if (dz > 0) {
    a = (minZ - oz) / dz; b = (maxZ - oz) / dz;
    if (a > tEnter) { tEnter = a; faces = 16; } else if (a === tEnter) faces |= 16;
    if (b < tExit) tExit = b;
    if (minZ === maxZ) flat = true;
  } else if (dz < 0) {
    a = (maxZ - oz) / dz; b = (minZ - oz) / dz;
    if (a > tEnter) { tEnter = a; faces = 32; } else if (a === tEnter) faces |= 32;
    if (b < tExit) tExit = b;
    if (minZ === maxZ) flat = true;
  } else if (oz < minZ || oz > maxZ) {
    tExit = -Infinity;
  }
  q[13] = tEnter;
  q[14] = tExit;
  q[16] = faces;
  let hit = Infinity;
  if (tEnter <= 0) {
    if (tExit >= 0) hit = 0;
  } else if (tEnter <= tMax && (tEnter < tExit || (tEnter === tExit && flat))) {
    hit = preciseEntry(faces);
    if (hit > tMax) hit = Infinity;
  }
  q[15] = hit;
}

/**
 * The entry parameter (face - o) / d on the slab that set it (the lowest face bit in `faces`),
 * recomputed to within an ulp: the numerator exact as hi + lo (TwoSum), the quotient corrected
 * once from the exact remainder (TwoProduct).
 */
function preciseEntry(faces: number): number {
  const q = io;
  const k = faces & 3 ? 0 : faces & 12 ? 1 : 2;
  const o = q[k], d = q[3 + k];
  const face = d > 0 ? q[6 + k] : q[9 + k];
  let t: number;
  const nh = face - o;
  const bb = nh - face;
  const nl = face - (nh - bb) + (-o - bb);
  const q0 = nh / d;
  if (!(Math.abs(q0) < 2 ** 990 && Math.abs(d) < 2 ** 990 && Math.abs(nh) < 2 ** 990)) {
    // Beyond the range of the exact correction: a numerator that overflowed comes from
    // halves (a parameter beyond the largest double is Infinity); otherwise the quotient is
    // within an ulp of (nh + nl) / d already (nl is below an ulp of nh).
    return nh - nh === 0 ? q0 : 2 * ((face * 0.5 - o * 0.5) / d);
  }
  t = SPLITTER * q0; const qH = t - (t - q0); const qL = q0 - qH;
  t = SPLITTER * d; const dH = t - (t - d); const dL = d - dH;
  const p = q0 * d; const pe = qH * dH - p + qH * dL + qL * dH + qL * dL;
  return q0 + (nh - p - pe + nl) / d;
}

function load(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number,
  minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, tMax: number): void {
  const q = io;
  q[0] = ox; q[1] = oy; q[2] = oz; q[3] = dx; q[4] = dy; q[5] = dz;
  q[6] = minX; q[7] = minY; q[8] = minZ; q[9] = maxX; q[10] = maxY; q[11] = maxZ; q[12] = tMax;
}

/**
 * Ray parameter of the first point of the solid box on the ray, from plain numbers, without
 * argument checks (direction not zero, min <= max, tMax >= 0). Same cases as {@link rayBox3}.
 */
export function rayBox3Raw(
  ox: number, oy: number, oz: number, dx: number, dy: number, dz: number,
  minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, tMax: number,
): number {
  load(ox, oy, oz, dx, dy, dz, minX, minY, minZ, maxX, maxY, maxZ, tMax);
  rayBox3Core();
  return io[15];
}

/**
 * Ray against a solid axis-aligned box: the smallest parameter s in [0, tMax] at which the point
 * (x, y, z) + s (dx, dy, dz) lies in the closed box, or Infinity. tMax defaults to Infinity (a
 * ray; pass 1 for the segment from the origin to origin + d).
 *
 * - Origin inside the box or on its boundary: 0, whatever the direction (the box is solid).
 * - Pointing away from the box, or parallel to a slab the origin is outside of: Infinity.
 * - A ray that only touches an edge or a corner (never entering the box), misses it, or enters
 *   after tMax: Infinity. A box of zero thickness (min = max on an axis) is still hit by a ray
 *   crossing it.
 *
 * Accuracy: within an ulp of the exact entry parameter. Throws a RangeError for
 * non-finite fields, a zero direction, min > max on an axis, or a negative or NaN tMax.
 */
export function rayBox3(ray: Ray3, box: Box3, tMax = Infinity): number {
  castChecked(ray, box, tMax);
  return io[15];
}

/** Checks the arguments and runs the kernel; the result is left in {@link io}. */
function castChecked(ray: Ray3, box: Box3, tMax: number): void {
  checkRay3(ray, "ray");
  checkBox3(box, "box");
  checkTMax(tMax);
  load(ray.x, ray.y, ray.z, ray.dx, ray.dy, ray.dz, box.minX, box.minY, box.minZ, box.maxX, box.maxY, box.maxZ, tMax);
  rayBox3Core();
}

/**
 * Like {@link rayBox3Interval}, without allocating: fills `out` and returns true when the ray
 * meets the box in [0, tMax], false (leaving `out` untouched) otherwise.
 */
export function rayBox3IntervalInto(out: RayInterval, ray: Ray3, box: Box3, tMax = Infinity): boolean {
  castChecked(ray, box, tMax);
  const s = io[15];
  if (s === Infinity) return false;
  out.tEnter = s;
  out.tExit = io[14];
  return true;
}

/**
 * Where the ray is inside the solid box: `{tEnter, tExit}` or null, with the same hit rule as
 * {@link rayBox3}. tEnter is the entry parameter clamped to 0 (0 when the origin is inside);
 * tExit is where the ray leaves the box (Infinity never, as the direction is not zero; it may
 * exceed tMax, which only bounds the entry).
 */
export function rayBox3Interval(ray: Ray3, box: Box3, tMax = Infinity): RayInterval | null {
  const out: RayInterval = { tEnter: 0, tExit: 0 };
  return rayBox3IntervalInto(out, ray, box, tMax) ? out : null;
}

/** Index of the box edge along `axis` whose other two coordinates are at the sides given by `faces`. */
function edgeIndex(axis: number, faces: number): number {
  // Other axes in increasing order: side bit of the lower one + 2 * side bit of the higher one.
  const u = axis === 0 ? 1 : 0;
  const v = axis === 2 ? 1 : 2;
  return 4 * axis + ((faces >> (2 * u + 1)) & 1) + 2 * ((faces >> (2 * v + 1)) & 1);
}

/**
 * Like {@link raycastBox3}, without allocating: fills `out` and returns true on a hit, false
 * (leaving `out` untouched) on a miss.
 */
export function raycastBox3Into(out: WallHit3, ray: Ray3, box: Box3, tMax = Infinity): boolean {
  castChecked(ray, box, tMax);
  const s = io[15];
  if (s === Infinity) return false;
  const px = ray.x + s * ray.dx;
  const py = ray.y + s * ray.dy;
  const pz = ray.z + s * ray.dz;
  let faces = io[16];
  if (s === 0 && !(io[13] === 0)) {
    // The origin is inside: report the nearest face (the least depth; the lower index on ties).
    let best = px - box.minX;
    faces = 1;
    if (box.maxX - px < best) { best = box.maxX - px; faces = 2; }
    if (py - box.minY < best) { best = py - box.minY; faces = 4; }
    if (box.maxY - py < best) { best = box.maxY - py; faces = 8; }
    if (pz - box.minZ < best) { best = pz - box.minZ; faces = 16; }
    if (box.maxZ - pz < best) { faces = 32; }
  }
  // Inward normal: +1 along an axis for its min face, -1 for its max face, summed over the faces
  // attaining the entry (one face, an edge, or a corner).
  const nx = (faces & 1) - ((faces >> 1) & 1);
  const ny = ((faces >> 2) & 1) - ((faces >> 3) & 1);
  const nz = ((faces >> 4) & 1) - ((faces >> 5) & 1);
  const count = (nx !== 0 ? 1 : 0) + (ny !== 0 ? 1 : 0) + (nz !== 0 ? 1 : 0);
  let feature = FEATURE_INTERIOR;
  let index: number;
  if (count === 1) {
    index = nx !== 0 ? (faces & 2 ? 1 : 0) : ny !== 0 ? (faces & 8 ? 3 : 2) : faces & 32 ? 5 : 4;
  } else if (count === 2) {
    feature = FEATURE_EDGE;
    index = edgeIndex(nx === 0 ? 0 : ny === 0 ? 1 : 2, faces);
  } else {
    feature = FEATURE_VERTEX;
    index = ((faces >> 1) & 1) + 2 * ((faces >> 3) & 1) + 4 * ((faces >> 5) & 1);
  }
  out.t = s;
  out.px = px;
  out.py = py;
  out.pz = pz;
  out.nx = nx;
  out.ny = ny;
  out.nz = nz;
  if (count === 1) {
    // A face: the normal is already a unit vector.
    out.feature = feature;
    out.index = index;
    return true;
  }
  return finishWallHit3(out, 0, feature, index);
}

/**
 * Ray against a solid box with the hit described: `{t, px, py, pz, nx, ny, nz, feature, index}`
 * or null; t as {@link rayBox3} (same cases), (px, py, pz) the point on the ray at t.
 *
 * - Entering through the inside of a face: feature FEATURE_INTERIOR, index = 2 k + side (0 -x,
 *   1 +x, 2 -y, 3 +y, 4 -z, 5 +z), n the inward face normal (from the ray into the box).
 * - Entering exactly through an edge (two faces attain the entry): FEATURE_EDGE, index =
 *   4 k + s1 + 2 s2 for the edge along axis k whose other two coordinates (in increasing axis
 *   order) are at sides s1, s2 (0 min, 1 max); n the unit bisector of the two inward normals.
 * - Exactly through a corner: FEATURE_VERTEX, index = sx + 2 sy + 4 sz; n the unit diagonal.
 * - Origin inside: t = 0, the nearest face (least depth, lower index on ties) as above.
 */
export function raycastBox3(ray: Ray3, box: Box3, tMax = Infinity): WallHit3 | null {
  const out = newWallHit3();
  return raycastBox3Into(out, ray, box, tMax) ? out : null;
}
