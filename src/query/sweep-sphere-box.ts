/**
 * A moving sphere against a solid axis-aligned box.
 *
 * The sphere (radius r) touches the box when its centre reaches the box's Minkowski sum with a
 * ball of radius r: a rounded box made of the box's faces pushed out by r (slabs), its twelve
 * edges as cylinders of radius r, and its eight corners as spheres of radius r. The centre moves
 * on the line p + t v, so the query is a ray cast against the rounded box, done as in Ericson,
 * Real-Time Collision Detection (2005), 5.5.7:
 *
 * 1. Slab test against the box fattened by r on every side (which contains the rounded box).
 *    A miss, an entry after tMax, or an exit before 0 means no contact.
 * 2. Classify the entry point by the box's own extents on the two other axes. Inside both: the
 *    entry is on a face of the rounded box, and tEnter is the answer. Outside one: the centre is
 *    in the region of one edge, and the first contact, if any, is with that edge's capsule (its
 *    cylinder restricted to the edge, or a corner sphere at an end). Outside both: the region of
 *    a corner, and the first contact is the earliest with the three capsules meeting there.
 *    (While the centre stays in such a region, the only parts of the rounded box near it are
 *    those capsules; leaving the region inside the fat box means being inside the rounded box,
 *    which the capsule's boundary would have signalled first.)
 * 3. A centre already inside the fat box at t = 0 is classified the same way at t = 0.
 *
 * An edge along axis m at fixed coordinates (e_i, e_j) is, in the plane of the two other axes, a
 * circle of radius r about a point at rest: the 2D contact quadratic, solved by the exact circle
 * kernel {@link toiCirclesRaw} (within an ulp). A corner is a sphere of radius r about a point at
 * rest: {@link toiSpheresRaw}, exact to an ulp. A face time is ((lo - p) - r) / v with the
 * numerator kept exact (TwoSum) and the division corrected once, so it is within an ulp too.
 *
 * Signed distance inside: a centre inside the box itself (the sphere deeply overlapping) counts
 * as approaching when its depth below the nearest face grows, i.e. when its velocity points
 * inwards through every face at the least depth (the box's signed distance decreases), which
 * matches the plane's rule.
 */
import { SPLITTER } from "../math/double-double.js";
import { toiCirclesRaw } from "./toi-circle-circle.js";
import { toiSpheresRaw } from "./toi-sphere-sphere.js";
import { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX } from "./types.js";
import type { Box3, MovingSphere, WallHit3 } from "./types.js";
import { checkMovingSphere, checkTMax } from "./validate.js";
import { checkBox3, finishWallHit3, newWallHit3, offsetIO, offsetsFromPath } from "./geometry3.js";

/**
 * Scratch of the kernel. Inputs: centre 0..2, velocity 3..5, radius 6, box min 7..9, max 10..12,
 * tMax 13. Outputs: t (or Infinity) 14, feature 15, index 16.
 */
const io = new Float64Array(17);

/** Slightly more than 1: the conservative "maybe inside the cylinder" test below (it only triggers extra exact work). */
const INSIDE_SLACK = 1 + 2 ** -30;

/** Best candidate so far, written by {@link consider}. */
function consider(t: number, feature: number, index: number): void {
  const q = io;
  if (t < q[14]) {
    q[14] = t;
    q[15] = feature;
    q[16] = index;
  }
}

/** Box corner with side bits sx + 2 sy + 4 sz (0 min, 1 max) against the sphere. */
function corner(index: number): void {
  const q = io;
  const cx = index & 1 ? q[10] : q[7];
  const cy = index & 2 ? q[11] : q[8];
  const cz = index & 4 ? q[12] : q[9];
  const t = toiSpheresRaw(cx, cy, cz, 0, 0, 0, 0, q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[13]);
  consider(t, FEATURE_VERTEX, index);
}

/**
 * The capsule of the edge along axis m whose other two coordinates (axes i < j) sit at sides
 * si and sj (0 min, 1 max): the cylinder by the 2D circle kernel, then, when the cylinder contact
 * lies beyond an end of the edge (or the centre starts inside the infinite cylinder beyond an
 * end), that end's corner sphere. Returns a bit mask of the corners that need a sphere test.
 */
function edgeCapsule(m: number, si: number, sj: number): number {
  const q = io;
  const i = m === 0 ? 1 : 0;
  const j = m === 2 ? 1 : 2;
  const ei = si ? q[10 + i] : q[7 + i];
  const ej = sj ? q[10 + j] : q[7 + j];
  const pi = q[i], pj = q[j], pm = q[m];
  const vi = q[3 + i], vj = q[3 + j], vm = q[3 + m];
  const r = q[6];
  const lo = q[7 + m], hi = q[10 + m];
  // Corner index of this edge's two ends: side bits of i and j fixed, m's bit 0 (lo) or 1 (hi).
  const base = (si << i) | (sj << j);
  const t = toiCirclesRaw(ei, ej, 0, 0, 0, pi, pj, vi, vj, r, q[13]);
  let beyondHi: boolean;
  if (t !== Infinity) {
    // Where along the edge the centre is at t, as (p - lo) + t v and (p - hi) + t v against 0.
    const fromLo = pm - lo + t * vm;
    const fromHi = pm - hi + t * vm;
    // Strictly inside the edge; a foot exactly at an end is that corner's contact (same t).
    if (fromLo > 0 && fromHi < 0) {
      consider(t, FEATURE_EDGE, 4 * m + si + 2 * sj);
      return 0;
    }
    beyondHi = fromHi > 0;
  } else {
    // No contact with the infinite cylinder from outside it; only a start inside it (within
    // r of the edge's line) beyond an end can still meet that end's sphere. (di, dj carry one
    // relative rounding each; the slack covers it.)
    const di = pi - ei;
    const dj = pj - ej;
    const rs = r * INSIDE_SLACK;
    if (!(di * di + dj * dj <= rs * rs)) return 0;
    if (pm > lo && pm < hi) return 0;
    beyondHi = pm > hi;
  }
  return beyondHi ? 1 << (base | (1 << m)) : 1 << base;
}

/**
 * The time the sphere reaches face (axis k, side) of the fat box, to within an ulp: the
 * numerator (face - p) -+ r as an exact double-double (two TwoSums), divided with one correction
 * from the exact remainder (TwoProduct), as in math/contact-root.ts.
 */
function faceTime(k: number, side: number): number {
  const q = io;
  const p = q[k], v = q[3 + k], r = q[6];
  const face = side ? q[10 + k] : q[7 + k];
  const rr = side ? r : -r;
  let bb: number;
  let t: number;
  const s1 = face - p; bb = s1 - face; const e1 = face - (s1 - bb) + (-p - bb);
  const s2 = s1 + rr; bb = s2 - s1; const e2 = s1 - (s2 - bb) + (rr - bb);
  const low = e1 + e2;
  const nh = s2 + low; const nl = low - (nh - s2);
  const q0 = nh / v;
  t = SPLITTER * q0; const qH = t - (t - q0); const qL = q0 - qH;
  t = SPLITTER * v; const vH = t - (t - v); const vL = v - vH;
  const pv = q0 * v; const pve = qH * vH - pv + qH * vL + qL * vH + qL * vL;
  return q0 + (nh - pv - pve + nl) / v;
}

/** The kernel on {@link io}. */
function sphereBoxCore(): void {
  const q = io;
  const r = q[6];
  const tMax = q[13];
  q[14] = Infinity;
  q[15] = 0;
  q[16] = 0;
  // 1. Slabs of the fat box: entry through the face facing the motion on each moving axis.
  let tEnter = -Infinity;
  let tExit = Infinity;
  let axis = -1;
  let side = 0;
  let flat = false;
  for (let k = 0; k < 3; k++) {
    const p = q[k], v = q[3 + k], lo = q[7 + k], hi = q[10 + k];
    let a: number;
    let b: number;
    let bb: number;
    if (v > 0) {
      // ((lo - p) - r) / v with lo - p exact as s + e (TwoSum).
      const s = lo - p; bb = s - lo; const e = lo - (s - bb) + (-p - bb);
      a = (s - r + e) / v;
      b = (hi - p + r) / v;
      if (a > tEnter) { tEnter = a; axis = k; side = 0; }
    } else if (v < 0) {
      const s = hi - p; bb = s - hi; const e = hi - (s - bb) + (-p - bb);
      a = (s + r + e) / v;
      b = (lo - p - r) / v;
      if (a > tEnter) { tEnter = a; axis = k; side = 1; }
    } else {
      if (lo - p > r || p - hi > r) return;
      continue;
    }
    if (b < tExit) tExit = b;
    if (lo === hi && r === 0) flat = true;
  }
  if (axis < 0) return; // no motion: nothing approaches
  if (tEnter > tMax || tExit < 0 || tEnter > tExit) return;
  // A zero-length interval touches the fat box only along one of its edges (outside the rounded
  // box: a graze), unless a point crosses a box of zero thickness.
  if (tEnter === tExit && !flat) return;

  let corners = 0;
  if (tEnter >= 0) {
    // 2. Classify the entry point on the two other axes.
    let out = 0; // bit j: outside on axis j
    let sides = side << axis; // bit j: side (0 min, 1 max) on axis j
    for (let j = 0; j < 3; j++) {
      if (j === axis) continue;
      // Compared as (p - lo) + t v against 0, which depends on differences only.
      const pj = q[j], vj = q[3 + j];
      if (pj - q[7 + j] + tEnter * vj < 0) out |= 1 << j;
      else if (pj - q[10 + j] + tEnter * vj > 0) { out |= 1 << j; sides |= 1 << j; }
    }
    if (out === 0) {
      consider(tEnter === 0 ? 0 : faceTime(axis, side), FEATURE_INTERIOR, 2 * axis + side);
      return;
    }
    out |= 1 << axis;
    corners = capsules(out, sides);
  } else {
    // 3. The centre is inside the fat box at t = 0: classify it on all three axes.
    let out = 0;
    let sides = 0;
    for (let j = 0; j < 3; j++) {
      const pj = q[j];
      if (pj < q[7 + j]) out |= 1 << j;
      else if (pj > q[10 + j]) { out |= 1 << j; sides |= 1 << j; }
    }
    if (out === 0) {
      insideBox();
      return;
    }
    if (out === 1 || out === 2 || out === 4) {
      // A face region, overlapping or touching: approaching when moving towards the face.
      const k = out === 1 ? 0 : out === 2 ? 1 : 2;
      const s = (sides >> k) & 1;
      const v = q[3 + k];
      if (s ? v < 0 : v > 0) consider(0, FEATURE_INTERIOR, 2 * k + s);
      return;
    }
    corners = capsules(out, sides);
  }
  for (let c = 0; c < 8; c++) if (corners & (1 << c)) corner(c);
}

/**
 * The capsules of an edge region (two bits of `out`) or a corner region (three bits); `sides`
 * holds the side bit of each outside axis. Returns the corners to test.
 */
function capsules(out: number, sides: number): number {
  const sx = sides & 1, sy = (sides >> 1) & 1, sz = (sides >> 2) & 1;
  if (out === 7) return edgeCapsule(0, sy, sz) | edgeCapsule(1, sx, sz) | edgeCapsule(2, sx, sy);
  if (out === 6) return edgeCapsule(0, sy, sz); // outside on y and z: the edge along x
  if (out === 5) return edgeCapsule(1, sx, sz);
  return edgeCapsule(2, sx, sy);
}

/**
 * The centre is inside the closed box at t = 0: the sphere overlaps it. The box's signed
 * distance is the largest of the six face distances o_f (all <= 0); it decreases, i.e. the
 * sphere approaches, when the velocity points inwards through every face attaining it. The hit
 * is then at t = 0 on the first such face.
 */
function insideBox(): void {
  const q = io;
  let best = -Infinity;
  for (let f = 0; f < 6; f++) {
    const k = f >> 1;
    const o = f & 1 ? q[k] - q[10 + k] : q[7 + k] - q[k];
    if (o > best) best = o;
  }
  let face = -1;
  for (let f = 0; f < 6; f++) {
    const k = f >> 1;
    const o = f & 1 ? q[k] - q[10 + k] : q[7 + k] - q[k];
    if (o !== best) continue;
    const outwardRate = f & 1 ? q[3 + k] : -q[3 + k];
    if (!(outwardRate < 0)) return;
    if (face < 0) face = f;
  }
  consider(0, FEATURE_INTERIOR, face);
}

function load(x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
  minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, tMax: number): void {
  const q = io;
  q[0] = x; q[1] = y; q[2] = z; q[3] = vx; q[4] = vy; q[5] = vz; q[6] = r;
  q[7] = minX; q[8] = minY; q[9] = minZ; q[10] = maxX; q[11] = maxY; q[12] = maxZ; q[13] = tMax;
}

/**
 * Time of impact of a moving sphere with a solid box, from plain numbers, without argument
 * checks (finite inputs, r >= 0, min <= max, tMax >= 0). Same cases as
 * {@link timeOfImpactSphereBox}.
 */
export function toiSphereBoxRaw(
  x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
  minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, tMax: number,
): number {
  load(x, y, z, vx, vy, vz, r, minX, minY, minZ, maxX, maxY, maxZ, tMax);
  sphereBoxCore();
  return io[14];
}

/**
 * Like {@link sweepSphereBoxInto} from plain numbers, without argument checks: fills `out` and
 * returns true on a hit.
 */
export function sweepSphereBoxRaw(
  out: WallHit3,
  x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
  minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, tMax: number,
): boolean {
  load(x, y, z, vx, vy, vz, r, minX, minY, minZ, maxX, maxY, maxZ, tMax);
  sphereBoxCore();
  return writeHit(out);
}

/** Fills `out` from the kernel's result in {@link io} (inputs still loaded); false on a miss. */
function writeHit(out: WallHit3): boolean {
  const q = io;
  const t = q[14];
  if (t === Infinity) return false;
  const x = q[0], y = q[1], z = q[2], vx = q[3], vy = q[4], vz = q[5], r = q[6];
  const minX = q[7], minY = q[8], minZ = q[9], maxX = q[10], maxY = q[11], maxZ = q[12];
  const feature = q[15];
  const index = q[16];
  let nx = 0;
  let ny = 0;
  let nz = 0;
  if (feature === FEATURE_INTERIOR) {
    // Inward normal of face 2k + side: +1 on axis k for a min face, -1 for a max face.
    const k = index >> 1;
    const n = index & 1 ? -1 : 1;
    if (k === 0) nx = n;
    else if (k === 1) ny = n;
    else nz = n;
  } else {
    // From the centre at t to the corner, or to the edge's line in the two axes across the edge
    // (the axis along the edge dropped).
    const o = offsetIO;
    const m = feature === FEATURE_EDGE ? index >> 2 : -1;
    const sx = feature === FEATURE_EDGE ? (m === 0 ? 0 : index & 1) : index & 1;
    const sy = feature === FEATURE_EDGE ? (m === 0 ? index & 1 : m === 1 ? 0 : (index >> 1) & 1) : (index >> 1) & 1;
    const sz = feature === FEATURE_EDGE ? (m === 2 ? 0 : (index >> 1) & 1) : (index >> 2) & 1;
    o[0] = sx ? maxX : minX; o[1] = sy ? maxY : minY; o[2] = sz ? maxZ : minZ;
    o[3] = x; o[4] = y; o[5] = z; o[6] = vx; o[7] = vy; o[8] = vz; o[9] = t;
    offsetsFromPath();
    nx = m === 0 ? 0 : o[10];
    ny = m === 1 ? 0 : o[11];
    nz = m === 2 ? 0 : o[12];
  }
  out.t = t;
  out.px = x + t * vx;
  out.py = y + t * vy;
  out.pz = z + t * vz;
  out.nx = nx;
  out.ny = ny;
  out.nz = nz;
  if (feature === FEATURE_INTERIOR) {
    // A face: the normal is already a unit vector along an axis.
    out.px += r * nx;
    out.py += r * ny;
    out.pz += r * nz;
    out.feature = feature;
    out.index = index;
    return true;
  }
  return finishWallHit3(out, r, feature, index);
}

/**
 * Time of impact of a moving sphere with a solid axis-aligned box: the earliest t in [0, tMax]
 * at which the sphere (centre (x, y, z) + t (vx, vy, vz), radius r) touches the box while
 * approaching it. tMax defaults to 1.
 *
 * - Already overlapping (or touching) and approaching: 0. With the centre inside the box,
 *   "approaching" means moving deeper below the nearest face (see the file comment).
 * - Moving apart, or not moving: Infinity, even when overlapping.
 * - Tangent graze (sliding along a face at exactly distance r, skimming an edge's cylinder or a
 *   corner's sphere), a miss, or contact after tMax: Infinity.
 *
 * A sphere of radius 0 is a moving point (then a box of zero thickness is still hit when
 * crossed). Accuracy: within an ulp of the exact time for faces (exact numerator, corrected
 * division), edges and corners (the exact circle and sphere kernels) alike (measured: half an
 * ulp on 1400 random hits), except at the borders between features, where the answer is
 * continuous. Bit-for-bit invariant under exact translations, mirroring an axis and power-of-two
 * scalings. Throws a RangeError for non-finite fields, a negative radius, min > max on an
 * axis, or a negative or NaN tMax.
 */
export function timeOfImpactSphereBox(sphere: MovingSphere, box: Box3, tMax = 1): number {
  checkMovingSphere(sphere, "sphere");
  checkBox3(box, "box");
  checkTMax(tMax);
  const s = sphere;
  return toiSphereBoxRaw(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, box.minX, box.minY, box.minZ, box.maxX, box.maxY, box.maxZ, tMax);
}

/**
 * Like {@link sweepSphereBox}, without allocating: fills `out` and returns true on a hit, false
 * (leaving `out` untouched) otherwise.
 */
export function sweepSphereBoxInto(out: WallHit3, sphere: MovingSphere, box: Box3, tMax = 1): boolean {
  checkMovingSphere(sphere, "sphere");
  checkBox3(box, "box");
  checkTMax(tMax);
  const s = sphere;
  load(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, box.minX, box.minY, box.minZ, box.maxX, box.maxY, box.maxZ, tMax);
  sphereBoxCore();
  return writeHit(out);
}

/**
 * First contact of a moving sphere with a solid box: `{t, px, py, pz, nx, ny, nz, feature,
 * index}` or null, t as {@link timeOfImpactSphereBox} (same cases). n is the unit normal from
 * the sphere towards the box, the contact point the centre at t plus r n.
 *
 * - A face: FEATURE_INTERIOR, index 2 k + side (0 -x, 1 +x, 2 -y, 3 +y, 4 -z, 5 +z); n is the
 *   inward face normal.
 * - An edge: FEATURE_EDGE, index 4 k + s1 + 2 s2 for the edge along axis k whose two other
 *   coordinates (in increasing axis order) are at sides s1, s2 (0 min, 1 max); n is
 *   perpendicular to the edge, from the centre to the edge's line.
 * - A corner: FEATURE_VERTEX, index sx + 2 sy + 4 sz; n from the centre to the corner.
 */
export function sweepSphereBox(sphere: MovingSphere, box: Box3, tMax = 1): WallHit3 | null {
  const out = newWallHit3();
  return sweepSphereBoxInto(out, sphere, box, tMax) ? out : null;
}
